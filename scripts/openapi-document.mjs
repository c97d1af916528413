// Writes the OpenAPI document the server serves at /api/docs/json into a file,
// without listening: the built app on an in-memory database, `app.swagger()`.
// Usage: node scripts/openapi-document.mjs <output.json>
// (`npm run lint:api` builds the server first and lints the file with Redocly.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-state.mjs';

const output = process.argv[2];
if (!output) {
  process.stderr.write('usage: node scripts/openapi-document.mjs <output.json>\n');
  process.exit(2);
}
const load = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
const { buildApp } = await load('app.js');
const { createAppContext } = await load('bootstrap.js');
const { loadConfig } = await load('platform/config/config.js');
const { openDatabase } = await load('platform/db/client.js');

const scratch = mkdtempSync(path.join(tmpdir(), 'openapi-'));
try {
  const config = loadConfig({
    ...process.env,
    DEMO: 'true',
    DATA_DIR: scratch,
    LOG_LEVEL: 'silent',
    SCHEDULER_INTERVAL_SECONDS: '0',
    WEEKLY_STATS_MAIL: 'false',
  });
  const database = await openDatabase({ kind: 'memory' });
  const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
  const app = await buildApp(ctx);
  await app.ready();
  writeFileSync(output, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  await database.close();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
