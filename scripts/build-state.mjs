// Tells which build outputs are older than their sources, so `npm start`
// builds only what changed and starts in about a second otherwise, and runs
// those builds with one progress line each.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What `npm start` runs: the server bundled with the packages it loads at
 * every start (apps/server/scripts/bundle.mjs). `npm run dev` runs the
 * compiled modules in apps/server/dist instead, which tsc rewrites as you edit.
 */
const SERVER_ENTRY = 'apps/server/dist/bundle/main.js';
export const serverEntry = path.join(root, SERVER_ENTRY);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

function outdated(at, output, sources) {
  const target = path.join(at, output);
  if (!existsSync(target)) return true;
  const built = statSync(target).mtimeMs;
  return sources.some((source) => newestMtime(path.join(at, source)) > built);
}

/**
 * The workspaces whose build is missing or older than their sources, in
 * build order; `at` is the repository's folder (another one in tests).
 */
export function workspacesToBuild(at = root) {
  const domain = ['packages/domain/src'];
  const list = [];
  // The bundle is written last and holds the installed packages too: npm
  // rewrites node_modules/.package-lock.json whenever it installs.
  const serverSources = [
    ...domain,
    'apps/server/src',
    'apps/server/scripts',
    'node_modules/.package-lock.json',
  ];
  if (outdated(at, SERVER_ENTRY, serverSources)) {
    list.push('apps/server');
  }
  if (outdated(at, 'apps/web/dist/index.html', [...domain, 'apps/web/src', 'apps/web/index.html']))
    list.push('apps/web');
  return list;
}

const WORKSPACE_NAMES = { 'apps/server': 'the server', 'apps/web': 'the web app' };

/**
 * The line `npm start` prints before it builds, so that a first start that
 * takes minutes does not look stuck; undefined when nothing is built. The
 * time is what a 2-core machine takes (README, "Start it").
 */
export function buildNotice(workspaces) {
  if (workspaces.length === 0) return undefined;
  const names = workspaces.map((workspace) => WORKSPACE_NAMES[workspace] ?? workspace);
  return `Building ${names.join(' and ')} before the start (the first time takes about two minutes on 2 cores; later starts build only what changed):`;
}

/**
 * The builds for the stale workspaces, in order, each with its progress
 * line: the server's build needs the domain package built first (its
 * compiled types and modules); the web app's bundler reads the domain's
 * sources itself.
 */
export function buildSteps(workspaces) {
  const steps = [];
  if (workspaces.includes('apps/server')) {
    steps.push({ workspace: 'packages/domain', label: 'Building the domain package' });
    steps.push({ workspace: 'apps/server', label: 'Building the server' });
  }
  if (workspaces.includes('apps/web')) {
    steps.push({ workspace: 'apps/web', label: 'Building the web app' });
  }
  return steps;
}

/** A duration as the progress lines write it: "0.8 s", "41 s" (as the server's, start-progress.ts). */
export const seconds = (ms) =>
  ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run build` of a workspace, its output kept: `{ status, signal, output }`. */
function npmBuild(workspace, at = root) {
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], {
    cwd: at,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: result.status,
    signal: result.signal,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error.message}\n` : ''}`,
  };
}

/**
 * Runs the build steps one after another, each as one line
 * ("Building the server … 41 s"): the tools' own output (the bundler's list
 * of assets) is shown only when a build fails, after the line that says so.
 * Returns the exit code: 0 when every build succeeded.
 */
export function runBuildSteps(
  steps,
  {
    run = npmBuild,
    write = (text) => process.stdout.write(text),
    fail = (text) => process.stderr.write(text),
  } = {},
) {
  for (const step of steps) {
    const started = performance.now();
    write(`${step.label} … `);
    const result = run(step.workspace);
    if (result.status !== 0) {
      // Ctrl+C reached the build too: nothing failed that needs showing.
      if (result.signal) {
        write('stopped\n');
        return 130;
      }
      write('failed\n');
      fail(result.output);
      return result.status ?? 1;
    }
    write(`${seconds(performance.now() - started)}\n`);
  }
  return 0;
}
