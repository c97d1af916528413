/**
 * The dashboard's figures, read from the rollups kept at ingest (never from
 * raw events): campaigns per type and status, user and view counts, open
 * wins, rejected campaigns and the campaigns' conversion funnels.
 */
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { PRIZE_DRAW_TYPES, type TDashboardResponse } from '@backoffice/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { visibleCampaignsCondition, withoutTips } from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { rejectionReason } from '../campaigns/index.js';
import {
  campaignCounters,
  campaignDailyStats,
  campaigns,
  merchantDailyStats,
  wins,
} from '../../platform/db/schema.js';
import type { StatsScope } from './scope-queries.js';

/** Campaigns per type and status, with the total prize value (cents) of sweepstakes. */
export async function campaignCounts(db: DbOrTx, scope: StatsScope) {
  const { merchantId, visibility } = scope;
  // The dashboard's queries are prepared (platform/db/prepared.ts): built once, planned once.
  const query = prepared(
    db,
    `dashboard-campaign-counts:${String(visibility.includeTips)}`,
    (name) => {
      const prizeValue = sql<number>`coalesce(sum(case when ${inArray(campaigns.type, [...PRIZE_DRAW_TYPES])} then (select coalesce(sum((p ->> 'value')::bigint * (p ->> 'count')::bigint), 0) from jsonb_array_elements(${campaigns.content} -> 'prizes') p) else 0 end), 0)`;
      return (
        db
          .select({
            type: campaigns.type,
            status: campaigns.status,
            count: count(),
            sweeptotal: prizeValue.mapWith(Number),
          })
          .from(campaigns)
          // Deleted campaigns too: the dashboard links their count to the list filtered on them.
          .where(
            and(
              eq(campaigns.merchantId, sql.placeholder('merchantId')),
              visibleCampaignsCondition(visibility, campaigns.type),
            ),
          )
          .groupBy(campaigns.type, campaigns.status)
          .orderBy(asc(campaigns.type), asc(campaigns.status))
          .prepare(name)
      );
    },
  );
  return query.execute({ merchantId });
}

/** The day the dashboard counts up to, and the time zone of its days. */
export interface UserCountsOptions {
  scope: StatsScope;
  /** The local day (YYYY-MM-DD) "today", "this month" and "this year" end with (the rollups' days are in the configured time zone). */
  today: string;
}

/** The dashboard's user and view counts; "today", "this month" and "this year" in the time zone. */
export async function userCounts(
  db: DbOrTx,
  options: UserCountsOptions,
): Promise<TDashboardResponse['users']> {
  const { scope, today } = options;
  if (scope.hidden) return visibleUserCounts(db, options);
  const { merchantId } = scope;
  const t = merchantDailyStats;
  const query = prepared(db, 'dashboard-user-counts', (name) => {
    const day = sql`${sql.placeholder('today')}::date`;
    const since = (unit: 'day' | 'month' | 'year') =>
      sql`coalesce(sum(${t.newParticipants}) filter (where ${t.day} >= date_trunc(${unit}, ${day})::date and ${t.day} <= ${day}), 0)`.mapWith(
        Number,
      );
    const total = (column: AnyPgColumn) => sql`coalesce(sum(${column}), 0)`.mapWith(Number);
    return db
      .select({
        day: since('day'),
        month: since('month'),
        year: since('year'),
        total: total(t.newParticipants),
        total_participations: total(t.participations),
        total_user_participations: total(t.firstParticipations),
        total_list_views: total(t.viewList),
        total_detail_views: total(t.viewDetail),
        total_mail_views: total(t.viewMail),
      })
      .from(t)
      .where(eq(t.merchantId, sql.placeholder('merchantId')))
      .prepare(name);
  });
  const [row] = await query.execute({ merchantId, today });
  return row ?? NO_USERS;
}

const NO_USERS: TDashboardResponse['users'] = {
  day: 0,
  month: 0,
  year: 0,
  total: 0,
  total_participations: 0,
  total_user_participations: 0,
  total_list_views: 0,
  total_detail_views: 0,
  total_mail_views: 0,
};

/**
 * The user and view counts of the visible campaigns alone, tips hidden (the
 * only hiding there is, CampaignVisibility), in one statement: participations
 * and views summed from the visible campaigns' daily rollups (a participation
 * or view belongs to one campaign), participants counted once each, by their
 * first participation in a campaign that is no tip, from the merchant's
 * rollup of those (`new_participants_without_tips`, kept at ingest in the
 * time zone's days). Another kind of hiding would need a rollup of its own
 * (docs/decisions/050-new-participants-without-tips.md).
 */
