/** The benefit step, read-only: the benefit as the app shows it, or the prizes with their total value. */
import { totalPrizeValue, type TCampaign } from '@backoffice/domain';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../shared/config/runtime-config';
import { formatAmount, formatCents, formatCount } from '../../../../shared/format/number';
import { benefitSummary } from '../../benefit-summary';
import { CodesSummary } from './codes-summary';
import { Fact, SummaryTable, yesNo } from './summary-table';

export function BenefitSummary({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const { currency } = useConfig();
  const hasPrizes = campaign.type === 'sweepstake/standard' || campaign.type === 'tip/sweepstake';
  if (!hasPrizes) {
    return (
      <SummaryTable>
        <Fact label={t('campaigns.summary.benefit')}>{benefitSummary(t, campaign, currency)}</Fact>
        <CodesSummary campaign={campaign} />
      </SummaryTable>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table data-testid="summary-prizes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('campaigns.summary.prizeName')}</Table.Th>
              <Table.Th ta="right">{t('campaigns.summary.prizeCount')}</Table.Th>
              <Table.Th ta="right">{t('campaigns.summary.prizeValue')}</Table.Th>
              <Table.Th>{t('campaigns.summary.prizeRedemption')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaign.prizes.map((prize, index) => (
              <Table.Tr key={index}>
                <Table.Td>{prize.name || t('campaigns.values.none')}</Table.Td>
                <Table.Td ta="right">
                  {prize.count === null ? '' : formatCount(prize.count)}
                </Table.Td>
                <Table.Td ta="right">
                  {prize.value === null ? '' : formatCents(prize.value, currency)}
                </Table.Td>
                <Table.Td>
                  {prize.redemption
                    ? t(`campaigns.wizard.benefit.redemptions.${prize.redemption}`)
                    : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SummaryTable>
        <Fact label={t('campaigns.summary.totalValue')}>
          <Text span fw={600} data-testid="summary-total-value">
            {formatAmount(totalPrizeValue(campaign.prizes), currency)}
          </Text>
        </Fact>
        <Fact label={t('campaigns.summary.manualDraw')}>{yesNo(t, campaign.manual_draw)}</Fact>
        <CodesSummary campaign={campaign} />
      </SummaryTable>
    </>
  );
}
