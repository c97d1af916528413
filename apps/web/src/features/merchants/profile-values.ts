/**
 * The merchant profile form's values (docs/product.md#merchants): empty for a
 * new merchant, read from a stored one, and the rules they are checked by
 * before they are sent.
 */
import {
  COREG_TERM_FIELDS,
  SOCIAL_NETWORKS,
  ZMerchantSaveBody,
  type ContactType,
  type TMerchantDetail,
} from '@backoffice/domain';
import { z } from 'zod';

/** The levels an admin may give (the domain's ZMerchantAdminFields). */
export const LEVEL_MIN = 0;
export const LEVEL_MAX = 10;

/**
 * The form's rules: the domain's, after a check of the admin's level as it
 * is typed. An emptied level field holds null, a missing required value, and
 * a level out of range says which levels there are; the domain's optional
 * level would call both just invalid.
 */
export const ZProfileForm = z.intersection(
  z.object({
    level: z
      .number({ error: 'required' })
      .int('level_range')
      .min(LEVEL_MIN, 'level_range')
      .max(LEVEL_MAX, 'level_range'),
  }),
  ZMerchantSaveBody,
);

/** A whole number out of the level input, or null while it is empty. */
export function levelOf(value: number | string): number | null {
  if (value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : null;
}

export type ProfileValues = {
  name: string;
  brand_name: string;
  description: string;
  vatin: string;
  telephone: string;
  email: string;
  website: string;
  social: Record<(typeof SOCIAL_NETWORKS)[number], string>;
  contacts: { type: ContactType | ''; value: string }[];
  coreg_enabled: boolean;
  coreg_default_suitable: boolean;
  coreg_terms: Record<(typeof COREG_TERM_FIELDS)[number], string>;
  internal_name: string;
  /** Null while the admin's level field is empty. */
  level: number | null;
  is_valid: boolean;
};

export const emptyProfile = (): ProfileValues => ({
  name: '',
  brand_name: '',
  description: '',
  vatin: '',
  telephone: '',
  email: '',
  website: '',
  social: { facebook: '', twitter: '', youtube: '', pinterest: '', instagram: '' },
  contacts: [],
  coreg_enabled: false,
  coreg_default_suitable: false,
  coreg_terms: { sponsor_name: '', unsubscribe_email: '', privacy_url: '', contact_text: '' },
  internal_name: '',
  level: 0,
  is_valid: true,
});

export const profileFromMerchant = (merchant: TMerchantDetail): ProfileValues => ({
  name: merchant.name,
  brand_name: merchant.brand_name,
  description: merchant.description,
  vatin: merchant.vatin,
  telephone: merchant.telephone,
  email: merchant.email,
  website: merchant.website,
  social: { ...merchant.social },
  contacts: merchant.contacts.map((contact) => ({ ...contact })),
  coreg_enabled: merchant.coreg_enabled,
  coreg_default_suitable: merchant.coreg_default_suitable,
  coreg_terms: { ...merchant.coreg_terms },
  internal_name: merchant.internal_name ?? '',
  level: merchant.level,
  is_valid: merchant.is_valid,
});
