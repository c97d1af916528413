// `npm run lint:api`: the OpenAPI document the server serves, linted by Redocly
// (recommended rules, redocly.yaml) without a running server and without
// network: the document is built by scripts/openapi-document.mjs into a
// temporary file; telemetry and the update check are off. The same document
// then checks the generated API types (packages/client/src/schema.generated.ts,
// scripts/api-types.mjs --check): they must be what `npm run api:types`
// writes from it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './build-state.mjs';

const scratch = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const document = path.join(scratch, 'openapi.json');
const run = (args, env = {}) =>
  spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status ?? 1;
const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
let status;
try {
  status = run([path.join(root, 'scripts/openapi-document.mjs'), document]);
  if (status === 0) {
    status = run([redocly, 'lint', document, '--config', path.join(root, 'redocly.yaml')], {
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    });
  }
  if (status === 0) {
    status = run([path.join(root, 'scripts/api-types.mjs'), '--check', '--document', document]);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(status);
