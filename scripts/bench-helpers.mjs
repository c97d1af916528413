// What the server benchmarks share: a server process on generated data,
// sign-in through the real provider, closed-loop clients and percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { root, serverEntry } from './build-state.mjs';

/** The password of the generated load users (ops/seed/generate.ts). */
export const LOAD_PASSWORD = 'load';

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Resident memory of a process in MB: now (VmRSS) and its peak (VmHWM), from /proc (0 once it is gone). */
export async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU time a process has used so far, user and system, in ms (from /proc; clock ticks of 10 ms). */
export async function cpuTimeOf(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Runs the load generator (npm run seed's options) against the environment's database. */
export function generate(env, args) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/ops/seed/generate-cli.js'),
      ...args,
      '--password',
      LOAD_PASSWORD,
    ],
    { env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('generating the data failed');
}

export async function waitReady(url) {
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

/**
 * A port nobody listens on, from the system: a random one in a fixed range
 * can be a service's of this machine (NATS listens on 4222), where a server
 * started by a benchmark fails to listen.
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** A new ES256 signing key (PKCS#8 PEM). */
export function newSigningKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' });
}

/** A production-like server process (no demo, no scheduler) on the environment's database. */
export async function startBenchServer(env) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // Processes that serve the same users share one signing key (env.JWT_PRIVATE_KEY).
  const key = env.JWT_PRIVATE_KEY ?? newSigningKey();
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node (--cpu-prof, say).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_ENTRY runs another build of the server (a copy of the bundle before a change, say).
  const entry = env.BENCH_SERVER_ENTRY ?? process.env.BENCH_SERVER_ENTRY ?? serverEntry;
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO: 'false',
      JWT_PRIVATE_KEY: key,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // signIn takes the token from the implicit grant, off by default.
      OAUTH_ALLOW_IMPLICIT: 'true',
      SCHEDULER_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await waitReady(url);
  return {
    url,
    /** The server process (for its memory figures). */
    pid: child.pid,
    /** Resolves when the server process itself has ended. */
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Ends a detached child's whole process group (npm, the start script, the
 * server) and resolves when every process of it has exited, not just the
 * first: the server may still be writing its data folder after npm is gone.
 */
export async function stopProcessGroup(child, { timeoutMs = 30_000 } = {}) {
  const alive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', resolve));
  if (alive()) process.kill(-child.pid, 'SIGTERM');
  await exited;
  const deadline = Date.now() + timeoutMs;
  let killed = false;
  while (alive()) {
    if (Date.now() > deadline) {
      if (killed) throw new Error(`process group ${child.pid} did not end`);
      process.kill(-child.pid, 'SIGKILL');
      killed = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function signIn(url, email) {
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
      password: LOAD_PASSWORD,
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

/**
 * `requests` recorded calls by `clients` closed-loop clients, after
 * `unrecorded` warm-up calls; `call(i)` makes one request and throws on failure.
 */
export async function closedLoop(call, { clients, requests, unrecorded = 0 }) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < unrecorded + requests) {
      next += 1;
      const index = next;
      const started = performance.now();
      await call(index);
      if (index > unrecorded) latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  return latencies.sort((a, b) => a - b);
}

/**
 * Waits until the image removals due on `databaseUrl` are done: the
 * backlog an earlier run's uploads left (thousands of jobs after a mixed
 * load) would otherwise be worked while calls are measured, and count as
 * theirs. (Only this queue: the bench's processes work no recurring jobs,
 * whose due runs would never end.) Asked as the server's own drain asks
 * (`dueOrRunningJobs`), with the built server's modules.
 */
export async function imageRemovalsDone(databaseUrl, { timeoutMs = 900_000 } = {}) {
  const server = (file) => import(`${root}/apps/server/dist/${file}`);
  const [{ openDatabase }, { dueOrRunningJobs }, { IMAGE_REMOVAL_QUEUE }] = await Promise.all([
    server('platform/db/client.js'),
    server('platform/jobs/job-tables.js'),
    server('platform/files/image-removal.js'),
  ]);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const due = await dueOrRunningJobs(database.db, [IMAGE_REMOVAL_QUEUE]);
      if (due === 0) return;
      if (Date.now() > deadline)
        throw new Error(`${due} image removals still due after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await database.close();
  }
}

/**
 * Runs `measure(env, settle)` on a fresh PostgreSQL database (dropped afterwards),
 * or says why it was skipped. `settle` checkpoints after a bulk load.
 */
export async function onFreshPostgres(label, measure) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`${label}, PostgreSQL: skipped, nothing answers at ${adminUrl}`);
    return;
  }
  const name = `bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const checkpoint = async () => {
      await admin.query('checkpoint').catch((error) => {
        console.log(`  (no checkpoint before measuring: ${error.message})`);
      });
    };
    await measure({ DATABASE_URL: url.toString() }, checkpoint);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
