// Mixed load (npm run bench -- load): 50 closed-loop clients, each signed in
// as the owner of its own merchant, for 60 s against PostgreSQL with 100,000
// campaigns and 10 million participations: the campaign list, opening and
// saving a campaign, the dashboard, the participation chart, site search and
// image uploads, as a merchant's staff use the product. Once against one
// server process and once against two on the same database (clients spread
// over both, as a load balancer would): errors, p50/p99 per request type,
// throughput and the servers' peak memory.
import { appendFileSync } from 'node:fs';
import {
  cpuTimeOf,
  generate,
  imageRemovalsDone,
  memoryOf,
  newSigningKey,
  onFreshPostgres,
  percentile,
  signIn,
  startBenchServer,
} from './bench-helpers.mjs';
import { floorCost } from './bench-floor.mjs';
import {
  call,
  imageForm,
  monotonicUs,
  roundTripCounter,
  uploadImage,
} from './bench-load-calls.mjs';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = 5;
const MERCHANTS = 1000;
const CAMPAIGNS = 100_000;
const PARTICIPATIONS = Number(process.env.BENCH_LOAD_PARTICIPATIONS ?? 10_000_000);
const WORDS = ['Sommer', 'Winter', 'Rabatt', 'Gewinnspiel', 'Frühling', 'Herbst'];

/** Request types and their share of the calls. */
const MIX = [
  ['list', 30],
  ['open', 20],
  ['save', 15],
  ['dashboard', 10],
  ['stats', 10],
  ['search', 10],
  ['image', 5],
];

const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** The targets of server CPU per call, alone (docs/benchmarks.md, "Current figures"). */
const CPU_TARGETS = { list: 0.8, open: 0.6, save: 1.1, dashboard: 0.5, stats: 0.6, search: 0.5 };
const MIX_TARGET = 0.8;
/** BENCH_LOAD_TYPES=list,open measures only those types alone (profiling one type). */
const ONLY_TYPES = process.env.BENCH_LOAD_TYPES?.split(',').filter(Boolean);
/** Recorded calls per type in the cost phase; uploads a fifth of it. */
const ALONE_CALLS = Number(process.env.BENCH_LOAD_CALLS ?? 1000);
/**
 * Unrecorded calls per type before them (uploads a fifth): a server runs for
 * days, and V8 compiles a function's optimised code only after some thousand
 * calls of it; with a fifth of 500 the figures held the compilation and the
 * slower code before it (docs/benchmarks.md, "How each figure is measured").
 */
const WARMUP_CALLS = Number(process.env.BENCH_LOAD_WARMUP_CALLS ?? 1500);

