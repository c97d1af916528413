// Latency of GET /api/campaigns at 100,000 campaigns over 1,000 merchants,
// 10 concurrent clients, for every filter and order; on PGlite and, when it
// answers, PostgreSQL. Used by bench.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  CAMPAIGN_ORDER_OPTIONS,
  CAMPAIGN_STATUSES,
  RUNTIME_FILTERS,
  TYPE_FILTERS,
} from '../packages/domain/dist/index.js';
import { root } from './build-state.mjs';

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
const PASSWORD = 'load';

// The filter and order values of spec §9, from the built domain package (npm run bench builds it).
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

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(url, token, query, requests = REQUESTS_PER_SCENARIO, unrecorded = 0) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < unrecorded + requests) {
      next += 1;
      const recorded = next > unrecorded;
      const started = performance.now();
      const response = await fetch(`${url}/api/campaigns?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/campaigns?${query} answered ${response.status}`);
      if (recorded) latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies;
}

async function signIn(url, email) {
  const response = await fetch(`${url}/identity/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      response_type: 'token',
      client_id: 'backoffice-web',
      redirect_uri: `${url}/oauth2/postback`,
      scope: 'base',
      email,
      password: PASSWORD,
    }),
  });
  const location = response.headers.get('location') ?? '';
  const token = new URLSearchParams(new URL(location).hash.slice(1)).get('access_token');
  if (!token) throw new Error(`sign-in of ${email} failed (${response.status})`);
  const init = await fetch(`${url}/api/init-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, init: await init.json() };
}

async function waitReady(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server not ready');
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
  const generate = spawnSync(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/seed/generate-cli.js'),
      '--merchants',
      String(MERCHANTS),
      '--campaigns-per-merchant',
      String(PER_MERCHANT),
      '--password',
      PASSWORD,
    ],
    { env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  if (generate.status !== 0) throw new Error('generating the data failed');
  await settle();
  const port = 3400 + Math.floor(Math.random() * 500);
  const url = `http://localhost:${port}`;
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO: 'false',
      JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      SCHEDULER_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(url);
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
    server.kill('SIGTERM');
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
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`campaign list, PostgreSQL: skipped, nothing answers at ${adminUrl}`);
    return;
  }
  const name = `bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // The bulk load's dirty pages are written out before measuring (a checkpoint
    // in the middle would stall some calls): the steady state of a database in use.
    const checkpoint = async () => {
      await admin.query('checkpoint').catch((error) => {
        console.log(`  (no checkpoint before measuring: ${error.message})`);
      });
    };
    await measure('PostgreSQL', { DATABASE_URL: url.toString() }, checkpoint);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
