/**
 * Participation events, participants, daily rollups, draws and wins.
 */
import type { WinStatus } from '@backoffice/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventType, ParticipantGender } from '@backoffice/domain';
import { createdAt, updatedAt } from './columns.js';
import { campaigns } from './campaigns.js';
import { users } from './identity.js';

/**
 * Raw events of the consumer app, append-only. The primary key leads with the
 * time, so that on PostgreSQL the table can be range-partitioned by
 * `occurred_at` (one partition a month) without changing a query, and it is
 * the receipt that makes ingest idempotent: an event sent again carries the
 * same id and time and is stored (and counted) once. New events land near the
 * end of the key (they happen now), never at random places in it. Dashboards
 * and charts never read this table: they read the rollups below.
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
    // Whose events to erase (DSGVO): only events about a participant name one.
    index('participation_events_participant_idx')
      .on(t.participantId)
      .where(sql`${t.participantId} is not null`),
  ],
);

/**
 * Receipts of raw events by their id alone, for a while: an event sent again
 * with another time is a duplicate within EVENT_RECEIPT_DAYS of its first
 * receipt (the events' own key, time and id, recognises an unchanged resend
 * for as long as the event is kept). An erasure keeps the ids of the events
 * it deletes here until they would be too old for ingest, so a batch sent
 * again after it is a duplicate (a receipt names no participant). Kept apart
 * from the events, whose table can then be partitioned by time (a unique
 * index on the id alone forbids that), and bounded in time: an index of every
 * id of the retention period took every event an insert at a random place of
 * a twenty-million-entry index (docs/decisions/018-participation-data-and-statistics.md).
 */
export const eventReceipts = pgTable(
  'event_receipts',
  {
    id: uuid('id').primaryKey(),
    /** When the receipt may be purged. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_receipts_expires_at_idx').on(t.expiresAt)],
);

/**
 * Participants erased on request (DSGVO Art. 17), by a keyed hash of their
 * pseudonymous id (HMAC-SHA256 under the installation's `erasure` secret), so
 * that the row names nobody: new events for the id are refused for a while
 * after the erasure, and the row is purged then.
 */
export const erasedParticipants = pgTable(
  'erased_participants',
  {
    key: text('key').primaryKey(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('erased_participants_erased_at_idx').on(t.erasedAt)],
);

/**
 * Random secrets of the installation that live with its data (made at first
 * use, the same for every process), by name; hex.
 */
export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
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
  /** When the event the stored profile came with happened: an older event's profile never replaces it. */
  profileAt: timestamp('profile_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The start of every id that stands in for a forgotten participant (erased on
 * request, or not seen within the retention period) in the tables that keep
 * them counted: campaign_participants, merchant_participants,
 * merchant_participants_without_tips, wins, access_code_uses. A colon is no character of a participant id
 * (ZParticipantId), so such an id never names a person and is never taken for
 * one: no draw picks it, no sweep forgets it again.
 */
export const FORGOTTEN_PREFIX = 'erased:';

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

/**
 * Who took part in any campaign of a merchant other than its tips, and when
 * first: the dashboard's user counts for a user who may not open tips
 * (CampaignVisibility, the only hiding there is). `first_at` is the earliest
 * `campaign_participants.first_at` of the merchant's campaigns that are no
 * tip (a campaign's type never changes): a participation that arrives late
 * and happened earlier lowers it, and `replaced_first_at` keeps the time it
 * replaced, for the batch that lowered it to move the participant from that
 * day's `new_participants_without_tips` to the new one.
 */
export const merchantParticipantsWithoutTips = pgTable(
  'merchant_participants_without_tips',
  {
    merchantId: uuid('merchant_id').notNull(),
    participantId: text('participant_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    replacedFirstAt: timestamp('replaced_first_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.participantId] }),
    index('merchant_participants_without_tips_participant_idx').on(t.participantId),
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
    /** The same, counting only the merchant's campaigns that are no tip (merchant_participants_without_tips). */
    newParticipantsWithoutTips: integer('new_participants_without_tips').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day] })],
);

