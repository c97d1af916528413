/**
 * Message keys of spec §8 plus the generic HTTP ones; the web translates them.
 * Kept free of zod so that the web app's first load does not carry it.
 */
export const MESSAGE_KEYS = [
  'required_field_missing',
  'invalid_value',
  'duplicate_value',
  'bad_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'internal_error',
  'campaign_changed',
  'email_not_verified',
  'identity_conflict',
  'invitation_limit_reached',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];
