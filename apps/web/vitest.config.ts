/**
 * Tests of the web app: pure logic in Node (*.test.ts), and components
 * (*.test.tsx) in jsdom, each such file saying so with a
 * `// @vitest-environment jsdom` comment (see shared/testing/render.tsx).
 */
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';
import { textParts } from './build/text-parts-plugin.ts';

export default defineProject({
  plugins: [textParts()],
  // The domain package's TypeScript source, never a stale or missing build:
  // in jsdom (client conditions) and in Node (server conditions) alike.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  ssr: {
    resolve: {
      conditions: ['source', ...defaultServerConditions],
    },
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    // The mock API server (Mock Service Worker) around every test file.
    setupFiles: ['src/shared/testing/msw/setup.ts'],
    // Component tests drive jsdom with userEvent; on a busy two-core machine
    // one of them has taken 7 s. A limit to catch a hang, not a speed target.
    testTimeout: 30_000,
  },
});
