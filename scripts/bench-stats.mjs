// Dashboard and statistics at scale: latency of GET dashboard, stats and
// stats/campaigns with 10 concurrent clients, and ingest throughput (batches
// of 500 events, 4 concurrent senders), on PGlite (1 million participations)
// and PostgreSQL (10 million), and one small business's dashboard and chart
// on PGlite (1 million participations of one merchant). Used by bench.mjs
// (npm run bench -- stats).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  closedLoop,
  generate,
  onFreshPostgres,
  percentile,
  signIn,
  startBenchServer,
} from './bench-helpers.mjs';

const MERCHANTS = Number(process.env.BENCH_STATS_MERCHANTS ?? 1000);
const CAMPAIGNS = Number(process.env.BENCH_STATS_CAMPAIGNS ?? 100_000);
const CLIENTS = 10;
const REQUESTS = 300;
const WARMUP = 30;
const SENDERS = 4;
const BATCH = 500;
const INGEST_BATCHES = Number(process.env.BENCH_INGEST_BATCHES ?? 200);
const PARTICIPATIONS = {
  PGlite: Number(process.env.BENCH_STATS_PGLITE ?? 1_000_000),
  PostgreSQL: Number(process.env.BENCH_STATS_POSTGRES ?? 10_000_000),
};

const fmt = (sorted) =>
  `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;

async function get(url, token, pathAndQuery) {
  const response = await fetch(`${url}/api${pathAndQuery}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`GET ${pathAndQuery} answered ${response.status}`);
  return body;
}

