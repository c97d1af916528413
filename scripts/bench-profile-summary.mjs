// Where a server's CPU goes, per call type: summarises a .cpuprofile written
// by `npm run bench -- load` with BENCH_SERVER_NODE_ARGS="--cpu-prof
// --cpu-prof-dir=<dir>" and BENCH_LOAD_PROFILE_WINDOWS=<file> (the measured
// window of each call type). Each sample of the server's main thread is
// given to the first frame, from the innermost outward, that belongs to a
// category: authentication and session check, access resolution, SQL (the
// driver and drizzle; the round trips are counted by the bench's proxy),
// response building and validation, serialisation, request validation,
// compression, logging, Node's HTTP (parsing, writing the answer to the
// socket), garbage collection, Fastify and the rest. Frames of
// the server bundle are mapped back to their modules through its source map.
// Only the main thread is sampled: sharp's work (image uploads) on other
// threads is not in it.
//
//   node scripts/bench-profile-summary.mjs <profile.cpuprofile> <windows.jsonl>
import { readFileSync, existsSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const CATEGORIES = [
  'authentication and session check',
  'access resolution',
  'SQL (driver, drizzle)',
  'response building and validation',
  'serialisation',
  'request validation',
  'compression',
  'logging',
  'HTTP: parsing, writing the answer',
  'garbage collection',
  'Fastify and other',
];

/** Source maps of the bundle's chunks, by file URL (null: none). */
const maps = new Map();
function sourceMapOf(url) {
  if (!maps.has(url)) {
    let map = null;
    try {
      const file = fileURLToPath(url);
      if (existsSync(`${file}.map`))
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** Where a frame's code comes from: the bundle's original source and line where there is a map. */
function sourceOf(callFrame) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url.startsWith('file:')) return { source: url, line: lineNumber };
  const entry = sourceMapOf(url)?.findEntry(lineNumber, columnNumber);
  return entry?.originalSource
    ? { source: entry.originalSource, line: entry.originalLine }
    : { source: url, line: lineNumber };
}

/** fastify-type-provider-zod: its serializer compiler's function follows the validator compiler's. */
const ZOD_PROVIDER_SERIALIZER_LINE = { 'src/core.ts': 210, 'dist/esm/core.js': 114 };

/**
 * A frame's category, or null for a frame that only passes work on (V8's
 * builtins, Node's internals, zod, which both sides of an answer use): its
 * caller decides.
 */
function categoryOf(callFrame, { source, line }) {
  const name = callFrame.functionName;
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(program)') return 'Fastify and other';
  if (source === '' && name === 'stringify') return 'serialisation';
  if (/fast-json-stringify|\/platform\/http\/serializ/.test(source)) return 'serialisation';
  if (/fastify-type-provider-zod/.test(source)) {
    const file = Object.keys(ZOD_PROVIDER_SERIALIZER_LINE).find((end) => source.endsWith(end));
    return file && line >= ZOD_PROVIDER_SERIALIZER_LINE[file]
      ? 'response building and validation'
      : 'request validation';
  }
  if (/\/platform\/identity\/|\/jose\/|\/access\/api-tokens|\/access\/session-cache/.test(source))
    return 'authentication and session check';
  if (/\/platform\/access\//.test(source)) return 'access resolution';
  if (
    /\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|drizzle-orm)\/|\/platform\/db\//.test(
      source,
    )
  )
    return 'SQL (driver, drizzle)';
  if (/@fastify\/compress|node:zlib|minipass|pumpify|duplexify/.test(source)) return 'compression';
  if (/\/pino|\/platform\/http\/logging|sonic-boom/.test(source)) return 'logging';
  if (/^node:_http_/.test(source)) return 'HTTP: parsing, writing the answer';
  if (/\/modules\/|\/packages\/domain\/|\/domain\/dist\//.test(source))
    return 'response building and validation';
  if (/\/node_modules\/zod\//.test(source)) return null;
  if (/\/node_modules\/|\/apps\/server\//.test(source)) return 'Fastify and other';
  return null;
}

export function summarise(profile, window) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const categoryCache = new Map();
  const categoryOfNode = (id) => {
    if (categoryCache.has(id)) return categoryCache.get(id);
    const node = byId.get(id);
    let category = categoryOf(node.callFrame, sourceOf(node.callFrame));
    if (category === null) {
      const up = parent.get(id);
      category = up === undefined ? 'Fastify and other' : categoryOfNode(up);
    }
    categoryCache.set(id, category);
    return category;
  };
  const totals = new Map(CATEGORIES.map((category) => [category, 0]));
  let time = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (window && (time < window.startUs || time > window.endUs)) continue;
    const node = byId.get(profile.samples[i]);
    if (node.callFrame.functionName === '(idle)') continue;
    const category = categoryOfNode(node.id);
    totals.set(category, totals.get(category) + delta / 1000);
    busy += delta / 1000;
  }
  return { totals, busy };
}

function main() {
  const [profileFile, windowsFile] = process.argv.slice(2);
  if (!profileFile) {
    console.error(
      'usage: node scripts/bench-profile-summary.mjs <profile.cpuprofile> [windows.jsonl]',
    );
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  const windows = windowsFile
    ? readFileSync(windowsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((window) => window.startUs >= profile.startTime && window.endUs <= profile.endTime)
    : [{ type: 'whole profile', calls: 1 }];
  for (const window of windows) {
    const { totals, busy } = summarise(profile, window.startUs === undefined ? undefined : window);
    // Samples are taken on the wall clock: on a loaded machine a descheduled
    // thread still collects them, so the shares are scaled to the process's
    // CPU per call where the bench measured it.
    const scale = window.cpuMsPerCall === undefined ? 1 / window.calls : window.cpuMsPerCall / busy;
    const perCall = (ms) => (ms * scale).toFixed(3);
    console.log(
      `\n${window.type}: ${window.calls} calls${window.cpuMsPerCall === undefined ? '' : `, process CPU ${window.cpuMsPerCall.toFixed(2)} ms per call (profiled)`}${window.roundTrips === undefined ? '' : `, ${window.roundTrips.toFixed(1)} SQL round trips per call`}\n`,
    );
    console.log('| where                             | ms per call | share |');
    console.log('| --------------------------------- | ----------: | ----: |');
    for (const [category, ms] of totals) {
      if (ms === 0) continue;
      console.log(
        `| ${category.padEnd(33)} | ${perCall(ms).padStart(11)} | ${((100 * ms) / busy).toFixed(0).padStart(4)}% |`,
      );
    }
    console.log(`| ${'all'.padEnd(33)} | ${perCall(busy).padStart(11)} |  100% |`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
