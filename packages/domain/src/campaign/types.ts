/** Campaign types (docs/product.md#campaigns), each written family/sub-type. */
export const CAMPAIGN_TYPES = [
  'sweepstake/standard',
  'coupon/absolute',
  'coupon/free',
  'coupon/m_for_n',
  'coupon/offer',
  'coupon/percent',
  'tip/offer',
  'tip/standard',
  'tip/generic',
  'tip/sweepstake',
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_FAMILIES = ['sweepstake', 'coupon', 'tip'] as const;
export type CampaignFamily = (typeof CAMPAIGN_FAMILIES)[number];

/** Values of the type filter of the campaign list (docs/product.md#the-campaign-list). */
export const TYPE_FILTERS = [
  'sweepstake/standard',
  'coupon/free',
  'coupon/absolute',
  'coupon/m_for_n',
  'coupon/offer',
  'coupon/percent',
  'coupon',
  'tip',
] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

export function campaignFamily(type: CampaignType): CampaignFamily {
  return type.split('/')[0] as CampaignFamily;
}

export function isCampaignType(value: string): value is CampaignType {
  return (CAMPAIGN_TYPES as readonly string[]).includes(value);
}

/** Types that hand out prizes by a winner draw. */
export const PRIZE_DRAW_TYPES = [
  'sweepstake/standard',
  'tip/sweepstake',
] as const satisfies readonly CampaignType[];
export const hasPrizeDraw = (type: CampaignType): boolean =>
  (PRIZE_DRAW_TYPES as readonly CampaignType[]).includes(type);
