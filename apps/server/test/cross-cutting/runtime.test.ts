// The product runs on the Node.js of the root `node` devDependency: npm puts
// node_modules/.bin first on the PATH of every script and `npx`, so
// `npm start`, `npm test` and the processes they spawn with
// `process.execPath` run on it, whatever Node the machine has itself.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '../../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const pinned = manifest.devDependencies.node ?? '';
const pinnedMajor = Number(/^(\d+)\./.exec(pinned)?.[1]);

function majorOf(version: string): number {
  return Number(/^v?(\d+)\./.exec(version.trim())?.[1]);
}

describe('the runtime', () => {
  it('pins one exact Node.js LTS release as the npm scripts’ runtime', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinnedMajor).toBe(24);
  });

  it('installs the pinned Node.js as node_modules/.bin/node', () => {
    const version = execFileSync(path.join(root, 'node_modules/.bin/node'), ['--version'], {
      encoding: 'utf8',
    });
    expect(version.trim()).toBe(`v${pinned}`);
  });

  it('runs `node` of an npm script on the pinned release', () => {
    // Without the npm_* settings of an outer `npm run` or `npx -p node@22`.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
    );
    const version = execFileSync('npm', ['exec', '--offline', '--', 'node', '--version'], {
      cwd: root,
      encoding: 'utf8',
      env,
    });
    expect(majorOf(version)).toBe(pinnedMajor);
  });

  it('starts the product with the `node` npm resolves, in one process', () => {
    expect(manifest.scripts.start).toBe('node scripts/start.mjs');
    const start = readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    expect(start).toMatch(/await import\(pathToFileURL\(serverEntry\)\.href\)/);
    expect(start).not.toMatch(/\bspawn/);
  });

  it('is the runtime of this test run when npm runs it', () => {
    // `npm run test:unit`, `npm test`, `npm run test:server`: on the pinned
    // release. CI runs the same tests once more under Node 22 through npx
    // (`npm_lifecycle_event` is then `npx`), the older LTS line the product
    // supports.
    const event = process.env.npm_lifecycle_event ?? '';
    const major = majorOf(process.version);
    if (event in manifest.scripts) expect(major).toBe(pinnedMajor);
    else expect([22, pinnedMajor]).toContain(major);
  });
});
