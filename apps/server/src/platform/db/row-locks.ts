/**
 * Row locks that put the commands on one entity in line: the row with the
 * given id, locked FOR UPDATE to the end of the transaction. A command that
 * decides on what it reads (how many accounts a merchant has, which
 * campaigns a set links, how many merchants a user has) takes the lock of
 * the entity first, so that another such command waits for its commit.
 */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from './client.js';

/** Locks the row whose `idColumn` is `id`; false when there is no such row. */
export async function lockRow(tx: DbOrTx, idColumn: AnyPgColumn, id: string): Promise<boolean> {
  const rows = await queryRows<{ locked: number }>(
    tx,
    sql`select 1 as locked from ${idColumn.table} where ${idColumn} = ${id} for update`,
  );
  return rows.length > 0;
}
