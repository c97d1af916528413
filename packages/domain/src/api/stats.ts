/**
 * The participation chart and the dashboard (docs/product.md#statistics, docs/product.md#records-and-fields
 * Dashboard and Chart response, docs/product.md#validation, docs/product.md#limits chart limits).
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../campaign/status.js';
import { CAMPAIGN_TYPES } from '../campaign/types.js';
import {
  CHART_COUNT_MAX,
  CHART_COUNT_MIN,
  CHART_MAX_CAMPAIGNS,
  DEFAULT_TIMERANGE,
  TIMERANGES,
} from '../stats/chart-limits.js';
import { PARTICIPANT_GENDERS } from '../stats/events.js';
import { DATE_TIME_MAX, DATE_TIME_MIN, ZUuid } from './common.js';

/** A calendar date (yyyy-mm-dd) in the configured time zone. */
/** The first and last day the domain's dates may name (DATE_TIME_MIN, DATE_TIME_MAX). */
const FIRST_DAY = DATE_TIME_MIN.slice(0, 10);
const LAST_DAY = DATE_TIME_MAX.slice(0, 10);
const LAST_YEAR = Number(LAST_DAY.slice(0, 4));

/** A calendar day (yyyy-mm-dd) within the years the domain's dates may name (1970–9999). */
export const ZLocalDate = z.iso
  .date({ error: 'invalid_value' })
  .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, 'invalid_value');

/** A chart's first day: its last bucket (up to CHART_COUNT_MAX years later) still within 9999. */
const ZChartStart = ZLocalDate.refine(
  (day) => day <= `${String(LAST_YEAR - CHART_COUNT_MAX - 1)}-12-31`,
  'invalid_value',
);

const ZCampaignIdList = z
  .string()
  .max(CHART_MAX_CAMPAIGNS * 40)
  .transform((value) => value.split(',').filter((part) => part !== ''))
  .pipe(z.array(ZUuid).max(CHART_MAX_CAMPAIGNS));

export const ZStatsRangeQuery = z.object({
  timerange: z.enum(TIMERANGES).default(DEFAULT_TIMERANGE),
  count: z.coerce.number().int().min(CHART_COUNT_MIN).max(CHART_COUNT_MAX),
  /** The first bucket is the week (from Monday), month or year this day lies in. */
  start: ZChartStart,
});
export type TStatsRangeQuery = z.infer<typeof ZStatsRangeQuery>;

export const ZStatsQuery = ZStatsRangeQuery.extend({
  /** Comma-separated campaign ids, at most 9; none: the merchant's total. */
  campaigns: ZCampaignIdList.optional(),
  /** Count each participant once per campaign (their first participation). */
  distinct: z.literal('participations').optional(),
});
export type TStatsQuery = z.infer<typeof ZStatsQuery>;

export const ZCountByGenderAge = z.object({
  gender: z.enum(PARTICIPANT_GENDERS).nullable(),
  age: z.number().int().nullable(),
  count: z.number().int(),
});

export const ZUsersKids = z.object({
  /** Participants by their own gender (null: not given). */
  person_gender: z.array(
    z.object({ gender: z.enum(PARTICIPANT_GENDERS).nullable(), count: z.number().int() }),
  ),
  /** Each participant's youngest kid, by gender and age. */
  youngest_kid: z.array(ZCountByGenderAge),
  /** Every kid, by gender and age. */
  all_kids: z.array(ZCountByGenderAge),
});
export type TUsersKids = z.infer<typeof ZUsersKids>;

export const ZStatsResponse = z.object({
  participations: z.object({
    /** The first day of each bucket (yyyy-mm-dd). */
    labels: z.array(ZLocalDate),
    series: z.array(
      z.object({
        name: z.string(),
        campaign: z.string().nullable(),
        values: z.array(z.number().int()),
      }),
    ),
  }),
  users_kids: ZUsersKids,
});
export type TStatsResponse = z.infer<typeof ZStatsResponse>;

export const ZStatsCampaignsResponse = z.object({
  campaigns: z.array(
    z.object({
      id: z.string(),
      title: z.record(z.string(), z.string()),
      valid_until: z.string().nullable(),
    }),
  ),
});
export type TStatsCampaignsResponse = z.infer<typeof ZStatsCampaignsResponse>;

/** How many rejected campaigns the dashboard's to-do table names. */
export const DASHBOARD_REJECTED_LIMIT = 5;
/** How many campaigns the dashboard's conversion table shows: those with the most list views. */
export const DASHBOARD_CONVERSION_LIMIT = 10;

export const ZDashboardResponse = z.object({
  /** Campaigns per type and status; sweeptotal: the prizes' total value in cents (sweepstakes). */
  campaigns: z.array(
    z.object({
      type: z.enum(CAMPAIGN_TYPES),
      status: z.enum(CAMPAIGN_STATUSES),
      count: z.number().int(),
      // Not .int(): that asks for a safe integer, and a merchant's prizes may be
      // worth more than 2^53 cents in sum (each prize up to 10^10 cents, 10^6 times).
      sweeptotal: z.number().nonnegative(),
    }),
  ),
  users: z.object({
    /** Participants new to the merchant today, this month, this year and ever. */
    day: z.number().int(),
    month: z.number().int(),
    year: z.number().int(),
    total: z.number().int(),
    total_participations: z.number().int(),
    /** Participations counting each participant once per campaign. */
    total_user_participations: z.number().int(),
    total_list_views: z.number().int(),
    total_detail_views: z.number().int(),
    total_mail_views: z.number().int(),
  }),
  todo_wins: z.object({ count: z.number().int(), winner_app_url: z.string() }),
  /**
   * Beside the spec's response: participations per month
   * of the last DEFAULT_CHART_COUNT months, this one last (the participation
   * chart's default line), for the key figures' trend.
   */
  participation_trend: z.array(z.number().int()),
  /**
   * Beside the spec's response: the rejected campaigns,
   * newest first (at most DASHBOARD_REJECTED_LIMIT; their count is in
   * `campaigns`), each with the reason of its rejection.
   */
  todo_rejected: z.array(
    z.object({
      uuid: z.string(),
      type: z.enum(CAMPAIGN_TYPES),
      title: z.record(z.string(), z.string()),
      /** Null only for a rejection recorded without a reason. */
      rejection_reason: z.string().nullable(),
      modified: z.string(),
    }),
  ),
  /**
   * Beside the spec's response: the campaigns with the
   * most list views (at most DASHBOARD_CONVERSION_LIMIT), with what their
   * conversion is computed from (campaignConversion).
   */
  conversions: z.array(
    z.object({
      uuid: z.string(),
      type: z.enum(CAMPAIGN_TYPES),
      status: z.enum(CAMPAIGN_STATUSES),
      title: z.record(z.string(), z.string()),
      view_list: z.number().int(),
      view_detail: z.number().int(),
      participations: z.number().int(),
    }),
  ),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;
