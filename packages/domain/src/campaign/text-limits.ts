/**
 * The one length limit of every campaign text, in UTF-16 code units (what
 * JavaScript's `length` and zod count). The save schema, the answer schema and
 * the wizard's inputs all read them from here, so that nothing can be stored
 * that an answer then refuses.
 */
export const CAMPAIGN_TEXT_LIMITS = {
  /** Per locale. Short enough that the title index (on the German title) cannot overflow. */
  title: 200,
  /** Per locale. */
  short_description: 1000,
  /** Per locale, markup included, after sanitising. */
  description: 20_000,
  /** One rule of participation. */
  rule: 2000,
  landing_page: 2000,
  thank_you_text: 5000,
  /** One tag of a tip; also the limit of a new tag (POST /tags). */
  tag: 60,
  prize_name: 200,
  prize_short_description: 1000,
  prize_winner_instructions: 5000,
  coupon_single_code: 200,
  coupon_action_instructions: 5000,
  /** The reason an admin gives when rejecting a campaign. */
  reject_reason: 2000,
} as const;
export type CampaignTextField = keyof typeof CAMPAIGN_TEXT_LIMITS;

/** What a copy's title gets appended (docs/product.md#campaigns). */
export const COPY_TITLE_MARK = ' (Kopie)';

/**
 * The title of a copy: the source's title with the copy mark, shortened so
 * that the mark still fits within the title's limit (a copy of a copy of a
 * title at the limit stays at the limit).
 */
export function copyTitle(title: string): string {
  return `${truncateText(title, CAMPAIGN_TEXT_LIMITS.title - COPY_TITLE_MARK.length)}${COPY_TITLE_MARK}`;
}

/** At most `max` code units, never cutting a surrogate pair in two (half a pair cannot be stored). */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}
