// Import of 100,000 campaign codes through the upload endpoint (docs/product.md#api-calls
// multiple-codes): time of the request and the server's peak memory above
// what it used before, on PGlite and PostgreSQL. Used by bench.mjs
// (npm run bench -- codes).
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate, memoryOf, onFreshPostgres, signIn, startBenchServer } from './bench-helpers.mjs';

const CODES = Number(process.env.BENCH_CODES ?? 100_000);
const RUNS = 3;

/** Resets the peak so that it measures from now on (Linux: clear_refs 5). */
async function resetPeak(pid) {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function codeFile(run) {
  const lines = [];
  for (let index = 0; index < CODES; index += 1)
    lines.push(`R${run}-${index.toString(36).toUpperCase().padStart(6, '0')}`);
  return lines.join('\n');
}

async function measure(kind, env) {
  generate(env, ['--merchants', '1', '--campaigns', '1']);
  const server = await startBenchServer(env);
  const { url, pid } = server;
  try {
    const owner = await signIn(url, 'owner-1@load.test');
    const merchant = owner.init.merchantinfo.merchants[0].uuid;
    const headers = { authorization: `Bearer ${owner.token}` };
    console.log(`codes import, ${kind}, ${CODES} codes per upload, ${RUNS} uploads`);
    for (let run = 1; run <= RUNS; run += 1) {
      const created = await fetch(`${url}/api/campaigns`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ merchant, type: 'coupon/percent' }),
      });
      const { campaign } = await created.json();
      const file = codeFile(run);
      const form = new FormData();
      form.append('upload', new Blob([file], { type: 'text/plain' }), 'codes.txt');
      const before = await memoryOf(pid);
      const peakReset = await resetPeak(pid);
      const started = performance.now();
      const response = await fetch(`${url}/api/campaigns/${campaign.uuid}/multiple-codes/upload`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body = await response.json();
      const seconds = (performance.now() - started) / 1000;
      if (!response.ok || body.added !== CODES)
        throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
      const after = await memoryOf(pid);
      console.log(
        `  run ${run}: ${seconds.toFixed(2)} s, ${(file.length / 1024 / 1024).toFixed(1)} MB file, ` +
          `server RSS ${before.rss.toFixed(0)} MB before, peak ${after.peak.toFixed(0)} MB ` +
          `(+${(after.peak - before.rss).toFixed(0)} MB${peakReset ? '' : ', peak since start'})`,
      );
    }
    console.log('  (target on PostgreSQL: <= 5 s and <= 200 MB more server memory)');
  } finally {
    await server.stop();
  }
}

/** BENCH_CODES_BACKENDS=pglite,postgres (the default) chooses the databases. */
const backends = (process.env.BENCH_CODES_BACKENDS ?? 'pglite,postgres').split(',');

export async function benchCodes() {
  if (backends.includes('pglite')) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-codes-'));
    try {
      await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (backends.includes('postgres')) {
    await onFreshPostgres('codes import', (env) => measure('PostgreSQL', env));
  }
}