async function visibleUserCounts(
  db: DbOrTx,
  { scope, today }: UserCountsOptions,
): Promise<TDashboardResponse['users']> {
  const query = prepared(db, 'dashboard-user-counts-without-tips', (name) => {
    const s = campaignDailyStats;
    const sum = (column: AnyPgColumn, alias: string) =>
      sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number).as(alias);
    const merchantId = sql.placeholder('merchantId');
    const sums = db
      .select({
        total_participations: sum(s.participations, 'total_participations'),
        total_user_participations: sum(s.firstParticipations, 'total_user_participations'),
        total_list_views: sum(s.viewList, 'total_list_views'),
        total_detail_views: sum(s.viewDetail, 'total_detail_views'),
        total_mail_views: sum(s.viewMail, 'total_mail_views'),
      })
      .from(s)
      .innerJoin(campaigns, eq(campaigns.id, s.campaignId))
      .where(
        and(
          eq(s.merchantId, merchantId),
          eq(campaigns.merchantId, merchantId),
          withoutTips(campaigns.type),
        ),
      )
      .as('sums');
    const t = merchantDailyStats;
    const day = sql`${sql.placeholder('today')}::date`;
    const since = (unit: 'day' | 'month' | 'year') =>
      sql<number>`coalesce(sum(${t.newParticipantsWithoutTips}) filter (where ${t.day} >= date_trunc(${unit}, ${day})::date and ${t.day} <= ${day}), 0)::int`
        .mapWith(Number)
        .as(unit);
    const participants = db
      .select({
        day: since('day'),
        month: since('month'),
        year: since('year'),
        total: sum(t.newParticipantsWithoutTips, 'total'),
      })
      .from(t)
      .where(eq(t.merchantId, merchantId))
      .as('participants');
    return db
      .select({
        day: participants.day,
        month: participants.month,
        year: participants.year,
        total: participants.total,
        total_participations: sums.total_participations,
        total_user_participations: sums.total_user_participations,
        total_list_views: sums.total_list_views,
        total_detail_views: sums.total_detail_views,
        total_mail_views: sums.total_mail_views,
      })
      .from(sums)
      .innerJoin(participants, sql`true`)
      .prepare(name);
  });
  const [row] = await query.execute({ merchantId: scope.merchantId, today });
  return row ?? NO_USERS;
}

/** Wins not yet handled, of the campaigns the scope counts. */
export async function openWins(db: DbOrTx, scope: StatsScope): Promise<number> {
  const query = prepared(db, `dashboard-open-wins:${String(scope.hidden)}`, (name) =>
    db
      .select({ count: count() })
      .from(wins)
      .where(
        and(
          eq(wins.merchantId, sql.placeholder('merchantId')),
          eq(wins.status, 'pending'),
          scope.hidden
            ? sql`${wins.campaignId} in (select ${campaigns.id} from ${campaigns} where ${campaigns.merchantId} = ${sql.placeholder('merchantId')} and ${visibleCampaignsCondition(scope.visibility, campaigns.type)})`
            : undefined,
        ),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ merchantId: scope.merchantId });
  return row?.count ?? 0;
}

/** The newest rejected campaigns the user may open, with the reason of their rejection. */
export async function rejectedCampaigns(db: DbOrTx, scope: StatsScope, limit: number) {
  return db
    .select({
      id: campaigns.id,
      type: campaigns.type,
      title: campaigns.title,
      modifiedAt: campaigns.modifiedAt,
      reason: rejectionReason,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.merchantId, scope.merchantId),
        eq(campaigns.status, 'rejected'),
        visibleCampaignsCondition(scope.visibility, campaigns.type),
      ),
    )
    .orderBy(desc(campaigns.modifiedAt), asc(campaigns.id))
    .limit(limit);
}

/** The visible campaigns with the most list views, with their detail views and participations (the conversion's parts). */
export async function campaignFunnels(db: DbOrTx, scope: StatsScope, limit: number) {
  return db
    .select({
      id: campaigns.id,
      type: campaigns.type,
      status: campaigns.status,
      title: campaigns.title,
      viewList: campaignCounters.viewList,
      viewDetail: campaignCounters.viewDetail,
      participations: campaignCounters.participations,
    })
    .from(campaigns)
    .innerJoin(campaignCounters, eq(campaignCounters.campaignId, campaigns.id))
    .where(
      and(
        eq(campaigns.merchantId, scope.merchantId),
        ne(campaigns.status, 'deleted'),
        visibleCampaignsCondition(scope.visibility, campaigns.type),
        gt(campaignCounters.viewList, 0),
      ),
    )
    .orderBy(desc(campaignCounters.viewList), asc(campaigns.id))
    .limit(limit);
}
