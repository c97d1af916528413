/**
 * People who sign in, their sessions, the built-in OAuth2 provider's codes and installation facts.
 */
import {
  bigint,
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
import type { UserLevel } from '@backoffice/domain';
import { createdAt, updatedAt } from './columns.js';

/** People who sign in. Credentials belong to the built-in identity provider. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    /** Argon2id hash (older ones scrypt, replaced at the next sign-in); null for users who have not registered yet (invited) or who sign in elsewhere. */
    passwordHash: text('password_hash'),
    locale: text('locale').notNull().default('de'),
    level: text('level').$type<UserLevel>().notNull().default('other'),
    /**
     * The external provider's identity this user is bound to (issuer and
     * subject of its tokens); such a user is found by these, never by email.
     */
    externalIssuer: text('external_issuer'),
    externalSubject: text('external_subject'),
    /**
     * Two-factor sign-in (TOTP, RFC 6238): the shared secret, encrypted with
     * the configured key; set when the person confirmed it with a first code.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is taken once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** A secret being set up (encrypted), until the person confirms it with a first code. */
    totpPendingSecret: text('totp_pending_secret'),
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
    /** The browser's User-Agent and the client address at sign-in (the account's device list). */
    userAgent: text('user_agent'),
    address: text('address'),
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

/**
 * Password reset links (stored hashed): single-use, valid until expires_at
 * (PASSWORD_RESET_TTL_MINUTES); a newer request voids the older ones.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used, or voided by a newer request or a password set otherwise. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/** Single-use recovery codes of two-factor sign-in (stored hashed), ten per set-up. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in between its password and its second step (the code, or a
 * set-up the account must make first): the token in the page's form
 * (stored hashed), valid a few minutes, a limited number of attempts.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify' (a code is asked) or 'setup' (the account must set up two-factor sign-in first). */
    kind: text('kind').$type<'verify' | 'setup'>().notNull(),
    /** The password hash that was verified: a password changed meanwhile voids the challenge. */
    passwordHash: text('password_hash').notNull(),
    /** For 'setup': the secret offered (encrypted), confirmed by the first code. */
    pendingSecret: text('pending_secret'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/**
 * Security events of an account (password reset or changed, two-factor
 * sign-in set up, removed or reset by an admin, sessions ended): who did it,
 * from where; each is also mailed to the account.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Who caused it, when not the account itself (an admin). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    address: text('address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);

/** Key/value facts about the installation (e.g. when demo data was seeded). */
export const systemSettings = pgTable(
  'system_settings',
  {
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);
