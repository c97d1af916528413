/** The one-line benefit of a campaign as the consumer app shows it (docs/product.md#campaigns "Benefit fields"). */
import { totalPrizeValue, type TCampaign } from '@backoffice/domain';
import type { TFunction } from 'i18next';
import { formatAmount, formatCents } from '../../shared/format/number';

export type BenefitFields = Pick<TCampaign, 'type' | 'benefit' | 'prizes'>;

export function benefitSummary(t: TFunction, campaign: BenefitFields, currency: string): string {
  const { benefit: b } = campaign;
  const money = (cents: number | null) => (cents === null ? '' : formatCents(cents, currency));
  switch (campaign.type) {
    case 'coupon/percent':
      return b.percent_discount === null
        ? ''
        : t('campaigns.app.benefit.percent', { percent: b.percent_discount });
    case 'coupon/absolute':
      if (b.abs_discount === null) return '';
      return b.original_value === null
        ? t('campaigns.app.benefit.absolute', { amount: money(b.abs_discount) })
        : t('campaigns.app.benefit.absoluteWithOriginal', {
            amount: money(b.abs_discount),
            original: money(b.original_value),
          });
    case 'coupon/free':
      return b.original_value === null
        ? t('campaigns.app.benefit.free')
        : t('campaigns.app.benefit.freeWithValue', { original: money(b.original_value) });
    case 'coupon/m_for_n':
      return b.get_m === null || b.pay_n === null
        ? ''
        : t('campaigns.app.benefit.mForN', { m: b.get_m, n: b.pay_n });
    case 'coupon/offer':
    case 'tip/offer':
      return b.original_value === null || b.discounted_value === null
        ? ''
        : t('campaigns.app.benefit.offer', {
            discounted: money(b.discounted_value),
            original: money(b.original_value),
          });
    case 'sweepstake/standard':
    case 'tip/sweepstake': {
      if (campaign.prizes.length === 0) return '';
      const count = campaign.prizes.reduce((sum, prize) => sum + (prize.count ?? 0), 0);
      const total = formatAmount(totalPrizeValue(campaign.prizes), currency);
      return t('campaigns.app.benefit.prizes', { count, total });
    }
    case 'tip/standard':
    case 'tip/generic':
      return '';
  }
}
