/**
 * A campaign's conversion: of the consumers who saw it
 * in the app's list, how many opened it (detail views) and how many took
 * part (participations), in percent of the list views. Without list views
 * there is nothing to convert from: null, shown as a dash, never 0 % or ∞.
 * It may exceed 100 %: a consumer may open or join a campaign from a mail
 * or a link without seeing it in the list.
 */
export function conversionPercent(count: number, listViews: number): number | null {
  return listViews > 0 ? (count / listViews) * 100 : null;
}

export interface CampaignFunnel {
  view_list: number;
  view_detail: number;
  participations: number;
}

export function campaignConversion(funnel: CampaignFunnel): {
  detail: number | null;
  participation: number | null;
} {
  return {
    detail: conversionPercent(funnel.view_detail, funnel.view_list),
    participation: conversionPercent(funnel.participations, funnel.view_list),
  };
}
