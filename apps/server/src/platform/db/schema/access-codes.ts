/**
 * Access-code sets (spec §3), their codes, campaigns and code uses.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccessCodeSetType } from '@backoffice/domain';
import { createdAt } from './columns.js';
import { campaigns } from './campaigns.js';
import { users } from './identity.js';

/** Access-code sets (spec §3): admins manage them; the consumer app reports their use. */
export const accessCodeSets = pgTable(
  'access_code_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Made from the name when the set is created; read-only afterwards. */
    internalName: text('internal_name').notNull().unique(),
    type: text('type').$type<AccessCodeSetType>().notNull(),
    hintTitle: text('hint_title').notNull(),
    hintText: text('hint_text').notNull(),
    isPromoCode: boolean('is_promo_code').notNull().default(false),
    isBonuscard: boolean('is_bonuscard').notNull().default(false),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Counts the set's saves (db/versions.ts): a save from an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    /** The name as German readers compare it (migration 0022's `fold_name`): one set per name. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`fold_name(${accessCodeSets.name})`),
  },
  (t) => [uniqueIndex('access_code_sets_name_key_unique').on(t.nameKey)],
);

/** The codes provided in a set: each code once per set. */
export const accessCodes = pgTable(
  'access_codes',
  {
    setId: uuid('set_id')
      .notNull()
      .references(() => accessCodeSets.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.setId, t.code] })],
);

/** The campaigns a set is linked to. */
export const accessCodeSetCampaigns = pgTable(
  'access_code_set_campaigns',
  {
    setId: uuid('set_id')
      .notNull()
      .references(() => accessCodeSets.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.campaignId] }),
    index('access_code_set_campaigns_campaign_idx').on(t.campaignId),
  ],
);

/**
 * Each use of a code, keyed by the consumer app's event id (a resent event
 * is stored once). `unique_code` holds the code when the set was of type
 * unique at the time of use: its unique index lets exactly one of two
 * concurrent uses of a unique code in.
 */
export const accessCodeUses = pgTable(
  'access_code_uses',
  {
    eventId: uuid('event_id').primaryKey(),
    setId: uuid('set_id')
      .notNull()
      .references(() => accessCodeSets.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    uniqueCode: text('unique_code'),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    participantId: text('participant_id'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('access_code_uses_unique_code_idx').on(t.setId, t.uniqueCode),
    index('access_code_uses_set_used_idx').on(t.setId, t.usedAt),
    index('access_code_uses_participant_idx').on(t.participantId),
  ],
);
