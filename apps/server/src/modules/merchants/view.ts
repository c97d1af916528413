/** Turns merchant rows into the API's merchant shape (spec §3 Merchant). */
import {
  SOCIAL_NETWORKS,
  type AccountRole,
  type TCoregTerms,
  type TMerchantDetail,
  type TSocialLinks,
} from '@backoffice/domain';
import type { MerchantRow } from '../../platform/access/merchant-access.js';

export const imageSrc = (imagePath: string | null) => (imagePath ? `/files/${imagePath}` : null);

export function toMerchantDetail(
  merchant: MerchantRow,
  roles: readonly AccountRole[],
  showInternalName: boolean,
): TMerchantDetail {
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((name) => [name, merchant.social[name] ?? '']),
  ) as TSocialLinks;
  const terms = merchant.coregTerms;
  const coregTerms: TCoregTerms = {
    sponsor_name: terms.sponsor_name ?? '',
    unsubscribe_email: terms.unsubscribe_email ?? '',
    privacy_url: terms.privacy_url ?? '',
    contact_text: terms.contact_text ?? '',
  };
  const src = imageSrc(merchant.imagePath);
  return {
    uuid: merchant.id,
    name: merchant.name,
    brand_name: merchant.brandName ?? '',
    internal_name: showInternalName ? (merchant.internalName ?? '') : null,
    description: merchant.description ?? '',
    image: src ? { src } : null,
    level: merchant.level,
    is_valid: merchant.isValid,
    errors: merchant.errors,
    vatin: merchant.vatin ?? '',
    telephone: merchant.telephone ?? '',
    email: merchant.email ?? '',
    website: merchant.website ?? '',
    social,
    contacts: merchant.contacts,
    coreg_enabled: merchant.coregEnabled,
    coreg_default_suitable: merchant.coregDefaultSuitable,
    coreg_terms: coregTerms,
    roles: [...roles],
    version: merchant.version,
  };
}
