// `npm start`: builds what is missing or stale, then runs the whole product
// (API, identity provider, web app, embedded database) in one process.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildNotice, root, workspacesToBuild } from './build-state.mjs';

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

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
