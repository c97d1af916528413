/**
 * Idempotency keys of the merchant API (docs/api.md, "Idempotent requests"):
 * the first answer to a caller's POST under a key, replayed for a retry with
 * the same key and body within 24 hours.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who sent it: keys of different callers never meet. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    /** The answer's body as JSON text (null while running). */
    responseBody: text('response_body'),
    createdAt: createdAt(),
    /** When the running request took the key; a request that never answered frees it after a while. */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
