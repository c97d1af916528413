// Browser tests: whole user journeys against the built product in Debian's
// Chromium (never a downloaded browser).
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // Per port, so that parallel runs (CI runs one) do not remove each other's artifacts.
  outputDir: path.join(root, 'test-results', String(port)),
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'de-DE',
    // No transitions to race: the app honours the reduced-motion preference.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: root,
    url: `http://localhost:${port}/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(port) },
  },
});
