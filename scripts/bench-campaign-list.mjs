// Latency of GET /api/campaigns at 100,000 campaigns over 1,000 merchants,
// 10 concurrent clients, for every filter and order; on PGlite and, when it
// answers, PostgreSQL. Used by bench.mjs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CAMPAIGN_ORDER_OPTIONS,
  CAMPAIGN_STATUSES,
  RUNTIME_FILTERS,
  TYPE_FILTERS,
} from '../packages/domain/dist/index.js';
import {
  closedLoop,
  generate,
  onFreshPostgres,
  percentile,
  signIn,
  startBenchServer,
} from './bench-helpers.mjs';

const MERCHANTS = 1000;
const PER_MERCHANT = 100;
const CONCURRENCY = 10;
// A p99 needs a few hundred samples (of 50 it would be the maximum). Each case
// runs as one closed loop of 10 clients whose first calls are not recorded:
// they warm the case up (its prepared statement on every connection) and let
// the clients fall out of step, as real ones are; 10 calls fired in the same
// millisecond from idle would measure a burst, not the steady state.
const REQUESTS_PER_SCENARIO = 300;
const WARMUP_PER_SCENARIO = 30;

// The filter and order values of docs/product.md#limits, from the built domain package (npm run bench builds it).
const ORDERS = CAMPAIGN_ORDER_OPTIONS;
const STATUSES = CAMPAIGN_STATUSES;
const TYPES = TYPE_FILTERS;
const RUNTIMES = RUNTIME_FILTERS;

function scenarios(prefix) {
  return [
    ['default', prefix],
    ...ORDERS.map((order) => [`order_by=${order}`, `${prefix}&order_by=${order}`]),
    ...STATUSES.map((status) => [`filter_status=${status}`, `${prefix}&filter_status=${status}`]),
    ...TYPES.map((type) => [
      `filter_type=${type}`,
      `${prefix}&filter_type=${encodeURIComponent(type)}`,
    ]),
    ...RUNTIMES.map((runtime) => [
      `filter_runtime=${runtime}`,
      `${prefix}&filter_runtime=${runtime}`,
    ]),
    ['filter_campaign=Sommer', `${prefix}&filter_campaign=Sommer`],
    ['page=5', `${prefix}&page=5`],
  ];
}

function run(url, token, query, requests = REQUESTS_PER_SCENARIO, unrecorded = 0) {
  return closedLoop(
    async () => {
      const response = await fetch(`${url}/api/campaigns?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/campaigns?${query} answered ${response.status}`);
    },
    { clients: CONCURRENCY, requests, unrecorded },
  );
}

/** BENCH_LIST_VERBOSE=1 prints every case's figures besides the summary. */
const verbose = process.env.BENCH_LIST_VERBOSE === '1';

function summarise(label, results) {
  const all = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const cases = results
    .map((r) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      return { name: r.name, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    })
    .sort((a, b) => b.p99 - a.p99);
  const worst = cases
    .slice(0, 3)
    .map((c) => `${c.name} ${c.p99.toFixed(1)}`)
    .join(', ');
  const lines = [
    `${label}: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms over ${all.length} requests in ${results.length} filter/order cases; worst p99: ${worst} ms`,
  ];
  if (verbose) {
    for (const c of cases) {
      lines.push(
        `    ${c.name.padEnd(34)} p50 ${c.p50.toFixed(1).padStart(6)}  p99 ${c.p99.toFixed(1).padStart(6)}`,
      );
    }
  }
  return lines.join('\n');
}

async function measure(kind, env, settle = async () => {}) {
  generate(env, [
    '--merchants',
    String(MERCHANTS),
    '--campaigns-per-merchant',
    String(PER_MERCHANT),
  ]);
  await settle();
  const server = await startBenchServer(env);
  const { url } = server;
  try {
    const owner = await signIn(url, 'owner-1@load.test');
    const admin = await signIn(url, 'admin@load.test');
    const merchantId = owner.init.merchantinfo.merchants[0].uuid;
    // Steady state is measured: a warm-up pass over every case lets the JIT,
    // the connection pool and the database's caches settle first.
    for (const [, query] of scenarios(`exact_merchant=${merchantId}`)) {
      await run(url, owner.token, query, WARMUP_PER_SCENARIO);
    }
    for (const [, query] of scenarios('')) {
      await run(url, admin.token, query.replace(/^&/, ''), WARMUP_PER_SCENARIO);
    }
    const measureCase = (token, query) =>
      run(url, token, query, REQUESTS_PER_SCENARIO, WARMUP_PER_SCENARIO);
    const merchantResults = [];
    for (const [name, query] of scenarios(`exact_merchant=${merchantId}`)) {
      merchantResults.push({ name, latencies: await measureCase(owner.token, query) });
    }
    const adminResults = [];
    for (const [name, query] of scenarios('')) {
      adminResults.push({
        name,
        latencies: await measureCase(admin.token, query.replace(/^&/, '')),
      });
    }
    console.log(
      `campaign list, ${kind}, ${MERCHANTS * PER_MERCHANT} campaigns, ${CONCURRENCY} clients`,
    );
    console.log(`  ${summarise("a merchant's list (exact_merchant)", merchantResults)}`);
    console.log(`  ${summarise('admin over all merchants', adminResults)}`);
  } finally {
    await server.stop();
  }
}

/** BENCH_LIST_BACKENDS=pglite,postgres (the default) chooses the databases. */
const backends = (process.env.BENCH_LIST_BACKENDS ?? 'pglite,postgres').split(',');

export async function benchCampaignList() {
  if (backends.includes('pglite')) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-list-'));
    try {
      await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (!backends.includes('postgres')) return;
  await onFreshPostgres('campaign list', (env, checkpoint) =>
    measure('PostgreSQL', env, checkpoint),
  );
}
