// Lighthouse (desktop preset) on four pages of the running product: the
// sign-in page signed out, then the dashboard, the campaign list and a wizard
// step signed in as the demo owner. Debian's Chromium is started once by
// chrome-launcher; Playwright signs in through the real provider in that same
// browser (over its remote-debugging port), so the token Lighthouse's own tab
// finds in localStorage is the one a user's browser would hold. Lighthouse
// clears the HTTP cache before each run but keeps localStorage (its default
// `clearStorageTypes`), so every run is a first load with a signed-in session.
// Used by bench.mjs (npm run bench -- lighthouse).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { serverEntry } from './build-state.mjs';
import { freePort, waitReady } from './bench-helpers.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Only the pages whose name contains one of these words (comma-separated), e.g. `dashboard,wizard`. */
const ONLY = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
/** A folder to write each run's report (JSON, for Lighthouse's viewer) and trace to, if set. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGET = { performance: 95, accessibility: 100 };

/** The built product in demo mode (demo accounts and campaigns) on a fresh data folder. */
async function startDemoServer(dataDir) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await waitReady(url);
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs the demo owner in through the provider's page in the launched browser; returns the token. */
async function signInOwner(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${url}/oauth2/login`);
    await page.getByRole('button').first().click();
    await page.getByRole('button', { name: /owner@example\.com/ }).click();
    await page.waitForURL(`${url}/`);
    const stored = await page.evaluate(() => localStorage.getItem('backoffice.auth.token'));
    await page.close();
    const token = JSON.parse(stored ?? '{}').token;
    if (!token) throw new Error('signing in the demo owner stored no token');
    return token;
  } finally {
    // Disconnects; the browser and its default context (the session) stay.
    await browser.close();
  }
}

/** The owner's merchant and one campaign still in the wizard (status created). */
async function ownerPages(url, token) {
  const headers = { authorization: `Bearer ${token}` };
  const init = await (await fetch(`${url}/api/init-user`, { method: 'POST', headers })).json();
  const merchant = init.merchantinfo.merchants[0].uuid;
  const list = await (await fetch(`${url}/api/campaigns`, { headers })).json();
  const draft = list.rows.find((row) => row.current_status === 'created');
  if (!draft) throw new Error('the demo owner has no campaign in status created');
  const family = draft.type.split('/')[0];
  return [
    { name: 'dashboard', path: '/' },
    { name: 'campaign list', path: `/${merchant}/campaigns/list` },
    {
      name: `wizard step (${family} benefit)`,
      path: `/${merchant}/campaigns/${family}/${draft.uuid}`,
    },
  ];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run; its scores, metrics and what it found lacking. */
async function audit(port, url, report, attempt = 1) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // A page that never settles fails the run instead of hanging the bench.
      maxWaitForLoad: 30_000,
    },
    desktopConfig,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) {
    // A trace without navigation start happens now and then on a busy machine: run again.
    if (attempt < 3) return audit(port, url, report, attempt + 1);
    throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  }
  if (REPORT_DIR) {
    await mkdir(REPORT_DIR, { recursive: true });
    await writeFile(path.join(REPORT_DIR, `${report}.json`), JSON.stringify(lhr));
    const trace = result.artifacts?.Trace;
    if (trace)
      await writeFile(path.join(REPORT_DIR, `${report}.trace.json`), JSON.stringify(trace));
  }
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (item) =>
          item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative',
      )
      .map((item) => item.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    finalUrl: lhr.finalDisplayedUrl,
    findings: [...failing('performance'), ...failing('accessibility')],
  };
}

const wanted = (page) => ONLY.length === 0 || ONLY.some((word) => page.name.includes(word));

async function auditPage(port, url, page) {
  if (!wanted(page)) return;
  const runs = [];
  const slug = page.name.replace(/\W+/g, '-');
  for (let run = 0; run < RUNS; run += 1) {
    runs.push(await audit(port, `${url}${page.path}`, `${slug}-${run + 1}`));
  }
  const mid = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  const performance = runs.map((run) => run.performance);
  const accessibility = median(runs.map((run) => run.accessibility));
  console.log(
    `lighthouse, ${page.name}: performance ${median(performance)} (runs ${performance.join(', ')}; target >= ${TARGET.performance}), ` +
      `accessibility ${accessibility} (target ${TARGET.accessibility})`,
  );
  console.log(
    `  median run: FCP ${Math.round(mid.fcp)} ms, LCP ${Math.round(mid.lcp)} ms, TBT ${Math.round(mid.tbt)} ms, ` +
      `CLS ${mid.cls.toFixed(3)}, SI ${Math.round(mid.si)} ms; ended at ${mid.finalUrl.replace(url, '')}`,
  );
  const findings = [...new Set(runs.flatMap((run) => run.findings))];
  if (findings.length > 0) console.log(`  below 90 in some run: ${findings.join(', ')}`);
}

/** `npm run bench -- lighthouse`. */
export async function benchLighthouse() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  let server;
  let chrome;
  try {
    server = await startDemoServer(dataDir);
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    console.log(
      `lighthouse (desktop preset, median of ${RUNS} runs per page, Chromium ${CHROMIUM}; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')} on ${cpus().length} cores):`,
    );
    await auditPage(chrome.port, server.url, { name: 'sign-in page', path: '/oauth2/login' });
    const token = await signInOwner(chrome.port, server.url);
    for (const page of await ownerPages(server.url, token)) {
      await auditPage(chrome.port, server.url, page);
    }
  } finally {
    chrome?.kill();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
