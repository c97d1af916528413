/**
 * The database schema (Drizzle, pg-core). Migrations in ./migrations are
 * generated from this file by `npm run db:generate -w apps/server`.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
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
  EventType,
  ParticipantGender,
  TCampaignContent,
  StepError,
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
    /**
     * The campaign's errors, computed when it is written (validateCampaign), so
     * that lists and reads never validate content. Valid for the rules of
     * `validation_version` (VALIDATION_RULES_VERSION); older rows are
     * recomputed at start and, until then, when read.
     */
    validationErrors: jsonb('validation_errors')
      .$type<StepError[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    validationVersion: integer('validation_version').notNull().default(0),
    /** Incremented by every change of the content or image: a save from a stale copy is refused. */
    version: integer('version').notNull().default(1),
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
    // Whether another campaign still uses an image file before it is deleted.
    index('campaigns_image_path_idx').on(t.imagePath),
    index('campaigns_validation_version_idx').on(t.validationVersion),
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

/**
 * Raw events of the consumer app, append-only. The primary key leads with the
 * time, so that on PostgreSQL the table can be range-partitioned by
 * `occurred_at` (one partition a month) without changing a query; idempotency
 * by event id lives in `event_receipts`, which needs no time. Dashboards and
 * charts never read this table: they read the rollups below.
 */
export const participationEvents = pgTable(
  'participation_events',
  {
    id: uuid('id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    type: text('type').$type<EventType>().notNull(),
    campaignId: uuid('campaign_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    participantId: text('participant_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.occurredAt, t.id] }),
    index('participation_events_participant_idx').on(t.participantId),
  ],
);

/** Ids of the events received, so that an event sent twice is counted once. */
export const eventReceipts = pgTable('event_receipts', {
  id: uuid('id').primaryKey(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
});

/** A pseudonymous participant's profile (no name, no address): what the charts group by. */
export const participants = pgTable('participants', {
  id: text('id').primaryKey(),
  gender: text('gender').$type<ParticipantGender>(),
  birthYear: integer('birth_year'),
  kids: jsonb('kids')
    .$type<{ gender: ParticipantGender | null; birth_year: number | null }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who took part in a campaign, and when first: distinct_users and distinct participations. */
export const campaignParticipants = pgTable(
  'campaign_participants',
  {
    campaignId: uuid('campaign_id').notNull(),
    participantId: text('participant_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.participantId] }),
    index('campaign_participants_participant_idx').on(t.participantId),
  ],
);

/** Who took part in any campaign of a merchant, and when first: the dashboard's user counts. */
export const merchantParticipants = pgTable(
  'merchant_participants',
  {
    merchantId: uuid('merchant_id').notNull(),
    participantId: text('participant_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.participantId] }),
    index('merchant_participants_participant_idx').on(t.participantId),
  ],
);

/** Counts per field of a rollup row. */
const rollupCounts = () => ({
  participations: integer('participations').notNull().default(0),
  /** Participations that were the participant's first in that campaign. */
  firstParticipations: integer('first_participations').notNull().default(0),
  viewList: integer('view_list').notNull().default(0),
  viewDetail: integer('view_detail').notNull().default(0),
  viewMail: integer('view_mail').notNull().default(0),
});

/** Rollup per campaign and day (in the configured time zone), kept at ingest. */
export const campaignDailyStats = pgTable(
  'campaign_daily_stats',
  {
    campaignId: uuid('campaign_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    day: date('day').notNull(),
    ...rollupCounts(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/** Rollup per merchant and day (in the configured time zone), kept at ingest. */
export const merchantDailyStats = pgTable(
  'merchant_daily_stats',
  {
    merchantId: uuid('merchant_id').notNull(),
    day: date('day').notNull(),
    ...rollupCounts(),
    /** Participants whose first participation with the merchant fell on that day. */
    newParticipants: integer('new_participants').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/**
 * One winner draw of a sweepstake: the seed and the hash of the sorted
 * participant list let an auditor repeat it (apps/server/src/modules/draws).
 */
export const draws = pgTable('draws', {
  id: uuid('id').primaryKey().defaultRandom(),
  campaignId: uuid('campaign_id')
    .notNull()
    .unique()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  seed: text('seed').notNull(),
  participantsHash: text('participants_hash').notNull(),
  participantCount: integer('participant_count').notNull(),
  manual: boolean('manual').notNull(),
  drawnBy: uuid('drawn_by').references(() => users.id, { onDelete: 'set null' }),
  drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One prize unit won by one participant; pending until the consumer app reports it handled. */
export const wins = pgTable(
  'wins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    prizeIndex: integer('prize_index').notNull(),
    participantId: text('participant_id').notNull(),
    status: text('status').$type<'pending' | 'handled'>().notNull().default('pending'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('wins_merchant_status_idx').on(t.merchantId, t.status),
    index('wins_campaign_idx').on(t.campaignId),
    index('wins_participant_idx').on(t.participantId),
  ],
);
