/** The form step, read-only: which core fields participants are asked for, and which are required. */
import { canUseRequiredDataStep, REQUIRED_CORE_FIELDS, type TCampaign } from '@backoffice/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Fact, SummaryTable } from './summary-table';

export function RequiredDataSummary({
  campaign,
  merchantLevel,
}: {
  campaign: TCampaign;
  merchantLevel: number;
}) {
  const { t } = useTranslation();
  if (!canUseRequiredDataStep(merchantLevel)) {
    return (
      <Text c="dimmed" size="sm">
        {t('campaigns.overview.stepNotAvailable')}
      </Text>
    );
  }
  return (
    <SummaryTable>
      {REQUIRED_CORE_FIELDS.map((field) => {
        const { usage, required } = campaign.required_data[field];
        const state = required
          ? t('campaigns.summary.fieldRequired')
          : usage
            ? t('campaigns.summary.fieldAsked')
            : t('campaigns.summary.fieldNotAsked');
        return (
          <Fact key={field} label={t(`campaigns.wizard.requiredData.fields.${field}`)}>
            {state}
          </Fact>
        );
      })}
    </SummaryTable>
  );
}
