/**
 * The scope of a merchant's statistics, which the dashboard's and the chart's
 * statements (dashboard-queries.ts, chart-queries.ts) count within. It is
 * part of those statements, never read on a round trip of its own.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  hiddenCampaignsCondition,
  visibleCampaignsCondition,
  type CampaignVisibility,
} from '../../platform/access/merchant-access.js';
import { campaigns } from '../../platform/db/schema.js';

/**
 * What the statistics of a merchant count: the campaigns the user may open
 * (campaignVisibility, the campaign list's rule), and whether the merchant
 * has campaigns the user may not open. Without hidden campaigns the
 * merchant's rollups are the visible campaigns' sums; with them, the figures
 * are summed from the visible campaigns' own rollups.
 */
export interface StatsScope {
  /** The merchant's id as the statement binds it (a placeholder of a prepared query). */
  merchantId: SQL | Placeholder;
  visibility: CampaignVisibility;
}

/** The condition "the campaign (by its id column) is one the scope counts"; undefined when the user may open every one. */
export const visibleCampaignIds = (scope: StatsScope, idColumn: AnyPgColumn): SQL | undefined => {
  const visible = visibleCampaignsCondition(scope.visibility, campaigns.type);
  return visible
    ? sql`${idColumn} in (select ${campaigns.id} from ${campaigns} where ${campaigns.merchantId} = ${scope.merchantId} and ${visible})`
    : undefined;
};

/**
 * The figures of the scope: `whenHidden` (summed from the visible campaigns'
 * own rollups) if the merchant has campaigns hidden from the user, else
 * `otherwise` (the merchant's rollups); without a hiding rule, `otherwise`
 * alone and nothing asked. Both are scalar subqueries; PostgreSQL evaluates
 * only the chosen one. The figures that depend on the choice are one
 * subquery each way (a row of them as JSON), so that the question is asked
 * once per statement: a condition named twice would be evaluated twice.
 */
export function byScope(scope: StatsScope, whenHidden: SQL, otherwise: SQL): SQL {
  const hiddenCondition = hiddenCampaignsCondition(scope.visibility, campaigns.type);
  if (!hiddenCondition) return sql`(${otherwise})`;
  const hidden = sql`exists (select 1 from ${campaigns} where ${and(eq(campaigns.merchantId, scope.merchantId), hiddenCondition)})`;
  return sql`case when ${hidden} then (${whenHidden}) else (${otherwise}) end`;
}
