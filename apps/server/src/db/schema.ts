/**
 * The database schema (Drizzle, pg-core). Migrations in ./migrations are
 * generated from this file by `npm run db:generate -w apps/server`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccountRole, UserLevel } from '@backoffice/domain';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** People who sign in. Credentials belong to the built-in identity provider. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    /** scrypt hash; null for users who have not registered yet (invited) or who sign in elsewhere. */
    passwordHash: text('password_hash'),
    locale: text('locale').notNull().default('de'),
    level: text('level').$type<UserLevel>().notNull().default('other'),
    /** Issuer and subject of the last token seen, for users of an external provider. */
    externalIssuer: text('external_issuer'),
    externalSubject: text('external_subject'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    brandName: text('brand_name'),
    internalName: text('internal_name'),
    description: text('description'),
    level: integer('level').notNull().default(0),
    isValid: boolean('is_valid').notNull().default(true),
    /** Reasons the merchant is invalid, as message texts shown beside the red bell. */
    errors: jsonb('errors')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    imagePath: text('image_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('merchants_name_idx').on(t.name)],
);

/** A user's membership of a merchant, with the roles it grants (spec §3 Account). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roles: jsonb('roles')
      .$type<AccountRole[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pendingInvitation: boolean('pending_invitation').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_merchant_user_unique').on(t.merchantId, t.userId),
    index('accounts_user_idx').on(t.userId),
  ],
);

/** One-time OAuth2 authorization codes of the built-in provider (stored hashed). */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  scope: text('scope').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Key/value facts about the installation (e.g. when demo data was seeded). */
export const systemSettings = pgTable(
  'system_settings',
  {
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);
