/**
 * The scope of a merchant's statistics, which the dashboard's and the chart's
 * queries (dashboard-queries.ts, chart-queries.ts) count within.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  hiddenCampaignsCondition,
  visibleCampaignsCondition,
  type CampaignVisibility,
} from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { campaigns } from '../../platform/db/schema.js';

/**
 * What the statistics of a merchant count: the campaigns
 * the user may open (campaignVisibility, the campaign list's rule), and
 * whether the merchant has campaigns the user may not open. Without hidden
 * campaigns the merchant's rollups are the visible campaigns' sums; with
 * them, the figures are summed from the visible campaigns' own rollups.
 */
export interface StatsScope {
  merchantId: string;
  visibility: CampaignVisibility;
  /** Whether some of the merchant's campaigns are hidden from the user. */
  hidden: boolean;
}

/** Whether the merchant has campaigns the user may not open (for a user who may open every one, no query). */
export async function statsScope(
  db: DbOrTx,
  merchantId: string,
  visibility: CampaignVisibility,
): Promise<StatsScope> {
  const hiddenCondition = hiddenCampaignsCondition(visibility, campaigns.type);
  if (!hiddenCondition) return { merchantId, visibility, hidden: false };
  const query = prepared(db, 'stats-hidden-campaigns', (name) =>
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.merchantId, sql.placeholder('merchantId')), hiddenCondition))
      .limit(1)
      .prepare(name),
  );
  const rows = await query.execute({ merchantId });
  return { merchantId, visibility, hidden: rows.length > 0 };
}

/** The condition "the campaign (by its id column) is one the scope counts". */
export const visibleCampaignIds = (scope: StatsScope, idColumn: AnyPgColumn): SQL | undefined => {
  const visible = visibleCampaignsCondition(scope.visibility, campaigns.type);
  return visible
    ? sql`${idColumn} in (select ${campaigns.id} from ${campaigns} where ${campaigns.merchantId} = ${scope.merchantId} and ${visible})`
    : undefined;
};
