/**
 * The job queue (platform/jobs/queue.ts) on a real database, PGlite and PostgreSQL
 * (TEST_DATABASE_URL): a job sent in a transaction lives and dies with it;
 * a failing job is retried, then stays failed with its error until an admin
 * retries it; a recurring job keeps one run waiting however many processes
 * start; a stopping process hands the job it runs back to the queue.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/platform/context.js';
import { queryRows } from '../../../src/platform/db/client.js';
import { defineJob } from '../../../src/platform/define-job.js';
import type { JobDefinition } from '../../../src/platform/jobs/definition.js';
import { jobInsert } from '../../../src/platform/jobs/job-tables.js';
import { JobQueue } from '../../../src/platform/jobs/queue.js';
import { recurringJobPolicy } from '../../../src/platform/jobs/recurring.js';
import { until } from '../../fixtures/until.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const queues: JobQueue[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop(1000)));
});
afterAll(async () => {
  await t.close();
});

/** A queue of its own on the test app's database, working on `definitions`. */
async function startQueue(definitions: JobDefinition[], ctx: AppContext = t.ctx) {
  const queue = new JobQueue({
    target: ctx.database.queueTarget,
    config: ctx.config,
    log: ctx.log,
  });
  queues.push(queue);
  const jobsContext: AppContext = { ...ctx, jobs: queue };
  await queue.start(jobsContext, definitions);
  return queue;
}

const standard = () => ({
  policy: 'standard' as const,
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 60,
});

async function jobStates(name: string): Promise<string[]> {
  const rows = await queryRows<{ state: string }>(
    t.ctx.db,
    sql`select state from pgboss.job where name = ${name} order by created_on`,
  );
  return rows.map((row) => row.state);
}

