/** Unit tests of the web app: pure logic only, no DOM needed. */
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
