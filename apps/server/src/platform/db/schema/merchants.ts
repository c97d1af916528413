/**
 * Merchants, their accounts and invitations, locations and API keys.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AccountRole,
  GeocodeStatus,
  ImportJobStatus,
  LocationCountry,
  LocationType,
  NotificationSettings,
  TContact,
  TCoregTerms,
  TSocialLinks,
} from '@backoffice/domain';
import { createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';

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
    vatin: text('vatin'),
    telephone: text('telephone'),
    email: text('email'),
    website: text('website'),
    /** Social links by network (docs/product.md#merchants), empty strings for none. */
    social: jsonb('social')
      .$type<Partial<TSocialLinks>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    contacts: jsonb('contacts')
      .$type<TContact[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    coregEnabled: boolean('coreg_enabled').notNull().default(false),
    coregDefaultSuitable: boolean('coreg_default_suitable').notNull().default(false),
    coregTerms: jsonb('coreg_terms')
      .$type<Partial<TCoregTerms>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Counts the profile's saves (db/versions.ts): a save made from an older
     * version is refused (409 merchant_changed) instead of overwriting it.
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The name as German readers compare it (migration 0022's `fold_name`:
     * lower case, umlauts and accents without their marks, ß as ss, spaces
     * collapsed): the list's order and filter, and one merchant per name.
     */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`fold_name(${merchants.name})`),
  },
  // Byte order ("C"): the list's order by the key reads the index on every database.
  (t) => [uniqueIndex('merchants_name_key_unique').on(sql`${t.nameKey} collate "C"`)],
);

/** A user's membership of a merchant, with the roles it grants (docs/product.md#accounts). */
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
    /** The mails this account chose; null until it chooses (then the role decides, see domain). */
    notificationSettings: jsonb('notification_settings').$type<Partial<NotificationSettings>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_merchant_user_unique').on(t.merchantId, t.userId),
    index('accounts_user_idx').on(t.userId),
  ],
);

/** Invitations of new people to a merchant's accounts; the token is stored hashed (SHA-256). */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * Taken back (the account was removed): the link no longer works, but the
     * row stays, since the invitation limits count every mail sent.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_invitations_token_unique').on(t.tokenHash),
    index('account_invitations_user_idx').on(t.userId, t.createdAt),
    index('account_invitations_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);

/** The background geocoding of one CSV upload: counters for the progress bar. */
export const locationImportJobs = pgTable(
  'location_import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    status: text('status').$type<ImportJobStatus>().notNull().default('running'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    found: integer('found').notNull().default(0),
    notFound: integer('not_found').notNull().default(0),
    /** Rows that ended without an answer: the provider failed at every attempt. */
    geocoderFailed: integer('geocoder_failed').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('location_import_jobs_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** A merchant's addresses (docs/product.md#locations) with the geocoder's answer. */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<LocationType>().notNull().default('store'),
    street: text('street').notNull(),
    streetnumber: text('streetnumber').notNull().default(''),
    entrance: text('entrance').notNull().default(''),
    top: text('top').notNull().default(''),
    floor: text('floor').notNull().default(''),
    coLine: text('co_line').notNull().default(''),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    country: text('country').$type<LocationCountry>().notNull(),
    formattedAddress: text('formatted_address').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    isBillingAddress: boolean('is_billing_address').notNull().default(false),
    isMailAddress: boolean('is_mail_address').notNull().default(false),
    isRedemption: boolean('is_redemption').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    geocodeStatus: text('geocode_status').$type<GeocodeStatus>().notNull().default('pending'),
    importJobId: uuid('import_job_id').references(() => locationImportJobs.id, {
      onDelete: 'set null',
    }),
    /**
     * While geocoding: until when the worker that claimed the row may take
     * (set by the database's clock); after that another worker takes it over.
     */
    geocodeClaimedUntil: timestamp('geocode_claimed_until', { withTimezone: true }),
    /** Background attempts whose provider could not answer (timeout, HTTP 5xx, quota). */
    geocodeAttempts: integer('geocode_attempts').notNull().default(0),
    /** After a provider failure: the row is not claimed again before this time. */
    geocodeRetryAt: timestamp('geocode_retry_at', { withTimezone: true }),
    /** Counts the location's saves (db/versions.ts): a save from an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_merchant_idx').on(t.merchantId, t.name),
    index('locations_import_job_idx').on(t.importJobId, t.geocodeStatus),
  ],
);

/** Keys the consumer app sends participation data with (stored hashed, SHA-256). */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** The first characters of the key, shown to recognise it. */
  prefix: text('prefix').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
