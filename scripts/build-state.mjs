// Tells which build outputs are older than their sources, so `npm start`
// builds only what changed and starts in about a second otherwise.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
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
 * takes a minute or two does not look stuck; undefined when nothing is built.
 */
export function buildNotice(workspaces) {
  if (workspaces.length === 0) return undefined;
  const names = workspaces.map((workspace) => WORKSPACE_NAMES[workspace] ?? workspace);
  return `Building ${names.join(' and ')} before the start (the first time takes a minute or two; later starts build only what changed) …`;
}
