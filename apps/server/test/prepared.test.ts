/**
 * Prepared statements (src/platform/db/prepared.ts) are built once per driver and
 * bound to the connection of each caller: another database gets its own rows,
 * a transaction its own connection (its uncommitted rows, no wait on a
 * connection the transaction itself holds). On PostgreSQL too
 * (TEST_DATABASE_URL), where the pool and a transaction's connection differ.
 */
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/platform/db/client.js';
import { prepared } from '../src/platform/db/prepared.js';
import { openTestDatabase, type TestDatabase } from './helpers.js';

const probe = pgTable('prepared_probe', { id: integer('id').primaryKey(), label: text('label') });

function labelOf(db: DbOrTx, id: number): Promise<{ label: string | null }[]> {
  const query = prepared(db, 'test:probe-label', (name) =>
    db
      .select({ label: probe.label })
      .from(probe)
      .where(eq(probe.id, sql.placeholder('id')))
      .prepare(name),
  );
  return query.execute({ id });
}

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  first = await openTestDatabase();
  second = await openTestDatabase();
  for (const [database, label] of [
    [first, 'first'],
    [second, 'second'],
  ] as const) {
    await database.db.execute(
      sql`create table prepared_probe (id integer primary key, label text)`,
    );
    await database.db.insert(probe).values({ id: 1, label });
  }
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('prepared statements', () => {
  it('answer each database with its own rows', async () => {
    expect(await labelOf(first.db, 1)).toEqual([{ label: 'first' }]);
    expect(await labelOf(second.db, 1)).toEqual([{ label: 'second' }]);
    expect(await labelOf(first.db, 1)).toEqual([{ label: 'first' }]);
  });

  it("run on a transaction's connection: its uncommitted rows, gone with its rollback", async () => {
    const rolledBack = new Error('rolled back');
    await expect(
      first.db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 2, label: 'uncommitted' });
        expect(await labelOf(tx, 2)).toEqual([{ label: 'uncommitted' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await labelOf(first.db, 2)).toEqual([]);
  });

  it('serve transactions one after the other and side by side', async () => {
    const labels = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        second.db.transaction(async (tx) => {
          await tx.insert(probe).values({ id: 10 + n, label: `tx ${n}` });
          const [row] = await labelOf(tx, 10 + n);
          return row?.label;
        }),
      ),
    );
    expect(labels).toEqual(['tx 1', 'tx 2', 'tx 3', 'tx 4']);
    expect(await labelOf(second.db, 13)).toEqual([{ label: 'tx 3' }]);
  });
});
