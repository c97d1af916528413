// Tells which build outputs are older than their sources, so `npm start`
// builds only what changed and starts in about a second otherwise.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

function outdated(output, sources) {
  const target = path.join(root, output);
  if (!existsSync(target)) return true;
  const built = statSync(target).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/** The workspaces whose build is missing or older than their sources, in build order. */
export function workspacesToBuild() {
  const domain = ['packages/domain/src'];
  const list = [];
  // tsc -b rewrites only the outputs that change, but always its build info.
  if (outdated('apps/server/dist/.tsbuildinfo', [...domain, 'apps/server/src'])) {
    list.push('apps/server');
  }
  if (outdated('apps/web/dist/index.html', [...domain, 'apps/web/src', 'apps/web/index.html']))
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
