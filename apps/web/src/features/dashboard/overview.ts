/**
 * The dashboard's campaign tables (docs/product.md#statistics) out of the server's
 * counts per type and status: the to-do count of unsubmitted campaigns, and
 * per status the sweepstakes (count, prize total in cents) and the coupons.
 */
import {
  CAMPAIGN_STATUSES,
  campaignFamily,
  type CampaignStatus,
  type TDashboardResponse,
} from '@backoffice/domain';

export interface StatusRow {
  status: CampaignStatus;
  count: number;
  /** The prizes' total value in cents (sweepstakes). */
  sweeptotal: number;
}

export interface CampaignOverview {
  /** Campaigns in status created, of every type: not yet submitted. */
  unsubmitted: number;
  /** Campaigns in status rejected, of every type: to revise and submit again. */
  rejected: number;
  /** Whether the merchant has any campaign the user sees (deleted ones left out): else the first steps. */
  hasCampaigns: boolean;
  sweepstakes: StatusRow[];
  coupons: StatusRow[];
}

/** Every status once, in the order of the status list, zero where there is none. */
function byStatus(rows: TDashboardResponse['campaigns']): StatusRow[] {
  return CAMPAIGN_STATUSES.map((status) => {
    const matching = rows.filter((row) => row.status === status);
    return {
      status,
      count: matching.reduce((sum, row) => sum + row.count, 0),
      sweeptotal: matching.reduce((sum, row) => sum + row.sweeptotal, 0),
    };
  });
}

const countIn = (campaigns: TDashboardResponse['campaigns'], status: CampaignStatus) =>
  campaigns.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);

export function campaignOverview(campaigns: TDashboardResponse['campaigns']): CampaignOverview {
  return {
    unsubmitted: countIn(campaigns, 'created'),
    rejected: countIn(campaigns, 'rejected'),
    hasCampaigns: campaigns.some((row) => row.status !== 'deleted' && row.count > 0),
    sweepstakes: byStatus(campaigns.filter((row) => row.type === 'sweepstake/standard')),
    coupons: byStatus(campaigns.filter((row) => campaignFamily(row.type) === 'coupon')),
  };
}

/**
 * The rows a status table shows while collapsed: the
 * statuses that have campaigns; the others are a "show all" away.
 */
export const usedStatusRows = (rows: StatusRow[]): StatusRow[] =>
  rows.filter((row) => row.count > 0);
