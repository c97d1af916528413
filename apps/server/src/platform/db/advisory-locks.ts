/**
 * Advisory locks that let one server process at a time do a piece of
 * background work: arbitrary, fixed keys, one per kind of work, and the
 * transaction-scoped try-lock (released at commit or when a process dies).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from './client.js';

/** Beside 73_019_114, the key of the migrations at start (db/client.ts). */
export const ADVISORY_LOCK_KEYS = {
  /** The campaign scheduler's status changes. */
  scheduler: 73_019_115,
  /** The purge of raw events past their retention. */
  retention: 73_019_116,
  /** The statistics fold (modules/ingest/fold.ts), blocking: one fold at a time. */
  statisticsFold: 73_019_117,
  /**
   * Erasing a participant (exclusive) against writing participation data
   * (shared: ingest batches and the profiles stored after them).
   */
  erasure: 73_019_118,
  /** Creating a webhook endpoint: the count against the limit and the insert, one at a time. */
  webhookEndpoints: 73_019_119,
} as const;

/** Takes a transaction-scoped advisory lock if it is free; whether it was taken. */
export async function tryAdvisoryXactLock(tx: DbOrTx, key: number): Promise<boolean> {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  );
  return lock?.locked ?? false;
}

/** Waits for a transaction-scoped advisory lock, held alone. */
export async function advisoryXactLock(tx: DbOrTx, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Waits for a transaction-scoped advisory lock, shared with others of this kind. */
export async function advisoryXactLockShared(tx: DbOrTx, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${key})`);
}
