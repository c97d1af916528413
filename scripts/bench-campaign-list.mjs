// Latency of GET /api/campaigns at 100,000 campaigns over 1,000 merchants,
// 10 concurrent clients, for every filter and order; and deep pages: page 1
// against page 500 of every order, over all merchants and within one, at
// 100,000 campaigns over 10 merchants. On PGlite and, when it answers,
// PostgreSQL. Used by bench.mjs.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
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

/** signIn() takes its token by the implicit grant, which the server answers only when told to. */
const SIGN_IN = { OAUTH_ALLOW_IMPLICIT: 'true' };
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
  const server = await startBenchServer({ ...env, ...SIGN_IN });
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

// Deep pages (decision 048): 10 merchants of 10,000 campaigns, so that one
// merchant's list has page 500 too (its owner sees no tips and no deleted
// campaigns: about 5,250 of its 10,000). One client calls page 1 and page 500
// of each order by turns, so that the machine's load changes both alike.
const DEEP_MERCHANTS = 10;
const DEEP_PER_MERCHANT = 10_000;
const DEEP_PAGE = 500;
const DEEP_CALLS = 40;
const DEEP_WARMUP = 5;
/** The target: page 500 costs at most twice page 1. */
const DEEP_TARGET = 2;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timedCall(url, token, query) {
  const started = performance.now();
  const response = await fetch(`${url}/api/campaigns?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`GET /api/campaigns?${query} answered ${response.status}`);
  return { elapsed, rows: body.rows.length };
}

/** Median latency of page 1 and of page DEEP_PAGE of one list, called by turns. */
async function firstAgainstDeep(url, token, prefix) {
  const first = `${prefix}page=1`;
  const deep = `${prefix}page=${DEEP_PAGE}`;
  const times = { first: [], deep: [] };
  for (let call = 0; call < DEEP_WARMUP + DEEP_CALLS; call += 1) {
    // Which goes first alternates too.
    const pair = call % 2 === 0 ? ['first', 'deep'] : ['deep', 'first'];
    for (const which of pair) {
      const { elapsed, rows } = await timedCall(url, token, which === 'first' ? first : deep);
      if (rows !== 10) throw new Error(`${prefix}: page ${which} has ${rows} rows, not 10`);
      if (call >= DEEP_WARMUP) times[which].push(elapsed);
    }
  }
  const p1 = median(times.first);
  const p500 = median(times.deep);
  return { p1, p500, ratio: p500 / p1 };
}

async function measureDeep(kind, env, settle = async () => {}, { generated = false } = {}) {
  if (!generated) {
    generate(env, [
      '--merchants',
      String(DEEP_MERCHANTS),
      '--campaigns-per-merchant',
      String(DEEP_PER_MERCHANT),
    ]);
    await settle();
  }
  const server = await startBenchServer({ ...env, ...SIGN_IN });
  const { url } = server;
  try {
    const owner = await signIn(url, 'owner-1@load.test');
    const admin = await signIn(url, 'admin@load.test');
    const merchantId = owner.init.merchantinfo.merchants[0].uuid;
    const loadBefore = loadavg()[0];
    const lines = [];
    const worst = { merchant: { ratio: 0 }, admin: { ratio: 0 } };
    for (const order of ORDERS) {
      const merchant = await firstAgainstDeep(
        url,
        owner.token,
        `exact_merchant=${merchantId}&order_by=${order}&`,
      );
      const all = await firstAgainstDeep(url, admin.token, `order_by=${order}&`);
      if (merchant.ratio > worst.merchant.ratio) worst.merchant = { ...merchant, order };
      if (all.ratio > worst.admin.ratio) worst.admin = { ...all, order };
      const cells = (r) =>
        `${r.p1.toFixed(1).padStart(6)} ${r.p500.toFixed(1).padStart(7)} ${`${r.ratio.toFixed(2)}×`.padStart(7)}`;
      lines.push(`    ${order.padEnd(13)} ${cells(merchant)}     ${cells(all)}`);
    }
    const loadAfter = loadavg()[0];
    const verdict = (r) =>
      `${r.ratio.toFixed(2)}× (${r.order})${r.ratio <= DEEP_TARGET ? '' : ' — over the target'}`;
    console.log(
      `deep pages, ${kind}, ${DEEP_MERCHANTS * DEEP_PER_MERCHANT} campaigns over ${DEEP_MERCHANTS} merchants: page 1 against page ${DEEP_PAGE}, median ms of ${DEEP_CALLS} calls each, one client (load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)})`,
    );
    console.log(
      `    ${'order'.padEnd(13)} ${"a merchant's list".padEnd(22)}     admin over all merchants`,
    );
    console.log(
      `    ${''.padEnd(13)} ${'p1'.padStart(6)} ${'p500'.padStart(7)} ${'ratio'.padStart(7)}     ${'p1'.padStart(6)} ${'p500'.padStart(7)} ${'ratio'.padStart(7)}`,
    );
    for (const line of lines) console.log(line);
    console.log(
      `  worst ratio (target ≤ ${DEEP_TARGET}×): a merchant's list ${verdict(worst.merchant)}; admin ${verdict(worst.admin)}`,
    );
  } finally {
    await server.stop();
  }
}

/** BENCH_LIST_BACKENDS=pglite,postgres (the default) chooses the databases. */
const backends = (process.env.BENCH_LIST_BACKENDS ?? 'pglite,postgres').split(',');
/** BENCH_LIST_CASES=cases,deep (the default) chooses the filter/order cases, the deep pages or both. */
const parts = (process.env.BENCH_LIST_CASES ?? 'cases,deep').split(',');

/**
 * BENCH_LIST_DEEP_DATABASE_URL names a PostgreSQL database generated before
 * (`npm run seed -- --merchants 10 --campaigns-per-merchant 10000 --password
 * load`): the deep pages are measured there, without generating (to compare
 * two builds by turns on the same data).
 */
const deepDatabase = process.env.BENCH_LIST_DEEP_DATABASE_URL;

export async function benchCampaignList() {
  const runs = [];
  if (parts.includes('cases')) runs.push(measure);
  if (parts.includes('deep') && deepDatabase) {
    await measureDeep('PostgreSQL', { DATABASE_URL: deepDatabase }, undefined, { generated: true });
  } else if (parts.includes('deep')) runs.push(measureDeep);
  for (const run of runs) {
    if (backends.includes('pglite')) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-list-'));
      try {
        await run('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
    if (backends.includes('postgres')) {
      await onFreshPostgres('campaign list', (env, checkpoint) =>
        run('PostgreSQL', env, checkpoint),
      );
    }
  }
}
