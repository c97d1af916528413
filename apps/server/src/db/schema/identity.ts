/**
 * People who sign in, their sessions, the built-in OAuth2 provider's codes and installation facts.
 */
import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { UserLevel } from '@backoffice/domain';
import { createdAt, updatedAt } from './columns.js';

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
    /**
     * The external provider's identity this user is bound to (issuer and
     * subject of its tokens); such a user is found by these, never by email.
     */
    externalIssuer: text('external_issuer'),
    externalSubject: text('external_subject'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_external_identity_unique').on(t.externalIssuer, t.externalSubject),
  ],
);

/**
 * Sign-ins at the built-in provider. Every token carries its session's id
 * (`sid`); a token is accepted while its session has not ended and is younger
 * than its maximum age. Logout ends the session, and with it every token
 * renewed from it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When a token was last renewed from this session. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Logout; null while the session lasts. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** created_at + SESSION_MAX_AGE_HOURS at sign-in: no token of the session lives longer. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
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
