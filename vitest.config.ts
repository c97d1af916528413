// One Vitest run for the unit and API tests of every workspace.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests always run against the domain package's TypeScript source, never a
// stale or missing build (Node-side projects ignore the 'source' export
// condition): each export of the package maps to the file its 'source'
// condition names, by exact name ('@backoffice/domain' alone would also
// catch '@backoffice/domain/slug').
const domain = path.resolve(import.meta.dirname, 'packages/domain');
const domainExports: Record<string, { source: string }> = JSON.parse(
  readFileSync(path.join(domain, 'package.json'), 'utf8'),
).exports;
const resolve = {
  alias: Object.entries(domainExports).map(([subpath, target]) => ({
    find: new RegExp(`^${path.posix.join('@backoffice/domain', subpath)}$`),
    replacement: path.join(domain, target.source),
  })),
};

export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself (cores - 1): on a 2-core
    // machine one test file at a time. Its main process idles while the
    // files run (their databases work in the files' own processes), so
    // every core runs a file.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] },
      },
      {
        resolve,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The files of a worker share its modules: the server's sources are
          // loaded once per worker, not once per file (some 9 CPU-seconds a
          // file, docs/decisions/032-code-layout-and-tests.md). Each file
          // still opens its own database and app; the server keeps its state
          // per app context, and tests that change process-wide things (the
          // clock, TZ) put them back.
          isolate: false,
          // Limits that catch a hang, not speed targets: creating an embedded
          // database (initdb in WebAssembly) has taken 30 s on a busy machine.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