describe('the job queue', () => {
  it('keeps a job sent in a transaction exactly when the transaction commits', async () => {
    const seen: string[] = [];
    const echo = defineJob<{ word: string }>({
      name: 'test-echo',
      queue: standard,
      run: async (_ctx, { word }) => {
        seen.push(word);
      },
    });
    const queue = await startQueue([echo]);
    await t.ctx.db.transaction(async (tx) => {
      await queue.send(tx, { name: 'test-echo', data: { word: 'committed' } });
    });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await queue.send(tx, { name: 'test-echo', data: { word: 'rolled back' } });
        throw new Error('the change fails after its job was sent');
      }),
    ).rejects.toThrow('the change fails');
    await queue.drain(['test-echo']);
    expect(seen).toEqual(['committed']);
    expect(await jobStates('test-echo')).toEqual(['completed']);
  });

  it('writes with jobInsert, inside another statement, the row its send writes, and runs it', async () => {
    const seen: string[] = [];
    const echo = defineJob<{ word: string }>({
      name: 'test-insert',
      queue: () => ({ ...standard(), retryBackoff: true, retryDelaySeconds: 0 }),
      run: async (_ctx, { word }) => {
        seen.push(word);
      },
    });
    const queue = await startQueue([echo]);
    await queue.send(t.ctx.db, { name: 'test-insert', data: { word: 'sent' } });
    await queryRows(
      t.ctx.db,
      sql`with inserted as (${jobInsert('test-insert', { word: 'inserted' }, sql`true`)})
          select id from inserted`,
    );
    await queryRows(
      t.ctx.db,
      sql`with inserted as (${jobInsert('test-insert', { word: 'not inserted' }, sql`false`)})
          select id from inserted`,
    );
    const rows = await queryRows<Record<string, unknown>>(
      t.ctx.db,
      sql`select data->>'word' as word, priority, state, retry_limit, retry_delay, retry_backoff,
            expire_in::text as expire_in, singleton_key, dead_letter, policy,
            round(extract(epoch from keep_until - start_after) / 60) as kept_minutes,
            start_after <= now() as due
          from pgboss.job where name = 'test-insert' order by created_on`,
    );
    expect(rows.map((row) => row.word)).toEqual(['sent', 'inserted']);
    const [sent, inserted] = rows.map(({ word: _word, ...row }) => row);
    expect(inserted).toEqual(sent);
    await queue.drain(['test-insert']);
    expect(seen.sort()).toEqual(['inserted', 'sent']);
  });

  it('retries a failing job, keeps it failed with its error, and runs it again when retried', async () => {
    let failing = true;
    let attempts = 0;
    const flaky = defineJob({
      name: 'test-flaky',
      queue: standard,
      run: async () => {
        attempts += 1;
        if (failing) throw new Error('SMTP 421 service not available');
      },
    });
    const queue = await startQueue([flaky]);
    await queue.send(t.ctx.db, { name: 'test-flaky', data: {} });
    // The first attempt and two retries, a second apart.
    await until(async () => (await jobStates('test-flaky'))[0] === 'failed', 15_000);
    expect(attempts).toBe(3);
    const [failed] = (await queue.failed(t.ctx.db)).filter((job) => job.queue === 'test-flaky');
    expect(failed).toMatchObject({ error: 'SMTP 421 service not available', attempts: 3 });
    expect((await queue.counts(t.ctx.db)).find((row) => row.name === 'test-flaky')).toMatchObject({
      failed: 1,
      waiting: 0,
    });

    failing = false;
    expect(await queue.retry(t.ctx.db, 'test-flaky', [failed?.id ?? ''])).toBe(1);
    await queue.drain(['test-flaky']);
    expect(await jobStates('test-flaky')).toEqual(['completed']);
    expect(await queue.failed(t.ctx.db)).toEqual([]);
    // Nothing failed is left to retry.
    expect(await queue.retry(t.ctx.db, 'test-flaky')).toBe(0);
  });

  it('keeps one run of a recurring job waiting however many processes start it', async () => {
    let runs = 0;
    const tick = defineJob({
      name: 'test-tick',
      queue: recurringJobPolicy,
      everySeconds: () => 1,
      run: async () => {
        runs += 1;
      },
    });
    // Two processes (two queues on one database) start the same recurring job.
    await startQueue([tick]);
    await startQueue([tick]);
    expect(await jobStates('test-tick')).toEqual(['created']);
    await until(async () => runs >= 3, 15_000);
    // Each run queued the next one: never more than one waiting.
    const states = await jobStates('test-tick');
    expect(states.filter((state) => state === 'created').length).toBeLessThanOrEqual(1);
    expect(states.filter((state) => state === 'active').length).toBeLessThanOrEqual(1);
  });

  it('hands a job back when its process stops before the job ends, and another process finishes it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const done: string[] = [];
    let first = true;
    const slow = defineJob({
      name: 'test-slow',
      queue: () => ({ ...standard(), retryLimit: 3 }),
      run: async (_ctx, _data, job) => {
        if (first) {
          first = false;
          await held;
          throw new Error('interrupted');
        }
        done.push(job.id);
      },
    });
    const stopping = await startQueue([slow]);
    const id = await stopping.send(t.ctx.db, { name: 'test-slow', data: {} });
    await until(async () => (await jobStates('test-slow'))[0] === 'active', 10_000);
    // The process stops: its job does not end within the wait and goes back to the queue.
    const stopped = stopping.stop(1000);
    await stopped;
    release();
    expect(await jobStates('test-slow')).toEqual(['retry']);
    const other = await startQueue([slow]);
    await until(async () => done.length === 1, 15_000);
    expect(done).toEqual([id]);
    await other.drain(['test-slow']);
    expect(await jobStates('test-slow')).toEqual(['completed']);
  });
  it('records the end of a job that ends as its process stops before the stop returns', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const ending = defineJob({
      name: 'test-ending',
      queue: standard,
      run: () => held,
    });
    const queue = await startQueue([ending]);
    await queue.send(t.ctx.db, { name: 'test-ending', data: {} });
    await until(async () => (await jobStates('test-ending'))[0] === 'active', 10_000);
    const stopped = queue.stop(5000).then(() => Date.now());
    // The job ends while the stop waits for it, and its row is locked a while: pg-boss records
    // the end without waiting, and a database closed right after the stop would lose it.
    let unlockedAt = 0;
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from pgboss.job where name = 'test-ending' for update`);
      release();
      await sleep(400);
      unlockedAt = Date.now();
    });
    expect(await stopped).toBeGreaterThanOrEqual(unlockedAt);
    expect(await jobStates('test-ending')).toEqual(['completed']);
  });
  it('retries the failed runs of a recurring job as one run (its queue holds one waiting)', async () => {
    let failing = true;
    let runs = 0;
    const nightly = defineJob({
      name: 'test-nightly',
      queue: recurringJobPolicy,
      run: async () => {
        runs += 1;
        if (failing) throw new Error('geocoder unavailable');
      },
    });
    const queue = await startQueue([nightly]);
    // Two runs fail one after the other (a recurring job is not retried: both stay failed).
    for (let i = 0; i < 2; i += 1) {
      await queue.send(t.ctx.db, { name: 'test-nightly', data: {} });
      await queue.drain(['test-nightly']);
    }
    expect(await jobStates('test-nightly')).toEqual(['failed', 'failed']);

    // All of them: the newest runs again, the older one waits for its turn.
    failing = false;
    expect(await queue.retry(t.ctx.db, 'test-nightly')).toBe(1);
    // One of them while the other waits: nothing to put back yet.
    const [older] = (await queue.failed(t.ctx.db)).filter((job) => job.queue === 'test-nightly');
    expect(await queue.retry(t.ctx.db, 'test-nightly', [older?.id ?? ''])).toBe(0);
    await queue.drain(['test-nightly']);
    expect(runs).toBe(3);
    expect(await queue.retry(t.ctx.db, 'test-nightly', [older?.id ?? ''])).toBe(1);
    await queue.drain(['test-nightly']);
    expect(await jobStates('test-nightly')).toEqual(['completed', 'completed']);
  });

  it('wakes the further workers of a queue when its first finds a job: a burst runs at once', async () => {
    const running = new Set<number>();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = defineJob<{ n: number }>({
      name: 'test-burst',
      queue: standard,
      concurrency: 2,
      run: async (_ctx, { n }) => {
        running.add(n);
        await released;
      },
    });
    const queue = await startQueue([slow]);
    await queue.send(t.ctx.db, { name: 'test-burst', data: { n: 1 } });
    await queue.send(t.ctx.db, { name: 'test-burst', data: { n: 2 } });
    // The second worker looks by itself only every 5 s; woken, it takes the second job now.
    await until(async () => running.size === 2, 3000, 50);
    release();
    await queue.drain(['test-burst']);
    expect(await jobStates('test-burst')).toEqual(['completed', 'completed']);
  });

  it('runs a backlog one job after another, without waiting its interval between them', async () => {
    const done: number[] = [];
    const backlog = defineJob<{ n: number }>({
      name: 'test-backlog',
      queue: standard,
      // A look every 30 s: a worker that waited its interval after each job
      // would run one of the six below in the time allowed.
      pollSeconds: 30,
      run: async (_ctx, { n }) => {
        done.push(n);
      },
    });
    // Six jobs wait for a process that starts (a backlog left by a burst, or by a stop).
    const before = await startQueue([backlog]);
    for (let n = 1; n <= 6; n += 1)
      await before.send(t.ctx.db, { name: 'test-backlog', data: { n } });
    await before.stop(1000);
    queues.splice(queues.indexOf(before), 1);
    await startQueue([backlog]);
    await until(async () => done.length === 6, 10_000, 50);
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await jobStates('test-backlog')).toEqual(Array(6).fill('completed'));
  });
});

/**
 * What an idle queue costs: each look for a job is a statement, on the
 * embedded database a turn of the server's own thread. Counted on PGlite,
 * whose client the queue is handed (on PostgreSQL it opens a pool of its own).
 */
describe.runIf(process.env.TEST_DATABASE_URL === undefined)('an idle job queue', () => {
  it('looks for jobs once per interval, not once per worker', async () => {
    const target = t.ctx.database.queueTarget;
    if (target.kind !== 'pglite') throw new Error('the embedded database was expected');
    let looks = 0;
    const client = target.client;
    const counting = new Proxy(client, {
      get(of, property) {
        if (property === 'query')
          return (text: string, values?: unknown[]) => {
            if (text.includes('SKIP LOCKED') && values?.[0] === 'test-idle') looks += 1;
            return of.query(text, values);
          };
        const value: unknown = Reflect.get(of, property);
        return typeof value === 'function' ? (value as () => unknown).bind(of) : value;
      },
    });
    const idle = defineJob({
      name: 'test-idle',
      queue: standard,
      concurrency: 3,
      run: async () => undefined,
    });
    const queue = new JobQueue({
      target: { kind: 'pglite', client: counting },
      config: t.ctx.config,
      log: t.ctx.log,
    });
    queues.push(queue);
    const jobsContext: AppContext = { ...t.ctx, jobs: queue };
    await queue.start(jobsContext, [idle]);
    await sleep(500);
    looks = 0;
    await sleep(3000);
    // The first worker looks every second; the two others only every 5 s, or when woken.
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(looks).toBeLessThanOrEqual(4);
  });
});
