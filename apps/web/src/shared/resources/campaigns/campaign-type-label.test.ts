/**
 * Campaign types by name: the amount-off coupon names the configured
 * currency (spec §1: CHF with the Swiss locale), the German name for the
 * euro stays the catalogue's 'Gutschein: Euro-Rabatt'.
 */
import { CAMPAIGN_TYPES } from '@backoffice/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../config/runtime-config';
import { changeLanguage, i18n, initI18n } from '../../i18n/i18n';
import { testRuntimeConfig } from '../../testing/runtime-config';
import { campaignTypeLabel } from './campaign-type-label';

/** The configuration of an installation in a locale: the server sets the currency by it. */
const configFor = (locale: string) => testRuntimeConfig({ locale });

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
});

describe('campaign type labels', () => {
  it('name the euro as before in a German or Austrian installation', async () => {
    await changeLanguage('de');
    for (const locale of ['de-DE', 'de-AT']) {
      setRuntimeConfig(configFor(locale));
      expect(campaignTypeLabel(i18n.t, 'coupon/absolute')).toBe('Gutschein: Euro-Rabatt');
    }
  });

  it('name the franc in a Swiss installation', async () => {
    setRuntimeConfig(configFor('de-CH'));
    await changeLanguage('de');
    expect(campaignTypeLabel(i18n.t, 'coupon/absolute')).toBe('Gutschein: CHF-Rabatt');
    await changeLanguage('en');
    expect(campaignTypeLabel(i18n.t, 'coupon/absolute')).toBe('Coupon: amount off in CHF');
    expect(campaignTypeLabel(i18n.t, 'coupon/absolute', 'EUR')).toBe('Coupon: amount off in euro');
  });

  it('leave the other types as the catalogue has them, with no placeholder left', async () => {
    setRuntimeConfig(configFor('de-CH'));
    await changeLanguage('de');
    expect(campaignTypeLabel(i18n.t, 'coupon/percent')).toBe('Gutschein: Prozent-Rabatt');
    expect(campaignTypeLabel(i18n.t, 'tip/standard')).toBe('Tipp');
    for (const language of ['de', 'en'] as const) {
      await changeLanguage(language);
      const raw = CAMPAIGN_TYPES.map((type) => campaignTypeLabel(i18n.t, type)).filter(
        (label) => label.includes('{{') || label.includes('campaigns.'),
      );
      expect(raw).toEqual([]);
    }
  });
});
