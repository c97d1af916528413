/**
 * Access-code sets: two imports of overlapping code lists into one set at the
 * same moment (two admins, or a file and a pasted list with the same codes in
 * another order). On PostgreSQL (TEST_DATABASE_URL) the imports overlap for
 * real. A third transaction holds one code of each list until both imports
 * have started, so that they run side by side from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccessCodeSetDetail, TAccessCodesImportResponse } from '@backoffice/domain';
import { accessCodes } from '../src/platform/db/schema.js';
import { validAccessCodeSet } from './fixtures/access-code-sets.js';
import { holdTransaction } from './fixtures/held-transaction.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createSet(): Promise<string> {
  const response = await t.api('POST', '/access-code-sets', 'admin', validAccessCodeSet);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set.id;
}

/** A transaction that has inserted these codes of the set, uncommitted until `release`. */
const holdCodes = (setId: string, codes: string[]) =>
  holdTransaction(t.ctx.db, (tx) =>
    tx.insert(accessCodes).values(codes.map((code) => ({ setId, code }))),
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('importing codes into one access-code set at the same moment', () => {
  it('imports two lists of the same codes in another order at once without answering one of them 503 (deadlock)', async () => {
    const failures: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const setId = await createSet();
      const shared = Array.from(
        { length: 2000 },
        (_, i) => `R${round}-${String(i).padStart(5, '0')}`,
      );
      // Each list starts with a code of its own, which the holder has inserted:
      // both imports wait there and go on together once it commits.
      const holder = await holdCodes(setId, ['HOLD-A', 'HOLD-B']);
      const imports = Promise.all([
        t.api('POST', `/access-code-sets/${setId}/codes`, 'admin', {
          codes: ['HOLD-A', ...shared].join('\n'),
        }),
        t.api('POST', `/access-code-sets/${setId}/codes`, 'admin', {
          codes: ['HOLD-B', ...[...shared].reverse()].join('\n'),
        }),
      ]);
      await pause(300);
      await holder.release();
      const answers = await imports;
      for (const answer of answers) {
        if (answer.statusCode !== 200)
          failures.push(`round ${round}: ${answer.statusCode} ${answer.body}`);
      }
      if (answers.every((answer) => answer.statusCode === 200)) {
        const added = answers.map((a) => a.json<TAccessCodesImportResponse>().import.added);
        expect(added.reduce((sum, n) => sum + n, 0)).toBe(shared.length);
      }
    }
    expect(failures).toEqual([]);
  });
});
