// `npm run bench`: prints the product's performance figures (see
// docs/benchmarks.md for the targets and the recorded results).
//  - cold start of `npm start` to a ready /ready on an existing data folder;
//  - idle memory of the server on PGlite and on PostgreSQL (bench-memory.mjs);
//  - gzipped JavaScript a real browser loads for the sign-in page and the shell;
//  - latency of the campaign list at 100,000 campaigns (bench-campaign-list.mjs);
//  - import of 100,000 campaign codes: time and server memory (bench-codes.mjs);
//  - mixed load of 50 clients on one and on two server processes (bench-load.mjs);
//  - Lighthouse scores of the sign-in page, dashboard, campaign list and a
//    wizard step (bench-lighthouse.mjs);
//  - /health latency during bursts of six ingest batches of 1,000 events
//    (bench-ingest-burst.mjs);
//  - /health latency and memory during 40 image uploads at once by one
//    account (bench-upload-burst.mjs);
//  - raw events partitioned by month on PostgreSQL at 30 million events: the
//    retention's purge of a month by DELETE and by dropping its partition,
//    dashboard, statistics and ingest (bench-partitions.mjs; not in the default run).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root } from './build-state.mjs';
import { freePort, stopProcessGroup } from './bench-helpers.mjs';
import { benchCampaignList } from './bench-campaign-list.mjs';
import { benchStats } from './bench-stats.mjs';
import { benchCodes } from './bench-codes.mjs';
import { benchLoad } from './bench-load.mjs';
import { benchLighthouse } from './bench-lighthouse.mjs';
import { benchMemory } from './bench-memory.mjs';
import { benchIngestBurst } from './bench-ingest-burst.mjs';
import { benchUploadBurst } from './bench-upload-burst.mjs';
import { benchPartitions } from './bench-partitions.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const START_RUNS = 5;
/** The first loads' budgets, which e2e/first-load.spec.ts holds as well. */
const BUDGETS = JSON.parse(
  readFileSync(path.join(root, 'apps/web/build/first-load-budgets.json'), 'utf8'),
);

async function waitReady(url, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/ready`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function startServer(dataDir) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const ready = await waitReady(url, Date.now() + 60_000);
  const seconds = (performance.now() - started) / 1000;
  if (!ready) throw new Error('server did not become ready within 60 s');
  // npm exits at once on SIGTERM while the server below it still closes its
  // database: stopping waits until no process of the group is left.
  const stop = () => stopProcessGroup(child);
  return { url, seconds, stop };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measureColdStart(dataDir) {
  // The first start creates, migrates and seeds the data folder; it is not measured.
  await (await startServer(dataDir)).stop();
  const times = [];
  for (let run = 0; run < START_RUNS; run += 1) {
    const server = await startServer(dataDir);
    times.push(server.seconds);
    await server.stop();
  }
  return times;
}

async function javascriptLoaded(page, action) {
  const sizes = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      const body = await response.body();
      sizes.set(response.url(), { raw: body.length, gzip: gzipSync(body).length });
    } catch {
      // redirects have no body
    }
  });
  await action();
  await page.waitForLoadState('networkidle');
  const total = { raw: 0, gzip: 0, files: sizes.size };
  for (const size of sizes.values()) {
    total.raw += size.raw;
    total.gzip += size.gzip;
  }
  return total;
}

async function measureFirstLoad(url) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext();
    const signInPage = await context.newPage();
    const signIn = await javascriptLoaded(signInPage, () => signInPage.goto(`${url}/oauth2/login`));
    // Sign in through the real provider, then load the shell afresh with the stored session.
    await signInPage.getByRole('button').first().click();
    await signInPage.getByRole('button', { name: /owner@example\.com/ }).click();
    await signInPage.waitForURL(`${url}/`);
    const shellPage = await context.newPage();
    const shell = await javascriptLoaded(shellPage, () => shellPage.goto(`${url}/`));
    return { signIn, shell };
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * `npm run bench -- start memory list stats codes load lighthouse ingest-burst upload-burst partitions`:
 * the parts to run (default: all but partitions, whose 30 million events take long).
 */
const PARTS = [
  'start',
  'memory',
  'list',
  'stats',
  'codes',
  'load',
  'lighthouse',
  'ingest-burst',
  'upload-burst',
  'partitions',
];
const asked = process.argv.slice(2);
const unknown = asked.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`);
  process.exit(2);
}
const parts = asked.length > 0 ? asked : PARTS.filter((part) => part !== 'partitions');

console.log('# Benchmarks');
if (parts.includes('start')) await benchStartAndFirstLoad();
if (parts.includes('memory')) await benchMemory();
if (parts.includes('list')) await benchCampaignList();
if (parts.includes('stats')) await benchStats();
if (parts.includes('codes')) await benchCodes();
if (parts.includes('load')) await benchLoad();
if (parts.includes('lighthouse')) await benchLighthouse();
if (parts.includes('ingest-burst')) await benchIngestBurst();
if (parts.includes('upload-burst')) await benchUploadBurst();
if (parts.includes('partitions')) await benchPartitions();

/** Cold start and the first-load JavaScript of the sign-in page and the shell. */
async function benchStartAndFirstLoad() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-data-'));
  try {
    const times = await measureColdStart(dataDir);
    console.log(
      `cold start (npm start -> /ready, existing data folder, ${START_RUNS} runs): median ${median(times).toFixed(2)} s, min ${Math.min(...times).toFixed(2)} s, max ${Math.max(...times).toFixed(2)} s (target <= 1.5 s)`,
    );
    const server = await startServer(dataDir);
    try {
      const { signIn, shell } = await measureFirstLoad(server.url);
      console.log(
        `first-load JS, sign-in page: ${kb(signIn.gzip)} gzipped (${kb(signIn.raw)} raw, ${signIn.files} files) (target <= ${BUDGETS.signInPageKiB} KB)`,
      );
      console.log(
        `first-load JS, shell:        ${kb(shell.gzip)} gzipped (${kb(shell.raw)} raw, ${shell.files} files) (target <= ${BUDGETS.shellKiB} KB)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
