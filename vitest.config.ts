// One Vitest run for the unit and API tests of every workspace.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Tests always run against the domain package's TypeScript source, never a
// stale build (Node-side projects ignore the 'source' export condition).
const resolve = {
  alias: {
    '@backoffice/domain': path.resolve(import.meta.dirname, 'packages/domain/src/index.ts'),
  },
};

export default defineConfig({
  test: {
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
