/**
 * The codes in the review: a coupon's code type (with its single code), and
 * where the campaign draws on its code store (a coupon with multiple codes,
 * a sweepstake with "unique code" prizes) the provided, used and available counts.
 */
import type { TCampaign } from '@backoffice/domain';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../shared/format/number';
import { useCodeList } from '../../api/multiple-codes';
import { Fact } from './summary-table';

/** Whether the campaign hands out codes from its store. */
export function usesCodeStore(campaign: TCampaign): boolean {
  if (campaign.type.startsWith('coupon/')) return campaign.coupon.code_type === 'multiple';
  return campaign.prizes.some((prize) => prize.redemption === 'unique_code');
}

export function CodesSummary({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const store = usesCodeStore(campaign);
  const codes = useCodeList(campaign.uuid, 1, store);
  const isCoupon = campaign.type.startsWith('coupon/');
  return (
    <>
      {isCoupon && (
        <Fact label={t('campaigns.wizard.codes.codeType')}>
          {t(`campaigns.wizard.codes.codeTypes.${campaign.coupon.code_type}`)}
        </Fact>
      )}
      {isCoupon && campaign.coupon.code_type === 'single' && (
        <Fact label={t('campaigns.wizard.codes.singleCode')}>{campaign.coupon.single_code}</Fact>
      )}
      {store && (
        <Fact label={t('campaigns.wizard.codes.title')}>
          <span data-testid="summary-codes">
            {codes.data
              ? [
                  `${t('campaigns.wizard.codes.provided')}: ${formatCount(codes.data.provided)}`,
                  `${t('campaigns.wizard.codes.used')}: ${formatCount(codes.data.used)}`,
                  `${t('campaigns.wizard.codes.available')}: ${formatCount(codes.data.available)}`,
                ].join(' · ')
              : ''}
          </span>
        </Fact>
      )}
    </>
  );
}
