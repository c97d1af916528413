/**
 * The closed vocabulary of error answers: every message key and every field
 * name the server may put into `{statusCode, message, field}` and into a
 * campaign's step errors. The server's errors are typed by these lists, and
 * the web has a text for each key and a label for each field (tests on both
 * sides hold them to it). Kept free of zod so that the web app's first load
 * does not carry it.
 */

/** docs/product.md#messages keys and the generic HTTP ones. */
const GENERIC_KEYS = [
  'required_field_missing',
  'invalid_value',
  'duplicate_value',
  'bad_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'campaign_changed',
  'merchant_changed',
  'location_changed',
  'access_code_set_changed',
  'email_not_verified',
  'identity_conflict',
  'invitation_limit_reached',
] as const;

/** Campaign commands and step errors (docs/product.md#campaign-states, docs/product.md#validation). */
const CAMPAIGN_KEYS = [
  'min_length',
  'max_length',
  'invalid_transition',
  'status_changed',
  'campaign_has_errors',
  'campaign_not_editable',
  'campaign_not_submittable',
  'invalid_crop',
  'no_prize_draw',
  'campaign_not_ended',
  'already_drawn',
  'not_drawn',
  'candidates_not_kept',
  'not_enough_codes',
  'no_codes_added',
  'upload_not_text',
  'invalid_code',
  'codes_closed',
] as const;

/** Message keys of merchant, account, image and upload errors. */
export const MERCHANT_ERROR_KEYS = [
  'upgrade_required',
  'account_limit_reached',
  'user_not_found',
  'user_already_linked',
  'user_already_registered',
  'last_account_manager',
  'invitation_not_sent',
  'invalid_image_format',
  'no_image',
  'image_too_large',
  'too_many_uploads',
  'no_upload_file',
  'no_locations_uploaded',
  'upload_too_large',
  'request_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'address_not_found',
  'geocoder_unavailable',
] as const;
export type MerchantErrorKey = (typeof MERCHANT_ERROR_KEYS)[number];

/** The domain's validation keys that travel as the message of a refused body (merchant, location). */
const VALIDATION_KEYS = [
  'contact_type_missing',
  'contact_value_missing',
  'invalid_url',
  'invalid_email',
  'invalid_phone',
  'invalid_vatin',
  'invalid_zip',
  'too_long',
  'email_required',
] as const;

/** Access-code sets: imports, links and uses of codes. */
const ACCESS_CODE_KEYS = [
  'too_many_codes',
  'code_already_used',
  'campaign_deleted',
  'invalid_code_characters',
] as const;

/** Ingest's refusals of single events: a campaign never published, a participant erased on request. */
const INGEST_KEYS = ['campaign_not_published', 'participant_erased'] as const;

/** Two-factor sign-in: a wrong or used code, a set-up in the wrong state. */
const TWO_FACTOR_KEYS = [
  'wrong_two_factor_code',
  'two_factor_already_enabled',
  'two_factor_not_started',
  'two_factor_not_enabled',
  'two_factor_wrong_password',
] as const;

/** Webhooks: an address the product may not send to, one endpoint too many, a save from a stale copy. */
const WEBHOOK_KEYS = [
  'webhook_url_not_allowed',
  'webhook_limit_reached',
  'webhook_changed',
] as const;

/** Tokens for integrators: one live token too many for the merchant. */
const API_TOKEN_KEYS = ['api_token_limit_reached'] as const;

/** Idempotent requests: a key used for another request, or still held by the first one. */
const IDEMPOTENCY_KEYS = ['idempotency_key_reused', 'idempotency_key_in_use'] as const;

/** Background jobs: a retry of a job that is not (or no longer) failed. */
const JOB_KEYS = ['job_not_failed'] as const;

/** The caller's own password: a wrong current one, the new one against the policy. */
const PASSWORD_KEYS = [
  'wrong_password',
  'password_too_short',
  'password_contains_email',
  'password_too_common',
  'passwords_differ',
  'password_not_changeable',
] as const;

