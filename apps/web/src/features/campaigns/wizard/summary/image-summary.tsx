/** The image step, read-only: the campaign's image, or that there is none. */
import type { TCampaign } from '@backoffice/domain';
import { Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { campaignTitle } from '../../../../shared/resources/campaigns/campaign-title';

export function ImageSummary({ campaign }: { campaign: TCampaign }) {
  const { t, i18n } = useTranslation();
  const src = campaign.images[0]?.src;
  if (!src) {
    return (
      <Text c="dimmed" size="sm">
        {t('campaigns.app.noImage')}
      </Text>
    );
  }
  const title = campaignTitle(campaign.title, i18n.language, t);
  return (
    <Image
      src={src}
      alt={t('campaigns.app.imageAlt', { title })}
      maw={310}
      radius="sm"
      data-testid="summary-image"
    />
  );
}