/** Dashboard, statistics and ingest on a server over `env`'s database (generated first unless env.KEEP). */
export async function measureStats(kind, env, settle = async () => {}) {
  const participations = PARTICIPATIONS[kind];
  const started = performance.now();
  if (!env.KEEP)
    generate(env, [
      '--merchants',
      String(MERCHANTS),
      '--campaigns',
      String(CAMPAIGNS),
      '--participations',
      String(participations),
    ]);
  delete env.KEEP;
  const loadSeconds = (performance.now() - started) / 1000;
  await settle();
  const server = await startBenchServer(env);
  const { url } = server;
  try {
    const owners = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(url, `owner-${i + 1}@load.test`)),
    );
    const admin = await signIn(url, 'admin@load.test');
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 24 * 3600_000).toISOString().slice(0, 10);
    // Each client acts for one of 20 merchants, as many merchants' staff do.
    const merchantOf = (i) => owners[i % owners.length];
    const idOf = (owner) => owner.init.merchantinfo.merchants[0].uuid;
    const campaignsOf = await Promise.all(
      owners.map(async (owner) => {
        const list = await get(
          url,
          owner.token,
          `/merchants/${idOf(owner)}/stats/campaigns?timerange=month&count=12&start=${yearAgo}`,
        );
        return list.campaigns.slice(0, 3).map((campaign) => campaign.id);
      }),
    );
    const cases = [
      ['dashboard', (o) => `/merchants/${idOf(o)}/dashboard`],
      [
        'stats month×12',
        (o) => `/merchants/${idOf(o)}/stats?timerange=month&count=12&start=${yearAgo}`,
      ],
      [
        'stats week×30, distinct',
        (o) =>
          `/merchants/${idOf(o)}/stats?timerange=week&count=30&start=${yearAgo}&distinct=participations`,
      ],
      ['stats year×3', (o) => `/merchants/${idOf(o)}/stats?timerange=year&count=3&start=${today}`],
      [
        'stats 3 campaigns',
        (o, i) =>
          `/merchants/${idOf(o)}/stats?timerange=month&count=12&start=${yearAgo}&campaigns=${campaignsOf[i % owners.length].join(',')}`,
      ],
      [
        'stats/campaigns',
        (o) => `/merchants/${idOf(o)}/stats/campaigns?timerange=month&count=12&start=${yearAgo}`,
      ],
    ];
    console.log(
      `statistics, ${kind}, ${CAMPAIGNS} campaigns, about ${participations} participations (loaded in ${loadSeconds.toFixed(0)} s), ${CLIENTS} clients`,
    );
    const byKind = { dashboard: [], stats: [] };
    // BENCH_STATS_INGEST_ONLY=1 measures the ingest alone (to compare builds' ingest).
    for (const [name, pathOf] of process.env.BENCH_STATS_INGEST_ONLY === '1' ? [] : cases) {
      const latencies = await closedLoop(
        (i) => get(url, merchantOf(i).token, pathOf(merchantOf(i), i)),
        { clients: CLIENTS, requests: REQUESTS, unrecorded: WARMUP },
      );
      (name === 'dashboard' ? byKind.dashboard : byKind.stats).push(...latencies);
      console.log(`  ${name.padEnd(26)} ${fmt(latencies)}`);
    }
    if (byKind.dashboard.length > 0) {
      console.log(
        `  dashboard overall            ${fmt(byKind.dashboard.sort((a, b) => a - b))} (target p99 <= 100 ms on PostgreSQL)`,
      );
      console.log(
        `  stats overall                ${fmt(byKind.stats.sort((a, b) => a - b))} (target p99 <= 150 ms on PostgreSQL)`,
      );
    }

    // Ingest: participations and views over random running campaigns and people.
    const keyResponse = await fetch(`${url}/api/admin/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { secret } = await keyResponse.json();
    // Events are taken for published campaigns only: each merchant's active ones.
    const targets = (
      await Promise.all(
        owners.map(async (owner) => {
          const list = await get(
            url,
            owner.token,
            `/campaigns?exact_merchant=${idOf(owner)}&filter_status=active`,
          );
          return list.rows.slice(0, 3).map((row) => row.uuid);
        }),
      )
    ).flat();
    // Live: events as the consumer app reports them, within the hour they
    // happened; backfill: a month's events sent late, spread over 30 days
    // (more campaign-days per batch, inserts all over the events' key).
    for (const [label, spreadMs, target] of [
      ['live (last hour)', 3600_000, ' (target >= 20,000/s on PostgreSQL)'],
      ['backfill (30 days)', 30 * 24 * 3600_000, ''],
    ]) {
      const batchOf = () =>
        Array.from({ length: BATCH }, (_, i) => ({
          id: randomUUID(),
          type: i % 2 === 0 ? 'participation' : 'view_list',
          campaign: targets[Math.floor(Math.random() * targets.length)],
          participant: `bench-${Math.floor(Math.random() * 200_000)}`,
          occurred_at: new Date(Date.now() - Math.random() * spreadMs).toISOString(),
        }));
      const ingestStarted = performance.now();
      const batchLatencies = await closedLoop(
        async () => {
          const response = await fetch(`${url}/api/ingest/events`, {
            method: 'POST',
            headers: { 'x-api-key': secret, 'content-type': 'application/json' },
            body: JSON.stringify({ events: batchOf() }),
          });
          const result = await response.json();
          if (!response.ok || result.accepted !== BATCH) {
            throw new Error(
              `ingest answered ${response.status}: ${JSON.stringify(result).slice(0, 200)}`,
            );
          }
        },
        { clients: SENDERS, requests: INGEST_BATCHES },
      );
      const seconds = (performance.now() - ingestStarted) / 1000;
      console.log(
        `  ingest, ${label.padEnd(18)} ${Math.round((INGEST_BATCHES * BATCH) / seconds)} events/s (${INGEST_BATCHES} batches of ${BATCH}, ${SENDERS} senders; batch ${fmt(batchLatencies)})${target}`,
      );
    }
  } finally {
    await server.stop();
  }
}

/**
 * The embedded default at a small business's size: one merchant with 60
 * campaigns and 1 million participations on PGlite; its owner's dashboard
 * and default chart (12 months), by one client and by 10 at once.
 * BENCH_STATS_SMALL_DATA_DIR names a data folder generated before (the
 * same sizes and `--password load`).
 */
async function measureSmallBusiness() {
  const participations = PARTICIPATIONS.PGlite;
  const kept = process.env.BENCH_STATS_SMALL_DATA_DIR;
  const dataDir = kept ?? (await mkdtemp(path.join(tmpdir(), 'bench-small-')));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const started = performance.now();
    if (!kept) {
      generate(env, [
        '--merchants',
        '1',
        '--campaigns',
        '60',
        '--participations',
        String(participations),
      ]);
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const server = await startBenchServer(env);
    try {
      const owner = await signIn(server.url, 'owner-1@load.test');
      const merchant = owner.init.merchantinfo.merchants[0].uuid;
      const yearAgo = new Date(Date.now() - 365 * 24 * 3600_000).toISOString().slice(0, 10);
      console.log(
        `the embedded database at a small business's size: one merchant, 60 campaigns, about ${participations} participations (loaded in ${loadSeconds.toFixed(0)} s)`,
      );
      const cases = [
        ['dashboard', `/merchants/${merchant}/dashboard`],
        [
          'chart (12 months)',
          `/merchants/${merchant}/stats?timerange=month&count=12&start=${yearAgo}`,
        ],
      ];
      for (const [clients, target] of [
        [1, 150],
        [CLIENTS, 500],
      ]) {
        for (const [name, pathAndQuery] of cases) {
          const latencies = await closedLoop(() => get(server.url, owner.token, pathAndQuery), {
            clients,
            requests: REQUESTS,
            unrecorded: WARMUP,
          });
          console.log(
            `  ${name.padEnd(18)} ${String(clients).padStart(2)} client${clients === 1 ? ' ' : 's'} ${fmt(latencies)} (target p99 <= ${target} ms)`,
          );
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    if (!kept) await rm(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_STATS_BACKENDS=pglite,postgres,small (the default) chooses the databases. */
const backends = (process.env.BENCH_STATS_BACKENDS ?? 'pglite,postgres,small').split(',');

export async function benchStats() {
  // A database filled before (`generate-cli.js` with the same sizes and
  // `--password load`) saves the hour that 10 million participations take.
  const kept = process.env.BENCH_STATS_DATABASE_URL;
  if (kept) {
    await measureStats('PostgreSQL', { DATABASE_URL: kept, KEEP: '1' });
    return;
  }
  if (backends.includes('pglite')) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-stats-'));
    try {
      await measureStats('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (backends.includes('small')) await measureSmallBusiness();
  if (backends.includes('postgres')) {
    await onFreshPostgres('statistics', (env, checkpoint) =>
      measureStats('PostgreSQL', env, checkpoint),
    );
  }
}
