/**
 * The layout's one-way imports are enforced, not just described: ESLint (the
 * project's own configuration, as `npm run lint` runs it) refuses an import
 * that runs upward through the server's floors, a module reaching into
 * another module's internals, and a web feature importing another feature;
 * the same files with their real imports pass.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const RULE = 'import-x/no-restricted-paths';
let eslint: ESLint;

/** The layout rule's messages for a file of the repository with one line added. */
async function layoutMessages(file: string, added = ''): Promise<string[]> {
  const text = `${readFileSync(path.join(root, file), 'utf8')}\n${added}\n`;
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the layout rules', { timeout: 120_000 }, () => {
  it('pass the files as they are', async () => {
    expect(await layoutMessages('apps/server/src/platform/http/errors.ts')).toEqual([]);
    expect(await layoutMessages('apps/server/src/modules/draws/index.ts')).toEqual([]);
  });

  it('refuse a kernel floor importing a floor above it', async () => {
    const messages = await layoutMessages(
      'apps/server/src/platform/http/errors.ts',
      "export { authenticate as probe } from '../identity/authenticate.js';",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('platform/http stands below');
    expect(messages[0]).toContain('platform/identity');
  });

  it('refuse the kernel importing a module', async () => {
    const messages = await layoutMessages(
      'apps/server/src/platform/db/versions.ts',
      "export { runDueDraws as probe } from '../../modules/draws/index.js';",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('platform/db stands below');
  });

  it("refuse a module reaching into another module's internals", async () => {
    const messages = await layoutMessages(
      'apps/server/src/modules/draws/index.ts',
      "export { reviewQueue as probe } from '../campaigns/review.js';",
    );
    expect(messages).toEqual([expect.stringContaining('only through its public file (index.ts)')]);
  });

  it('refuse a web feature importing another feature', async () => {
    const messages = await layoutMessages(
      'apps/web/src/features/devices/device-name.ts',
      "export { ApiKeysPage as probe } from '../api-keys/pages/api-keys-page';",
    );
    expect(messages).toEqual([
      expect.stringContaining('A feature does not import another feature'),
    ]);
  });
});
