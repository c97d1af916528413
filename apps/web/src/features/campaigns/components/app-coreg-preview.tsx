/**
 * The co-registration and co-participation of a campaign as the app shows
 * them in the detail view: the consent to co-registration, and the other
 * campaigns offered for taking part with one click.
 */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { campaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { useLinkOptions } from '../api/get-link-options';

export function AppCoregPreview({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t, i18n } = useTranslation();
  const { campaign } = envelope;
  const options = useLinkOptions(campaign.uuid).data?.rows ?? [];
  const targets = campaign.coparticipation_targets.map((id) => {
    const option = options.find((candidate) => candidate.uuid === id);
    return {
      id,
      title: option ? campaignTitle(option.title, i18n.language, t) : id,
    };
  });
  return (
    <>
      {targets.length > 0 && (
        <div data-testid="app-coparticipation">
          <Text fw={600} size="sm" mb={4}>
            {t('campaigns.app.coparticipation')}
          </Text>
          <List size="sm">
            {targets.map((target) => (
              <List.Item key={target.id}>{target.title}</List.Item>
            ))}
          </List>
        </div>
      )}
      {campaign.coreg_suitable && (
        <Text size="xs" c="dimmed" data-testid="app-coreg">
          {t('campaigns.app.coreg', {
            sponsor: envelope.merchant.brand_name ?? envelope.merchant.name,
          })}
        </Text>
      )}
    </>
  );
}
