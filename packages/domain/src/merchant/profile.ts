/**
 * The merchant profile (docs/product.md#merchants, docs/product.md#validation): fields, validation rules with
 * message keys the web translates and phone normalisation (the validity
 * that drives the shell's red bell is `validity.ts`).
 */
import { z } from 'zod';
import { ZSaveVersion } from '../api/common.js';

/** Message keys of the profile rules; the web shows them next to the field. */
export const MERCHANT_VALIDATION_KEYS = [
  'required',
  'contact_type_missing',
  'contact_value_missing',
  'invalid_url',
  'invalid_email',
  'invalid_phone',
  'invalid_vatin',
  'too_long',
] as const;
export type MerchantValidationKey = (typeof MERCHANT_VALIDATION_KEYS)[number];

export const CONTACT_TYPES = ['phone', 'mobile', 'fax', 'email', 'website', 'other'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'youtube',
  'pinterest',
  'instagram',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const COREG_TERM_FIELDS = [
  'sponsor_name',
  'unsubscribe_email',
  'privacy_url',
  'contact_text',
] as const;
export type CoregTermField = (typeof COREG_TERM_FIELDS)[number];

/*
 * Every pattern below runs in time linear in its input: no repetition inside
 * a repetition, and no two unbounded repetitions in a row that can take the
 * same characters (packages/domain/src/regex-safety.test.ts times each one).
 */

/** Whitespace, which phone numbers and VAT ids ignore. */
export const WHITESPACE_PATTERN = /\s+/g;

/** Spaces are ignored in phone numbers (docs/product.md#validation). */
export const normalisePhone = (value: string): string => value.replace(WHITESPACE_PATTERN, '');

/** A country prefix (+49 or 0049) followed by 4 to 16 digits, with - / ( ) allowed between. */
export const PHONE_PATTERN = /^(\+|00)[1-9]\d{0,3}[\d\-/()]{4,18}$/;
export const isValidPhone = (value: string): boolean => PHONE_PATTERN.test(normalisePhone(value));

/** The longest URL a merchant field holds (website, social links, privacy page). */
export const URL_MAX_LENGTH = 500;

/**
 * An absolute http(s) URL with a dotted host name (no URL class: the package
 * has no DOM or Node types). The host's first label cannot hold a dot, so the
 * dot that must follow it is found in one way only.
 */
export const URL_PATTERN = /^https?:\/\/[^\s/?#:@.]+\.[^\s/?#:@]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
/** Checks the length before the pattern, so that a long text costs nothing. */
export const isHttpUrl = (value: string, maxLength = URL_MAX_LENGTH): boolean =>
  value.length <= maxLength && URL_PATTERN.test(value);

export const EMAIL_MAX_LENGTH = 320;
/** Something@host.domain; the host's first label holds no dot, so it ends at the first dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+\.[^\s@]+$/;
export const isValidEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** An EU VAT id: two letters and 2 to 13 letters or digits (spaces ignored). */
export const VATIN_PATTERN = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

/** A text that may be empty (''), trimmed and limited. */
const text = (max: number) => z.string().trim().max(max, 'too_long').default('');
/**
 * A limited text with a format check. A text over the limit gets too_long
 * only: the format check does not run on it, so its cost stays bounded.
 */
const checked = (
  max: number,
  check: (value: string, maxLength: number) => boolean,
  key: MerchantValidationKey,
) => text(max).refine((value) => value === '' || value.length > max || check(value, max), key);

const CONTACT_VALUE_MAX_LENGTH = 300;

/** Contact types whose value is a phone number (docs/product.md#validation: a country prefix, spaces ignored). */
export const PHONE_CONTACT_TYPES: readonly ContactType[] = ['phone', 'mobile', 'fax'];

/** A contact as stored and answered. */
export const ZContact = z.object({ type: z.enum(CONTACT_TYPES), value: z.string() });
export type TContact = z.infer<typeof ZContact>;

/** A contact as sent: both parts required, phone numbers and addresses checked. */
export const ZContactInput = z
  .object({
    type: z.enum(CONTACT_TYPES, { error: 'contact_type_missing' }),
    value: z
      .string({ error: 'contact_value_missing' })
      .trim()
      .min(1, 'contact_value_missing')
      .max(CONTACT_VALUE_MAX_LENGTH, 'too_long'),
  })
  .superRefine((contact, issues) => {
    // An empty or overlong value has its own message already.
    if (contact.value === '' || contact.value.length > CONTACT_VALUE_MAX_LENGTH) return;
    const invalid = PHONE_CONTACT_TYPES.includes(contact.type)
      ? !isValidPhone(contact.value) && 'invalid_phone'
      : contact.type === 'email' && !isValidEmail(contact.value) && 'invalid_email';
    if (invalid) issues.addIssue({ code: 'custom', path: ['value'], message: invalid });
  })
  .transform((contact) =>
    PHONE_CONTACT_TYPES.includes(contact.type)
      ? { ...contact, value: normalisePhone(contact.value) }
      : contact,
  );

export const ZSocialLinks = z.object(
  Object.fromEntries(
    SOCIAL_NETWORKS.map((name) => [name, checked(URL_MAX_LENGTH, isHttpUrl, 'invalid_url')]),
  ) as Record<SocialNetwork, ReturnType<typeof checked>>,
);
export type TSocialLinks = z.infer<typeof ZSocialLinks>;

export const ZCoregTerms = z.object({
  sponsor_name: text(200),
  unsubscribe_email: checked(EMAIL_MAX_LENGTH, isValidEmail, 'invalid_email'),
  privacy_url: checked(URL_MAX_LENGTH, isHttpUrl, 'invalid_url'),
  contact_text: text(2000),
});
export type TCoregTerms = z.infer<typeof ZCoregTerms>;

/** What a merchant may change about itself; admins additionally send ZMerchantAdminFields. */
export const ZMerchantProfileInput = z
  .object({
    name: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'too_long'),
    brand_name: text(200),
    description: text(5000),
    vatin: text(20)
      .transform((value) => value.replace(WHITESPACE_PATTERN, '').toUpperCase())
      .refine((value) => value === '' || VATIN_PATTERN.test(value), 'invalid_vatin'),
    telephone: text(40)
      .transform(normalisePhone)
      .refine((value) => value === '' || isValidPhone(value), 'invalid_phone'),
    email: checked(EMAIL_MAX_LENGTH, isValidEmail, 'invalid_email'),
    website: checked(URL_MAX_LENGTH, isHttpUrl, 'invalid_url'),
    social: ZSocialLinks.default({
      facebook: '',
      twitter: '',
      youtube: '',
      pinterest: '',
      instagram: '',
    }),
    contacts: z.array(ZContactInput).max(30).default([]),
    coreg_enabled: z.boolean().default(false),
    coreg_default_suitable: z.boolean().default(false),
    coreg_terms: ZCoregTerms.default({
      sponsor_name: '',
      unsubscribe_email: '',
      privacy_url: '',
      contact_text: '',
    }),
  })
  .superRefine(
    (checked, issues) => {
      // Read defensively: the rule runs on a profile with other issues too (below), whose
      // values need not have their types.
      const profile: { coreg_enabled: unknown; coreg_terms?: Partial<Record<string, unknown>> } =
        checked;
      // Co-registration passes the user's data to the sponsor: its terms must be complete.
      if (profile.coreg_enabled !== true) return;
      const terms = profile.coreg_terms ?? {};
      for (const field of COREG_TERM_FIELDS) {
        const value = terms[field];
        if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
          issues.addIssue({ code: 'custom', path: ['coreg_terms', field], message: 'required' });
        }
      }
    },
    // Not only once every other field is valid: a form shows all its invalid fields at once,
    // the co-registration terms with the rest.
    { when: ({ value }) => typeof value === 'object' && value !== null },
  );
export type TMerchantProfileInput = z.input<typeof ZMerchantProfileInput>;
export type TMerchantProfile = z.output<typeof ZMerchantProfileInput>;

/** Set by admins only (docs/product.md#merchants): ignored when anyone else sends them. */
export const ZMerchantAdminFields = z.object({
  internal_name: text(200).optional(),
  level: z.number().int().min(0).max(10).optional(),
  is_valid: z.boolean().optional(),
});

/** A save of the profile: its fields, the admin's fields and the version it was made from. */
export const ZMerchantSaveBody = z.intersection(
  ZMerchantProfileInput,
  ZMerchantAdminFields.extend(ZSaveVersion.shape),
);
export type TMerchantSaveBody = z.input<typeof ZMerchantSaveBody>;

/** The first message key of a failed parse per field path ("contacts.0.type"), for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}
