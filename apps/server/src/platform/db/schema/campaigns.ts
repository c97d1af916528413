/**
 * Campaigns, their status history, tip tags and multiple codes.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CampaignStatus, CampaignType, StepError, TCampaignContent } from '@backoffice/domain';
import { titleSortKey } from '../expressions.js';
import { createdAt } from './columns.js';
import { users } from './identity.js';
import { merchants } from './merchants.js';

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
    /** Set by clone: a cloned campaign counts as valid (docs/product.md#campaigns). */
    isClone: boolean('is_clone').notNull().default(false),
    imagePath: text('image_path'),
    imageExtension: text('image_extension'),
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
    /**
     * What the list orders by title (db/expressions.ts), stored: an index on a
     * column, unlike one on the expression, can answer the order by itself
     * (index-only scans), which deep pages need (decision 048).
     */
    titleSort: text('title_sort')
      .notNull()
      .generatedAlwaysAs((): SQL => titleSortKey(campaigns.title)),
  },
  (t) => [
    // Every index an order of the list reads (decision 048) ends with the
    // unique id, after which the order is settled, and then carries what the
    // list's own conditions read (status; a merchant's list also the type, for
    // users who see no tips): the page's ids come from the index alone, and a
    // deep page skips its offset inside the index instead of reading rows.
    // valid_until and status in the default order's index let the runtime
    // filters (phases) skip non-matching entries inside the index.
    index('campaigns_valid_from_idx').on(t.validFrom, t.id, t.validUntil, t.status),
    index('campaigns_valid_from_desc_idx').on(
      t.validFrom.desc().nullsLast(),
      t.id.desc(),
      t.validUntil,
      t.status,
    ),
    index('campaigns_valid_until_idx').on(t.validUntil, t.id, t.status),
    index('campaigns_valid_until_desc_idx').on(
      t.validUntil.desc().nullsLast(),
      t.id.desc(),
      t.status,
    ),
    index('campaigns_modified_idx').on(t.modifiedAt, t.id, t.status),
    index('campaigns_created_idx').on(t.createdAt, t.id, t.status),
    // A bounded key (db/expressions.ts): no title can make an index entry too large.
    index('campaigns_title_idx').on(t.titleSort, t.id, t.status),
    // With status, the capped count of a type filter reads the index alone.
    index('campaigns_type_idx').on(t.type, t.id, t.status),
    index('campaigns_status_idx').on(t.status, t.id),
    // The same orders within one merchant (its list, and an admin's or agency's exact_merchant).
    index('campaigns_merchant_valid_from_idx').on(
      t.merchantId,
      t.validFrom,
      t.id,
      t.status,
      t.type,
    ),
    index('campaigns_merchant_valid_from_desc_idx').on(
      t.merchantId,
      t.validFrom.desc().nullsLast(),
      t.id.desc(),
      t.status,
      t.type,
    ),
    index('campaigns_merchant_valid_until_idx').on(
      t.merchantId,
      t.validUntil,
      t.id,
      t.status,
      t.type,
    ),
    index('campaigns_merchant_valid_until_desc_idx').on(
      t.merchantId,
      t.validUntil.desc().nullsLast(),
      t.id.desc(),
      t.status,
      t.type,
    ),
    index('campaigns_merchant_modified_idx').on(t.merchantId, t.modifiedAt, t.id, t.status, t.type),
    index('campaigns_merchant_created_idx').on(t.merchantId, t.createdAt, t.id, t.status, t.type),
    index('campaigns_merchant_title_idx').on(t.merchantId, t.titleSort, t.id, t.status, t.type),
    index('campaigns_merchant_type_idx').on(t.merchantId, t.type, t.id, t.status),
    index('campaigns_merchant_status_idx').on(t.merchantId, t.status, t.id, t.type),
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

/**
 * The multiple codes of a campaign (docs/product.md#api-calls multiple-codes): a coupon's codes
 * with code type multiple, and a sweepstake's codes for its "unique code"
 * prizes; one store per campaign. A code is used once it was handed out:
 * `used_at` is when the consumer app's first report of it arrived.
 */
export const campaignCodes = pgTable(
  'campaign_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_codes_campaign_code_idx').on(t.campaignId, t.code),
    index('campaign_codes_campaign_id_idx').on(t.campaignId, t.id),
  ],
);

/**
 * Campaigns whose codes ran low and were told so by one `codes.low` webhook
 * event (modules/codes/codes-low.ts): a row per crossing of the threshold,
 * deleted when an import lifts the codes above it again, so the next
 * crossing is told once more.
 */
export const campaignCodesLow = pgTable('campaign_codes_low', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});
