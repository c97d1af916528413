/**
 * The review's key facts: title, type, status, phase, runtime, editor,
 * listing, the parent of a follow-up; preview links.
 */
import { campaignFamily, editStep, type TCampaignEnvelope } from '@backoffice/domain';
import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../shared/format/date-time';
import {
  campaignTitle,
  useCampaignTitle,
} from '../../../../shared/resources/campaigns/campaign-title';
import { campaignTypeLabel } from '../../../../shared/resources/campaigns/campaign-type-label';
import { paths } from '../../../../shared/paths';
import { useCampaign } from '../../api/get-campaign';
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
        <Fact label={t('campaigns.fields.type')}>{campaignTypeLabel(t, campaign.type)}</Fact>
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
        {campaign.parent && (
          <Fact label={t('campaigns.overview.parent')}>
            <ParentCampaign ident={campaign.parent} />
          </Fact>
        )}
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

/**
 * The campaign a follow-up was created from (spec §3 "parent and
 * followup"): the answer names it by id only, so its title is read, and it is
 * linked where the campaign list's edit action leads (editStep).
 */
function ParentCampaign({ ident }: { ident: string }) {
  const query = useCampaign(ident);
  const title = useCampaignTitle();
  return (
    <span data-testid="parent-campaign">
      {query.data ? (
        <Anchor
          component={Link}
          to={paths.campaigns.step(
            { merchantIdent: query.data.merchant.uuid, campaignIdent: ident },
            campaignFamily(query.data.campaign.type),
            editStep(query.data.campaign.current_status),
          )}
          size="sm"
        >
          {title(query.data.campaign.title)}
        </Anchor>
      ) : (
        // Until its title is read (or when it cannot be), the parent's id.
        <Text span ff="monospace" size="sm">
          {ident}
        </Text>
      )}
    </span>
  );
}