export const MESSAGE_KEYS = [
  ...GENERIC_KEYS,
  ...CAMPAIGN_KEYS,
  ...MERCHANT_ERROR_KEYS,
  ...VALIDATION_KEYS,
  ...ACCESS_CODE_KEYS,
  ...INGEST_KEYS,
  ...JOB_KEYS,
  ...TWO_FACTOR_KEYS,
  ...PASSWORD_KEYS,
  ...WEBHOOK_KEYS,
  ...API_TOKEN_KEYS,
  ...IDEMPOTENCY_KEYS,
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

const MESSAGE_KEY_SET: ReadonlySet<string> = new Set(MESSAGE_KEYS);
export const isMessageKey = (value: string | undefined): value is MessageKey =>
  value !== undefined && MESSAGE_KEY_SET.has(value);

/**
 * Every field an answer can name, as a pattern: `#` stands for a list index
 * (`prizes.0.count` is `prizes.#.count`), `*` for the key of a per-language
 * text (`title.de` is `title.*`). Body fields, query and path parameters of
 * every route, and the fields of the server's own refusals.
 */
export const FIELD_NAMES = [
  // Path and query parameters.
  'id',
  'ident',
  'sourceIdent',
  'accountId',
  'locId',
  'jobId',
  'page',
  'filter',
  'image_format',
  'width',
  'height',
  'q',
  'validate',
  'exact_merchant',
  'filter_campaign',
  'filter_type',
  'filter_status',
  'filter_runtime',
  'order_by',
  'crop_x',
  'crop_y',
  'crop_width',
  'crop_height',
  // Campaigns.
  'merchant',
  'type',
  'current_status',
  'reason',
  'title',
  'title.*',
  'short_description',
  'short_description.*',
  'description',
  'description.*',
  'description_format',
  'rules',
  'rules.#',
  'landing_page',
  'thank_you_text',
  'points',
  'tags',
  'tags.#',
  'image',
  'valid_from',
  'valid_until',
  'benefit',
  'benefit.percent_discount',
  'benefit.abs_discount',
  'benefit.original_value',
  'benefit.discounted_value',
  'benefit.get_m',
  'benefit.pay_n',
  'prizes',
  'prizes.#',
  'prizes.#.count',
  'prizes.#.value',
  'prizes.#.name',
  'prizes.#.short_description',
  'prizes.#.win_needs_response',
  'prizes.#.winner_instructions',
  'prizes.#.redemption',
  'codes',
  'codes.#',
  'generate',
  'generate.count',
  'generate.prefix',
  'generate.length',
  'manual_draw',
  'coupon',
  'coupon.expiry',
  'coupon.max_participants',
  'coupon.code_type',
  'coupon.single_code',
  'coupon.redemption',
  'coupon.action_handler',
  'coupon.action_instructions',
  'required_data',
  'required_data.name',
  'required_data.name.usage',
  'required_data.name.required',
  'required_data.birthdate',
  'required_data.birthdate.usage',
  'required_data.birthdate.required',
  'required_data.postal_address',
  'required_data.postal_address.usage',
  'required_data.postal_address.required',
  'required_data.kids',
  'required_data.kids.usage',
  'required_data.kids.required',
  'required_data.telephone',
  'required_data.telephone.usage',
  'required_data.telephone.required',
  'show_map',
  'coreg_suitable',
  'coparticipation_targets',
  'coparticipation_targets.#',
  'coreg_exclusions',
  'coreg_exclusions.#',
  // Merchants.
  'name',
  'brand_name',
  'internal_name',
  'level',
  'is_valid',
  'vatin',
  'telephone',
  'email',
  'website',
  'social',
  'social.facebook',
  'social.twitter',
  'social.youtube',
  'social.pinterest',
  'social.instagram',
  'contacts',
  'contacts.#',
  'contacts.#.type',
  'contacts.#.value',
  'coreg_enabled',
  'coreg_default_suitable',
  'coreg_terms',
  'coreg_terms.sponsor_name',
  'coreg_terms.unsubscribe_email',
  'coreg_terms.privacy_url',
  'coreg_terms.contact_text',
  'upload',
  // Accounts and notifications.
  'user_email',
  'roles',
  'roles.#',
  'settings',
  'settings.campaign_approved',
  'settings.campaign_rejected',
  'settings.campaign_started',
  'settings.campaign_ended',
  'settings.open_wins',
  'settings.weekly_statistics',
  // Locations.
  'street',
  'streetnumber',
  'entrance',
  'top',
  'floor',
  'co_line',
  'zip',
  'city',
  'country',
  'opening_hours',
  'is_billing_address',
  'is_mail_address',
  'is_redemption',
  'use_anyway',
  // The request as a whole, where no field of it is known.
  'body',
  // Campaign saves from a stale copy.
  'version',
  // Statistics, ingest, API keys, draws.
  'timerange',
  'count',
  'start',
  'campaigns',
  'distinct',
  'events',
  'events.#',
  'campaign',
  'participant',
  'occurred_at',
  'win',
  // Access-code sets (a links body is a list: `#.ident`), and their uses in ingest events.
  'hint_title',
  'hint_text',
  'is_promo_code',
  'is_bonuscard',
  'per_page',
  '#',
  '#.ident',
  'access_code_set',
  'code',
  // Background jobs.
  'queue',
  // The caller's own password.
  'current_password',
  'new_password',
  'new_password_repeat',
  // Turning two-factor sign-in off with the password.
  'password',
  // The header of idempotent requests (a POST's Idempotency-Key).
  'idempotency-key',
  // Webhooks.
  'url',
  'active',
  'deliveryId',
  // Tokens for integrators.
  'access',
  'expiresAt',
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

const FIELD_NAME_SET: ReadonlySet<string> = new Set(FIELD_NAMES);
export const isFieldName = (value: string): value is FieldName => FIELD_NAME_SET.has(value);

/** A field as the server names it, taken apart: its pattern, list positions and text languages. */
export interface FieldParts {
  pattern: FieldName;
  /** The list indexes, in order (`prizes.2.count` → [2]). */
  indexes: number[];
  /** The keys standing for `*` (`title.de` → ['de']). */
  keys: string[];
}

/** The pattern of a field the server named (`prizes.0.count` → `prizes.#.count`), if it is one. */
export function fieldParts(field: string): FieldParts | undefined {
  let pattern = '';
  const indexes: number[] = [];
  const keys: string[] = [];
  for (const segment of field.split('.')) {
    const join = (part: string) => (pattern === '' ? part : `${pattern}.${part}`);
    if (/^\d+$/.test(segment) && isFieldName(join('#'))) {
      indexes.push(Number(segment));
      pattern = join('#');
    } else if (isFieldName(join(segment))) {
      pattern = join(segment);
    } else if (isFieldName(join('*'))) {
      keys.push(segment);
      pattern = join('*');
    } else {
      return undefined;
    }
  }
  return isFieldName(pattern) ? { pattern, indexes, keys } : undefined;
}