function pickType(random) {
  let roll = random() * MIX_TOTAL;
  for (const [type, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return type;
  }
  return MIX[0][0];
}

/** One client: its merchant, a campaign of its own to save and upload to, and some of the merchant's campaigns to open. */
async function prepareClient(url, index) {
  const { token, init } = await signIn(url, `owner-${index + 1}@load.test`);
  const merchant = init.merchantinfo.merchants[0].uuid;
  const list = await call(url, token, 'GET', `/campaigns?exact_merchant=${merchant}`);
  const created = await call(url, token, 'POST', '/campaigns', {
    merchant,
    type: 'coupon/percent',
  });
  return {
    token,
    merchant,
    own: created.campaign.uuid,
    campaigns: list.rows.map((row) => row.uuid),
  };
}

function requestOf(type, client, n, image) {
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  switch (type) {
    case 'list':
      return ['GET', `/campaigns?exact_merchant=${client.merchant}&page=${1 + (n % 4)}`];
    case 'open':
      return ['GET', `/campaigns/${client.campaigns[n % client.campaigns.length]}`];
    case 'save':
      return [
        'POST',
        `/campaigns/${client.own}?validate=content`,
        { title: { de: `Lastprobe ${n}` }, description: { de: `Beschreibung ${n}` } },
      ];
    case 'dashboard':
      return ['GET', `/merchants/${client.merchant}/dashboard`];
    case 'stats':
      return [
        'GET',
        `/merchants/${client.merchant}/stats?timerange=month&count=12&start=${yearAgo}`,
      ];
    case 'search':
      return ['GET', `/ac/site-search?q=${encodeURIComponent(WORDS[n % WORDS.length])}`];
    default:
      return ['POST', `/campaigns/${client.own}/image`, image];
  }
}

/**
 * What one call of each type costs the server when nothing else runs: one
 * client, calls one after the other, the server process's CPU time (all its
 * threads, image work included) per call. A process answers at most about
 * 1,000 / (the mix's mean) calls per second, whatever the machine's cores.
 */
async function costPerCall(env, image) {
  const counter = await roundTripCounter(env.DATABASE_URL);
  const server = await startBenchServer({
    ...env,
    DATABASE_URL: counter.url,
    JWT_PRIVATE_KEY: newSigningKey(),
  });
  // With BENCH_LOAD_PROFILE_WINDOWS=<file>, each type's measured window, for
  // bench-profile-summary.mjs to cut the server's .cpuprofile by.
  const windows = process.env.BENCH_LOAD_PROFILE_WINDOWS;
  try {
    const client = { ...(await prepareClient(server.url, 0)), server };
    await imageRemovalsDone(env.DATABASE_URL);
    console.log('cost per call, one client, calls one after the other:');
    await floorCost(env, { calls: ALONE_CALLS, warmup: WARMUP_CALLS });
    let mean = 0;
    let meanWithoutUploads = 0;
    const weightWithoutUploads = MIX.reduce(
      (sum, [type, weight]) => (type === 'image' ? sum : sum + weight),
      0,
    );
    for (const [type, weight] of MIX) {
      if (ONLY_TYPES && !ONLY_TYPES.includes(type)) continue;
      const share = type === 'image' ? 1 / 5 : 1;
      const calls = Math.ceil(ALONE_CALLS * share);
      const callsInARow = async (count) => {
        for (let n = 0; n < count; n += 1)
          await call(server.url, client.token, ...requestOf(type, client, n, image), {
            read: false,
          });
      };
      await callsInARow(Math.ceil(WARMUP_CALLS * share));
      const cpuBefore = await cpuTimeOf(server.pid);
      const roundTripsBefore = counter.count();
      const started = performance.now();
      const startUs = monotonicUs();
      await callsInARow(calls);
      const endUs = monotonicUs();
      const cpu = ((await cpuTimeOf(server.pid)) - cpuBefore) / calls;
      const roundTrips = (counter.count() - roundTripsBefore) / calls;
      if (windows)
        appendFileSync(
          windows,
          `${JSON.stringify({ type, calls, startUs, endUs, cpuMsPerCall: cpu, roundTrips })}\n`,
        );
      mean += (cpu * weight) / MIX_TOTAL;
      if (type !== 'image') meanWithoutUploads += (cpu * weight) / weightWithoutUploads;
      const target = CPU_TARGETS[type];
      console.log(
        `  ${type.padEnd(10)} server CPU ${cpu.toFixed(2)} ms per call${target === undefined ? '' : ` (target <= ${target})`}, ${roundTrips.toFixed(1)} SQL round trips, ${((performance.now() - started) / calls).toFixed(2)} ms per call answered`,
      );
    }
    const measured = (type) => !ONLY_TYPES || ONLY_TYPES.includes(type);
    if (measured('image'))
      console.log(
        `  the mix     server CPU ${mean.toFixed(2)} ms per call: one process answers at most about ${(1000 / mean).toFixed(0)} calls/s`,
      );
    if (MIX.every(([type]) => type === 'image' || measured(type)))
      console.log(
        `  the mix without uploads: server CPU ${meanWithoutUploads.toFixed(2)} ms per call (target <= ${MIX_TARGET})`,
      );
  } finally {
    await server.stop();
    await counter.close();
  }
}

/**
 * The cost per call of this build beside another's (BENCH_LOAD_COMPARE_WITH,
 * the entry of a copy of the bundle before a change): both servers run at
 * once on the same database, and the calls of each type alternate between
 * them in blocks of ten, so that both see the same state of a shared,
 * loaded machine; each process's CPU is read from /proc.
 */
async function compareCostPerCall(env, image, otherEntry) {
  const sides = [];
  for (const [label, entry] of [
    ['this build', undefined],
    ['compared with', otherEntry],
  ]) {
    const counter = await roundTripCounter(env.DATABASE_URL);
    const server = await startBenchServer({
      ...env,
      ...(entry ? { BENCH_SERVER_ENTRY: entry } : {}),
      DATABASE_URL: counter.url,
      JWT_PRIVATE_KEY: newSigningKey(),
    });
    sides.push({ label, counter, server });
  }
  try {
    for (const side of sides)
      side.client = { ...(await prepareClient(side.server.url, 0)), server: side.server };
    await imageRemovalsDone(env.DATABASE_URL);
    console.log(
      `cost per call, this build beside ${otherEntry}, calls alternating in blocks of 10:`,
    );
    const means = sides.map(() => 0);
    const weightWithoutUploads = MIX.reduce(
      (sum, [type, weight]) => (type === 'image' ? sum : sum + weight),
      0,
    );
    for (const [type, weight] of MIX) {
      if (type === 'image' || (ONLY_TYPES && !ONLY_TYPES.includes(type))) continue;
      const calls = ALONE_CALLS;
      const block = async (side, from, count) => {
        for (let n = from; n < from + count; n += 1)
          await call(
            side.server.url,
            side.client.token,
            ...requestOf(type, side.client, n, image),
            {
              read: false,
            },
          );
      };
      for (const side of sides) await block(side, 0, WARMUP_CALLS);
      const before = await Promise.all(
        sides.map(async (side) => ({
          cpu: await cpuTimeOf(side.server.pid),
          trips: side.counter.count(),
        })),
      );
      for (let n = 0; n < calls; n += 10) for (const side of sides) await block(side, n, 10);
      const line = [];
      for (const [i, side] of sides.entries()) {
        const cpu = ((await cpuTimeOf(side.server.pid)) - before[i].cpu) / calls;
        const trips = (side.counter.count() - before[i].trips) / calls;
        means[i] += (cpu * weight) / weightWithoutUploads;
        line.push(`${cpu.toFixed(2)} ms (${trips.toFixed(1)} round trips)`);
      }
      console.log(
        `  ${type.padEnd(10)} server CPU per call: ${line[0]}, compared with ${line[1]} (target <= ${CPU_TARGETS[type]})`,
      );
    }
    if (!ONLY_TYPES)
      console.log(
        `  the mix without uploads: ${means[0].toFixed(2)} ms, compared with ${means[1].toFixed(2)} ms (target <= ${MIX_TARGET})`,
      );
  } finally {
    for (const side of sides) {
      await side.server.stop();
      await side.counter.close();
    }
  }
}

async function run(label, env, processes, image) {
  const servers = [];
  const shared = { ...env, JWT_PRIVATE_KEY: newSigningKey() };
  for (let i = 0; i < processes; i += 1) servers.push(await startBenchServer(shared));
  try {
    await imageRemovalsDone(env.DATABASE_URL);
    const clients = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      clients.push({
        ...(await prepareClient(servers[i % processes].url, i)),
        server: servers[i % processes],
      });
    }
    const byType = new Map(MIX.map(([type]) => [type, { latencies: [], errors: 0 }]));
    const errorSamples = [];
    const peak = new Map(servers.map((server) => [server.pid, 0]));
    const sampler = setInterval(async () => {
      for (const server of servers) {
        const { rss } = await memoryOf(server.pid);
        peak.set(server.pid, Math.max(peak.get(server.pid), rss));
      }
    }, 250);
    const started = performance.now();
    const recordFrom = started + WARMUP_SECONDS * 1000;
    const endAt = recordFrom + SECONDS * 1000;
    let seed = 1;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    let n = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < endAt) {
          n += 1;
          const type = pickType(random);
          const [method, path, body] = requestOf(type, client, n, image);
          const callStarted = performance.now();
          let failed = false;
          try {
            await call(client.server.url, client.token, method, path, body, { read: false });
          } catch (error) {
            failed = true;
            if (errorSamples.length < 5) errorSamples.push(error.message);
          }
          if (callStarted >= recordFrom) {
            const entry = byType.get(type);
            if (failed) entry.errors += 1;
            else entry.latencies.push(performance.now() - callStarted);
          }
        }
      }),
    );
    clearInterval(sampler);
    let total = 0;
    let errors = 0;
    console.log(
      `mixed load, ${label}: ${CLIENTS} clients, ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up)`,
    );
    for (const [type, { latencies, errors: failed }] of byType) {
      latencies.sort((a, b) => a - b);
      total += latencies.length;
      errors += failed;
      console.log(
        `  ${type.padEnd(10)} ${String(latencies.length).padStart(6)} calls, ${failed} errors, p50 ${percentile(latencies, 50)?.toFixed(1)} ms, p99 ${percentile(latencies, 99)?.toFixed(1)} ms (target p99 <= 200 ms)`,
      );
    }
    const memory = await Promise.all(servers.map((server) => memoryOf(server.pid)));
    const throughput = total / SECONDS;
    console.log(
      `  overall    ${throughput.toFixed(0)} requests/s, ${errors} errors (target 0); server memory peak ${memory.map((m, i) => `${Math.max(m.peak, peak.get(servers[i].pid)).toFixed(0)} MB`).join(' + ')} (target <= 512 MB each)`,
    );
    for (const sample of errorSamples) console.log(`  error: ${sample}`);
    return throughput;
  } finally {
    for (const server of servers) await server.stop();
  }
}

