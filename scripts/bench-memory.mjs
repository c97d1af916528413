// Idle memory of the server (npm run bench -- memory): the resident size of
// the server process (the bundle `npm start` runs) once it has answered
// /ready and then sat idle for a few seconds, and its peak (VmHWM) since it
// started. On the embedded database in demo mode:
// the first start on a new data folder (which creates, migrates and seeds
// it) and a start on the existing folder; on PostgreSQL outside demo mode.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEntry } from './build-state.mjs';
import { freePort, memoryOf, newSigningKey, onFreshPostgres, waitReady } from './bench-helpers.mjs';

/** Seconds the server sits idle after /ready before its memory is read. */
const IDLE_SECONDS = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 10);

/** Starts the server as `npm start` does, waits until it is ready and idle, reads its memory. */
async function idleServer(env, idleSeconds = IDLE_SECONDS) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await waitReady(url);
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    return { seconds, ...(await memoryOf(child.pid)) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const mb = (value) => `${value.toFixed(0)} MB`;

function report(label, figures, target) {
  console.log(
    `idle memory, ${label}: ${mb(figures.rss)} resident after ${IDLE_SECONDS} s idle (target <= ${target} MB), peak ${mb(figures.peak)}, ready after ${figures.seconds.toFixed(2)} s`,
  );
}

export async function benchMemory() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-memory-'));
  try {
    const env = { DATA_DIR: dataDir, DEMO: 'true' };
    report('PGlite, demo mode, new data folder', await idleServer(env), 300);
    report('PGlite, demo mode, existing data folder', await idleServer(env), 300);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  await onFreshPostgres('idle memory', async (env) => {
    const shared = { ...env, JWT_PRIVATE_KEY: newSigningKey() };
    // The first start migrates the new database; the second is the one measured.
    await idleServer(shared, 0);
    report('PostgreSQL', await idleServer(shared), 150);
  });
}
