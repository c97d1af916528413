/**
 * The background work of a server process, in one place: started when the
 * app is ready and stopped when it closes (tests close their app, `main.ts`
 * closes it on SIGTERM). Each job does its work once across several
 * processes: the campaign scheduler and the retention under an advisory lock,
 * the weekly mail by claiming its week in one conditional upsert, draws by
 * their row unique per campaign, location imports by claiming rows
 * (docs/operations.md). The periodic ones run a few seconds after start and
 * then every interval (repeat.ts), so an hourly one runs also in a process
 * restarted more often than hourly; stopping one waits for its run under way.
 * A scheduler interval of 0 (the tests' setting) leaves the periodic ones off.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { startScheduler } from './modules/campaigns/lifecycle.js';
import { startValidationRefresh } from './modules/campaigns/validation-refresh.js';
import { startDrawScheduler } from './modules/draws/service.js';
import { startFolding } from './modules/ingest/fold.js';
import { startRetention } from './modules/ingest/privacy.js';
import { resumeImportJobs, startImportResumption } from './modules/locations/import-worker.js';
import { startWeeklyStatistics } from './modules/notifications/service.js';

type Stop = () => void | Promise<void>;

export function registerBackgroundJobs(app: FastifyInstance, ctx: AppContext): void {
  const running: Stop[] = [];
  app.addHook('onReady', async () => {
    // Uploads whose geocoding a stopped process left unfinished go on, also
    // with the scheduler off (the resumption's first run a few seconds later
    // leaves the jobs this one started to them: one worker per job and app).
    await resumeImportJobs(ctx);
    // Statistics a stopped process appended but did not fold yet are counted now.
    running.push(await startFolding(ctx));
    running.push(
      startValidationRefresh(ctx),
      startScheduler(ctx),
      startDrawScheduler(ctx),
      startRetention(ctx),
      startWeeklyStatistics(ctx),
      startImportResumption(ctx),
    );
  });
  app.addHook('onClose', async () => {
    await Promise.all(running.splice(0).map((stop) => stop()));
  });
}
