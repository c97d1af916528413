/**
 * Demo activity for `npm start`: the demo merchants dressed as businesses
 * (logo, profile, internal name) and campaigns of every type and status for
 * three of them, with their pictures and a status history made by their own
 * demo users and the admin who reviewed them, and months of participations
 * and views sent through the real ingest service (so counters and rollups
 * are what the product would have), then the draws of ended sweepstakes.
 * Created once; reproducible (a seeded pseudo-random sequence, not for
 * anything secret).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { CAMPAIGN_STEPS, dayIn, normalisePhone, type TContact } from '@backoffice/domain';
import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs/definition.js';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  campaigns,
  campaignStatusHistory,
  merchants,
  systemSettings,
  users,
} from '../../platform/db/schema.js';
import { newImageKey } from '../../platform/files/storage.js';
import { validationColumns } from '../../modules/campaigns/index.js';
import { runDueDraws } from '../../modules/draws/index.js';
import { foldPending, ingestEvents, stopFolding } from '../../modules/ingest/index.js';
import { DEMO_MERCHANTS, DEMO_USERS } from './demo-data.js';
import {
  campaignPictureSvg,
  merchantLogoSvg,
  pictureTextSizes,
  renderJpeg,
} from './demo-pictures.js';
import { BUSINESSES } from './demo-businesses.js';
import { MERCHANTS_WITH_CAMPAIGNS, planCampaigns, type PlannedCampaign } from './demo-plan.js';
import { eventsOf, generator, people, type Person } from './demo-audience.js';
import { contentFor, timeline, type HistoryEntry } from './demo-campaign-content.js';

const SEEDED_KEY = 'demo_activity_seeded_at';

/** Logo, profile and internal name of every demo merchant. */
async function dressMerchants(ctx: AppContext, rows: { id: string; name: string }[]) {
  for (const merchant of DEMO_MERCHANTS) {
    const row = rows.find((candidate) => candidate.name === merchant.name);
    const business = BUSINESSES[merchant.key];
    if (!row || !business) continue;
    const imagePath = newImageKey('merchants', row.id, 'jpg');
    await ctx.files.put(imagePath, await renderJpeg(merchantLogoSvg(business.logo)));
    const telephone = normalisePhone(business.telephone);
    const contacts: TContact[] = business.withContact
      ? [
          { type: 'phone', value: telephone },
          { type: 'email', value: business.email },
        ]
      : [];
    await ctx.db
      .update(merchants)
      .set({
        internalName: business.internalName,
        description: business.description,
        telephone,
        email: business.email,
        website: business.website,
        contacts,
        imagePath,
      })
      .where(eq(merchants.id, row.id));
  }
}

async function insertCampaign(
  db: DbOrTx,
  values: typeof campaigns.$inferInsert,
  history: HistoryEntry[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(campaigns).values(values);
    await tx.insert(campaignStatusHistory).values(
      history.map((entry) => ({
        campaignId: values.id ?? '',
        fromStatus: entry.from,
        toStatus: entry.to,
        userId: entry.userId,
        reason: entry.reason,
        createdAt: entry.at,
      })),
    );
  });
}

/**
 * Creates the demo activity unless it exists. Returns true when it created it.
 * `jobs` are the application's jobs (background-jobs.ts), whose queues it prepares.
 */
export async function seedDemoActivity(
  ctx: AppContext,
  jobs: readonly JobDefinition[],
  now = new Date(),
): Promise<boolean> {
  const [seeded] = await ctx.db
    .select()
    .from(systemSettings)
    .where(eq(systemSettings.key, SEEDED_KEY));
  if (seeded) return false;
  const timeZone = ctx.config.web.timeZone;
  const year = Number(dayIn(now, timeZone).slice(0, 4));
  const random = generator(20_261_123);
  const merchantRows = await ctx.db
    .select({ id: merchants.id, name: merchants.name, brandName: merchants.brandName })
    .from(merchants)
    .where(
      inArray(
        merchants.name,
        DEMO_MERCHANTS.map((merchant) => merchant.name),
      ),
    );
  await dressMerchants(ctx, merchantRows);

  const userRows = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((user) => user.email),
      ),
    );
  const userId = (email: string) => userRows.find((row) => row.email === email)?.id ?? null;
  const adminId = userId('admin@example.com');

  const audiences = new Map<string, Person[]>();
  const running: { planned: PlannedCampaign; id: string; audience: Person[] }[] = [];
  for (const planned of planCampaigns(now, timeZone)) {
    const merchant = merchantRows.find((row) => row.brandName === planned.merchant);
    if (!merchant || !MERCHANTS_WITH_CAMPAIGNS.includes(planned.merchant)) continue;
    const id = randomUUID();
    const imagePath = newImageKey('campaigns', id, 'jpg');
    await ctx.files.put(
      imagePath,
      await renderJpeg(
        campaignPictureSvg(planned.picture, await pictureTextSizes(planned.picture)),
      ),
    );
    const columns = {
      type: planned.type,
      title: { de: planned.theme.title },
      content: contentFor(planned),
      validFrom: planned.runtime.from,
      validUntil: planned.runtime.until,
      imagePath,
    };
    const editorId = userId(planned.editor);
    const { createdAt, modifiedAt, history } = timeline(planned, {
      now,
      timeZone,
      people: { editorId, adminId },
      random,
    });
    await insertCampaign(
      ctx.db,
      {
        ...columns,
        ...validationColumns(columns),
        id,
        merchantId: merchant.id,
        status: planned.status,
        imageExtension: 'jpg',
        stepsSaved: Object.fromEntries(CAMPAIGN_STEPS.map((step) => [step, true])),
        editorId,
        createdAt,
        modifiedAt,
      },
      history,
    );
    if (planned.status === 'active' || planned.status === 'ended') {
      let audience = audiences.get(merchant.id);
      if (!audience) {
        audience = people(merchant.id.slice(0, 8), year, random);
        audiences.set(merchant.id, audience);
      }
      running.push({ planned, id, audience });
    }
  }

  for (const { planned, id, audience } of running) {
    const events = eventsOf(planned, { campaignId: id, audience, now, timeZone, random });
    for (let start = 0; start < events.length; start += 500) {
      const { rejected } = await ingestEvents(
        { db: ctx.db, log: ctx.log, web: ctx.config.web, stats: ctx.config.stats },
        events.slice(start, start + 500),
      );
      // The demo keeps ingest's rules; a refused event is a mistake of the demo, not noise.
      if (rejected.length > 0) {
        throw new Error(`demo events refused by ingest: ${JSON.stringify(rejected.slice(0, 3))}`);
      }
    }
  }
  await foldPending(ctx.db);
  // Everything is counted: the fold each batch asked for would find the database closed.
  await stopFolding(ctx.db);
  // The draws mail the merchants about their winners: the job queue's tables must exist,
  // which at a first start they do not yet (the workers start after this).
  await ctx.jobs.prepare(jobs);
  await runDueDraws(
    {
      db: ctx.db,
      jobs: ctx.jobs,
      log: ctx.log,
      web: ctx.config.web,
      drawDelayMinutes: ctx.config.campaigns.drawDelayMinutes,
    },
    now,
  );
  await ctx.db.insert(systemSettings).values({ key: SEEDED_KEY, value: now.toISOString() });
  return true;
}