export async function benchLoad() {
  const image = imageForm(await uploadImage());
  // BENCH_LOAD_PROCESSES=1 (or 2) runs that phase alone, for profiling;
  // BENCH_LOAD_PROCESSES=0 only the cost per call alone.
  const phases = process.env.BENCH_LOAD_PROCESSES;
  const compareWith = process.env.BENCH_LOAD_COMPARE_WITH;
  const measure = async (env) => {
    if (compareWith) {
      await compareCostPerCall(env, image, compareWith);
      return;
    }
    await costPerCall(env, image);
    if (phases === '0') return;
    const one = phases !== '2' ? await run('one server process', env, 1, image) : undefined;
    const two = phases !== '1' ? await run('two server processes', env, 2, image) : undefined;
    if (one && two)
      console.log(
        `  two processes: ${(two / one).toFixed(2)} times the throughput of one (target >= 1.6)`,
      );
  };
  // A database filled before (generate-cli.js with --merchants 1000 --campaigns
  // 100000 --participations 10000000 --password load) saves generating it.
  const kept = process.env.BENCH_LOAD_DATABASE_URL;
  if (kept) {
    await measure({ DATABASE_URL: kept });
    return;
  }
  await onFreshPostgres('mixed load', async (env, checkpoint) => {
    generate(env, [
      '--merchants',
      String(MERCHANTS),
      '--campaigns',
      String(CAMPAIGNS),
      '--participations',
      String(PARTICIPATIONS),
    ]);
    await checkpoint();
    await measure(env);
  });
}
