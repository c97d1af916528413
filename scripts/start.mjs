// `npm start`: builds what is missing or stale, then runs the whole product
// (API, identity provider, web app, embedded database) in one process.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildNotice, root, serverEntry, workspacesToBuild } from './build-state.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stale = workspacesToBuild();
const notice = buildNotice(stale);
if (notice) console.log(notice);
for (const workspace of stale) {
  if (workspace === 'apps/server') {
    const domain = spawnSync(npm, ['run', 'build', '-w', 'packages/domain'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (domain.status !== 0) process.exit(domain.status ?? 1);
  }
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in this process: a second Node process would add its start
// (about 0.1 s) and its memory (about 40 MB) for nothing.
await import(pathToFileURL(serverEntry).href);
