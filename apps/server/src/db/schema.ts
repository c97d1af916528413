/**
 * The database schema (Drizzle, pg-core). Migrations in ./migrations are
 * generated from this file by `npm run db:generate -w apps/server`.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  index,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AccountRole,
  GeocodeStatus,
  LocationCountry,
  LocationType,
  NotificationSettings,
  TContact,
  TCoregTerms,
  TSocialLinks,
  CampaignStatus,
  CampaignType,
  TCampaignContent,
  UserLevel,
} from '@backoffice/domain';
import { titleSortKey } from './expressions.js';

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
    vatin: text('vatin'),
    telephone: text('telephone'),
    email: text('email'),
    website: text('website'),
    /** Social links by network (spec §3), empty strings for none. */
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
    /** The mails this account chose; null until it chooses (then the role decides, see domain). */
    notificationSettings: jsonb('notification_settings').$type<Partial<NotificationSettings>>(),
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

/**
 * Campaigns. Columns hold what lists filter and sort by; `content` holds the
 * wizard's fields (validated by ZCampaignContent of the domain package).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    type: text('type').$type<CampaignType>().notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('created'),
    title: jsonb('title')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    content: jsonb('content').$type<TCampaignContent>().notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isListable: boolean('is_listable').notNull().default(true),
    /** Steps saved at least once, e.g. {benefit: true}. */
    stepsSaved: jsonb('steps_saved')
      .$type<Record<string, boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Set by clone: a cloned campaign counts as valid (spec §4). */
    isClone: boolean('is_clone').notNull().default(false),
    imagePath: text('image_path'),
    imageExtension: text('image_extension'),
    participations: integer('participations').notNull().default(0),
    distinctUsers: integer('distinct_users').notNull().default(0),
    viewList: integer('view_list').notNull().default(0),
    viewDetail: integer('view_detail').notNull().default(0),
    viewMail: integer('view_mail').notNull().default(0),
    parentId: uuid('parent_id'),
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    /** When an agency's submission is approved without review. */
    autoApproveAt: timestamp('auto_approve_at', { withTimezone: true }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the list's text filter searches: every title and the id (migration 0005's function). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`campaign_search_text(${campaigns.title}, ${campaigns.id})`),
  },
  (t) => [
    // The list's default order, per merchant and across merchants (admins).
    index('campaigns_merchant_valid_from_idx').on(t.merchantId, t.validFrom, t.id),
    // After the unique id the order is settled; valid_until and status let the
    // runtime filters (phases) skip non-matching entries inside the index.
    index('campaigns_valid_from_idx').on(t.validFrom, t.id, t.validUntil, t.status),
    // Every other order of the admins' list over all merchants.
    index('campaigns_valid_from_desc_idx').on(
      t.validFrom.desc().nullsLast(),
      t.id.desc(),
      t.validUntil,
      t.status,
    ),
    index('campaigns_valid_until_idx').on(t.validUntil, t.id),
    index('campaigns_valid_until_desc_idx').on(t.validUntil.desc().nullsLast(), t.id.desc()),
    index('campaigns_modified_idx').on(t.modifiedAt, t.id),
    index('campaigns_created_idx').on(t.createdAt, t.id),
    // A bounded key (db/expressions.ts): no title can make an index entry too large.
    index('campaigns_title_idx').on(titleSortKey(t.title), t.id),
    // With status, the capped count of a type filter reads the index alone.
    index('campaigns_type_idx').on(t.type, t.id, t.status),
    index('campaigns_merchant_status_idx').on(t.merchantId, t.status),
    index('campaigns_merchant_modified_idx').on(t.merchantId, t.modifiedAt),
    index('campaigns_status_idx').on(t.status, t.id),
    // A status filter in the default order, and its count, read this index alone.
    index('campaigns_status_valid_from_idx').on(t.status, t.validFrom, t.id),
    // Approved campaigns in the default order: the running and pending phases
    // (the scheduler ends approved campaigns, so few of them lie in the past).
    index('campaigns_approved_valid_from_idx')
      .on(t.validFrom, t.id, t.validUntil)
      .where(sql`${t.status} in ('approved', 'active')`),
    // Unapproved campaigns in the default order: the missing-approval phase.
    index('campaigns_unapproved_valid_from_idx')
      .on(t.validFrom, t.id, t.validUntil)
      .where(sql`${t.status} in ('created', 'submitted', 'start_review')`),
    index('campaigns_parent_idx').on(t.parentId),
    index('campaigns_auto_approve_idx').on(t.autoApproveAt),
    index('campaigns_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Every status change of a campaign: from, to, who, when, why. */
export const campaignStatusHistory = pgTable(
  'campaign_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<CampaignStatus>(),
    toStatus: text('to_status').$type<CampaignStatus>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('campaign_status_history_campaign_idx').on(t.campaignId, t.createdAt)],
);

/** Tags of tip campaigns, offered for autocompletion. */
export const tags = pgTable('tags', {
  name: text('name').primaryKey(),
  createdAt: createdAt(),
});

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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_invitations_token_unique').on(t.tokenHash),
    index('account_invitations_user_idx').on(t.userId),
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
    status: text('status').$type<'running' | 'done'>().notNull().default('running'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    found: integer('found').notNull().default(0),
    notFound: integer('not_found').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('location_import_jobs_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** A merchant's addresses (spec §3 Location) with the geocoder's answer. */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_merchant_idx').on(t.merchantId, t.name),
    index('locations_import_job_idx').on(t.importJobId, t.geocodeStatus),
  ],
);
