// Liveness under an ingest burst (npm run bench --
// ingest-burst): six batches of 1,000 participations sent at once, several
// bursts in a row, while GET /health is polled every 20 ms on a connection of
// its own, as a load balancer does; prints /health p50, p99 and max during
// the bursts and the batches' times. On PGlite, and on PostgreSQL when one
// answers (BENCH_DATABASE_URL, as the other parts).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  generate,
  onFreshPostgres,
  percentile,
  signIn,
  startBenchServer,
} from './bench-helpers.mjs';

const BATCHES = 6;
const BATCH_SIZE = 1000;
const BURSTS = Number(process.env.BENCH_BURSTS ?? 5);
const POLL_EVERY_MS = 20;

/** One batch of participations of new people, a profile each, within the last hour. */
function batchBody(campaigns) {
  const events = Array.from({ length: BATCH_SIZE }, (_, i) => ({
    id: randomUUID(),
    type: 'participation',
    campaign: campaigns[i % campaigns.length],
    participant: `burst-${randomUUID()}`,
    occurred_at: new Date(Date.now() - Math.random() * 3600_000).toISOString(),
    profile: { gender: 'female', birth_year: 1990, kids: [{ gender: 'male', birth_year: 2020 }] },
  }));
  return JSON.stringify({ events });
}

/** GET /health every POLL_EVERY_MS on one kept-alive connection until stopped: the answers' times. */
function pollHealth(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  let running = true;
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      request(`${url}/health`, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`/health ${response.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      })
        .on('error', reject)
        .end();
    });
  const loop = (async () => {
    while (running) {
      await once();
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return latencies;
    },
  };
}

async function measure(kind, env) {
  generate(env, ['--merchants', '10', '--campaigns', '200']);
  const server = await startBenchServer(env);
  const { url } = server;
  try {
    const admin = await signIn(url, 'admin@load.test');
    const auth = { authorization: `Bearer ${admin.token}` };
    const { secret } = await (
      await fetch(`${url}/api/admin/api-keys`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench ingest burst' }),
      })
    ).json();
    // Events are taken for published campaigns: approved, active or ended.
    const campaigns = [];
    for (const status of ['active', 'ended', 'approved']) {
      const list = await (
        await fetch(`${url}/api/campaigns?filter_status=${status}`, { headers: auth })
      ).json();
      campaigns.push(...list.rows.map((row) => row.uuid));
    }
    if (campaigns.length === 0) throw new Error('no published campaign to send events for');

    const health = [];
    const batchTimes = [];
    for (let burst = 0; burst < BURSTS; burst += 1) {
      // The bodies are made before the polls start, not while they are timed.
      const bodies = Array.from({ length: BATCHES }, () => batchBody(campaigns));
      const poller = pollHealth(url);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.all(
        bodies.map(async (body) => {
          const started = performance.now();
          const response = await fetch(`${url}/api/ingest/events`, {
            method: 'POST',
            headers: { 'x-api-key': secret, 'content-type': 'application/json' },
            body,
          });
          const result = await response.json();
          if (!response.ok || result.accepted !== BATCH_SIZE) {
            throw new Error(
              `ingest answered ${response.status}: ${JSON.stringify(result).slice(0, 200)}`,
            );
          }
          batchTimes.push(performance.now() - started);
        }),
      );
      health.push(...(await poller.stop()));
    }
    health.sort((a, b) => a - b);
    batchTimes.sort((a, b) => a - b);
    const ms = (value) => `${value.toFixed(0)} ms`;
    console.log(
      `ingest burst, ${kind}: ${BURSTS} bursts of ${BATCHES} × ${BATCH_SIZE} participations at once; ` +
        `/health (every ${POLL_EVERY_MS} ms, ${health.length} polls) p50 ${ms(percentile(health, 50))}, ` +
        `p99 ${ms(percentile(health, 99))}, max ${ms(health.at(-1))} (target max < 500 ms); ` +
        `batch p50 ${ms(percentile(batchTimes, 50))}, max ${ms(batchTimes.at(-1))}`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchIngestBurst() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-burst-'));
  try {
    await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  await onFreshPostgres('ingest burst', (env) => measure('PostgreSQL', env));
}
