/**
 * Tokens for integrators (docs/product.md#tokens-for-integrators): a
 * merchant's access to the normal API for its own systems, bound to the
 * merchant, to some account roles and to reading or writing. The secret is
 * stored as its SHA-256 hash only (platform/access/api-tokens.ts).
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccountRole, ApiTokenAccess } from '@backoffice/domain';
import { createdAt } from './columns.js';
import { users } from './identity.js';
import { merchants } from './merchants.js';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    roles: text('roles').array().$type<AccountRole[]>().notNull(),
    access: text('access').$type<ApiTokenAccess>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the secret, shown to recognise it. */
    prefix: text('prefix').notNull(),
    /** The person who made it; the token acts in their name (null once they are gone: it stops working). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Updated at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_tokens_merchant_idx').on(t.merchantId, t.createdAt),
    index('api_tokens_creator_idx').on(t.createdBy),
  ],
);
