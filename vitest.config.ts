// One Vitest run for the unit and API tests of every workspace.
import { defineConfig } from 'vitest/config';

const resolve = { conditions: ['source', 'module', 'import', 'default'] };

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
