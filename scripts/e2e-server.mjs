// Starts the built product for the browser tests: a fresh embedded database
// with demo data in a temporary folder, removed again when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEntry } from './build-state.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
const server = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    // Journeys start from the demo accounts alone and make their own campaigns.
    DEMO_ACTIVITY: 'false',
    // The webhooks journey's receiver listens on 127.0.0.1, which webhooks are otherwise
    // never sent to; events wait a second, not five, before their first attempt.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_DISPATCH_INTERVAL_SECONDS: '1',
  },
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
