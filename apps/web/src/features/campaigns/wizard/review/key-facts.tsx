/** The review's key facts: title, type, status, phase, runtime, editor, listing; preview links. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date-time';
import { campaignTitle } from '../../../../shared/campaigns/campaign-title';
import { PhaseBadge } from '../../components/phase-badge';
import { Fact, SummaryTable, yesNo } from '../summary/summary-table';
import { PreviewButtons } from '../../components/preview-buttons';

export function KeyFacts({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t, i18n } = useTranslation();
  const { campaign, merchant } = envelope;
  const title = campaignTitle(campaign.title, i18n.language, t);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="facts">
      <Title order={2} size="h4" id="facts" mb="sm">
        {t('campaigns.overview.details')}
      </Title>
      <SummaryTable>
        <Fact label={t('campaigns.overview.campaignTitle')}>{title}</Fact>
        <Fact label={t('campaigns.fields.type')}>{t(`campaigns.types.${campaign.type}`)}</Fact>
        <Fact label={t('campaigns.fields.status')}>
          <span data-testid="status">{t(`campaigns.statuses.${campaign.current_status}`)}</span>
        </Fact>
        <Fact label={t('campaigns.fields.phase')}>
          <PhaseBadge phase={campaign.phase} status={campaign.current_status} />
        </Fact>
        <Fact label={t('campaigns.fields.modified')}>
          {formatDateTime(campaign.modified)}
          {campaign.editor &&
            ` ${t('campaigns.values.editedBy', { email: campaign.editor.email })}`}
        </Fact>
        <Fact label={t('campaigns.fields.merchant')}>{merchant.name}</Fact>
        <Fact label={t('campaigns.fields.listable')}>{yesNo(t, campaign.is_listable)}</Fact>
        <Fact label={t('campaigns.fields.id')}>
          <Text span ff="monospace" size="sm">
            {campaign.uuid}
          </Text>
        </Fact>
      </SummaryTable>
      <Group gap="xs" mt="md">
        <PreviewButtons merchantIdent={merchant.uuid} campaign={campaign} />
      </Group>
    </Card>
  );
}
