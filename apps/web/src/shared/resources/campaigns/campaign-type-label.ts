/**
 * A campaign type's name as every screen shows it. The amount-off coupon
 * names the configured currency (spec §1: euro, CHF with the Swiss locale;
 * the server sets it from the domain's currencyForLocale), so its name is no
 * fixed text: the catalogue's `{{currency}}` is the currency's word from
 * `campaigns.typeCurrencies`. The other types' names ignore it.
 */
import type { CampaignType, Currency } from '@backoffice/domain';
import type { TFunction } from 'i18next';
import { getConfig } from '../../config/runtime-config';

export function campaignTypeLabel(
  t: TFunction,
  type: CampaignType,
  currency: Currency = getConfig().currency,
): string {
  return t(`campaigns.types.${type}`, { currency: t(`campaigns.typeCurrencies.${currency}`) });
}
