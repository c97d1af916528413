// `npm run dev`: the TypeScript compiler in watch mode, the server restarted
// on every change of its output, and the Vite dev server with hot reload at
// http://localhost:5173 (it proxies the API to the server on port 3000).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build-state.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const vite = 'http://localhost:5173';
// The browser talks to the Vite origin only; Vite proxies the identity provider too.
const env = {
  ...process.env,
  OAUTH_REDIRECT_URIS: process.env.OAUTH_REDIRECT_URIS ?? `${vite}/oauth2/postback`,
  OAUTH_AUTHORIZE_URL: process.env.OAUTH_AUTHORIZE_URL ?? `${vite}/identity/authorize`,
  OAUTH_TOKEN_URL: process.env.OAUTH_TOKEN_URL ?? `${vite}/identity/token`,
};
const first = spawnSync('npm', ['run', 'build', '-w', 'packages/domain', '-w', 'apps/server'], {
  cwd: root,
  stdio: 'inherit',
});
if (first.status !== 0) process.exit(first.status ?? 1);
const children = [
  spawn(npx, ['tsc', '-b', 'apps/server', '--watch', '--preserveWatchOutput'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch-path=apps/server/dist', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(npx, ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
