/** Sort options of the campaign list; free of zod so that pages can use them cheaply. */
/** Order options of the campaign list, each with a reverse variant (docs/product.md#the-campaign-list). */
export const CAMPAIGN_ORDER_FIELDS = [
  'valid_from',
  'valid_until',
  'modified',
  'created',
  'title',
  'type',
  'status',
] as const;
export type CampaignOrderField = (typeof CAMPAIGN_ORDER_FIELDS)[number];
export const CAMPAIGN_ORDER_OPTIONS = CAMPAIGN_ORDER_FIELDS.flatMap((field) => [
  field,
  `-${field}` as const,
]);
export type CampaignOrderOption = CampaignOrderField | `-${CampaignOrderField}`;
export const DEFAULT_CAMPAIGN_ORDER: CampaignOrderOption = 'valid_from';