/**
 * A campaign's counters (spec: participations, distinct_users and the views),
 * apart from the wide, many-times-indexed campaign row: the statistics fold
 * updates them in place (heap-only tuples, room left on every page) and never
 * touches the campaign itself.
 */
export const campaignCounters = pgTable('campaign_counters', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  participations: integer('participations').notNull().default(0),
  distinctUsers: integer('distinct_users').notNull().default(0),
  viewList: integer('view_list').notNull().default(0),
  viewDetail: integer('view_detail').notNull().default(0),
  viewMail: integer('view_mail').notNull().default(0),
});

/**
 * What each ingest batch adds, per campaign and day, until the statistics
 * fold (modules/ingest/fold.ts) moves it into the daily rollups and the
 * counters. Batches only append here, so concurrent batches never wait for
 * each other's rows; one fold at a time updates the shared rows.
 * `new_participants` counts participants first seen by the merchant, through
 * this campaign.
 */
export const statDeltas = pgTable('stat_deltas', {
  campaignId: uuid('campaign_id').notNull(),
  merchantId: uuid('merchant_id').notNull(),
  day: date('day').notNull(),
  ...rollupCounts(),
  newParticipants: integer('new_participants').notNull().default(0),
  /** Participants the batch made (+1) or unmade (-1, a late earlier participation moved them) new on that day, tips not counted. */
  newParticipantsWithoutTips: integer('new_participants_without_tips').notNull().default(0),
});

/**
 * Kid statistics of new participants, counted when ingest first sees a
 * participant in a campaign (or with a merchant), from the profile they had
 * then: one `person` row for their own gender, one `youngest` row for their
 * youngest kid, one `kid` row per kid. Gender '' and birth year 0 stand for
 * "not given" (key columns cannot be null). The facts of one profile come
 * from the SQL function `participant_kid_facts` (migration 0013), which
 * ingest, the data generator and the migration's backfill share. Ages are
 * computed when read, from the birth year.
 */
const kidStatColumns = () => ({
  kind: text('kind').$type<KidStatKind>().notNull(),
  gender: text('gender').notNull(),
  birthYear: integer('birth_year').notNull(),
  count: integer('count').notNull().default(0),
});

export type KidStatKind = 'person' | 'youngest' | 'kid';

/** Kid statistics per campaign and day (in the configured time zone), kept at ingest. */
export const campaignDailyKidStats = pgTable(
  'campaign_daily_kid_stats',
  {
    campaignId: uuid('campaign_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    day: date('day').notNull(),
    ...kidStatColumns(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day, t.kind, t.gender, t.birthYear] })],
);

/** Kid statistics per merchant and day (in the configured time zone), kept at ingest. */
export const merchantDailyKidStats = pgTable(
  'merchant_daily_kid_stats',
  {
    merchantId: uuid('merchant_id').notNull(),
    day: date('day').notNull(),
    ...kidStatColumns(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.kind, t.gender, t.birthYear] })],
);

/**
 * Kid statistics each ingest batch adds, until the statistics fold moves them
 * into the daily kid rollups: per campaign (`campaign_id` set) or per
 * merchant (`campaign_id` null).
 */
export const kidStatDeltas = pgTable('kid_stat_deltas', {
  campaignId: uuid('campaign_id'),
  merchantId: uuid('merchant_id').notNull(),
  day: date('day').notNull(),
  ...kidStatColumns(),
});

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
  /**
   * How the draw was made (modules/draws/draw.ts): 1 over the participant ids
   * themselves (draws before the candidates were kept), 2 over their SHA-256
   * digests, whose sorted list is `candidate_digests`.
   */
  scheme: integer('scheme').notNull().default(1),
  /**
   * The sorted hex digests the draw was taken over, one per line: the text
   * whose SHA-256 is `participants_hash`, so an auditor can repeat the draw
   * after erasures; cleared when the retention period has passed.
   */
  candidateDigests: text('candidate_digests'),
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
    status: text('status').$type<WinStatus>().notNull().default('pending'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('wins_merchant_status_idx').on(t.merchantId, t.status),
    index('wins_campaign_idx').on(t.campaignId),
    index('wins_participant_idx').on(t.participantId),
  ],
);
