/** A campaign's image as a thumbnail, or a grey placeholder when it has none. */
import { CAMPAIGN_IMAGE_FORMAT } from '@backoffice/domain';
import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface CampaignThumbnailProps {
  src: string | undefined;
  title: string;
  width?: number;
}

export function CampaignThumbnail({ src, title, width = 72 }: CampaignThumbnailProps) {
  const { t } = useTranslation();
  // In the proportions of the campaign format (docs/product.md#limits).
  const height = Math.round((width * CAMPAIGN_IMAGE_FORMAT.height) / CAMPAIGN_IMAGE_FORMAT.width);
  if (!src) {
    return (
      <Center
        w={width}
        h={height}
        bg="gray.1"
        c="gray.5"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        role="img"
        aria-label={t('campaigns.list.noImage')}
      >
        <IconPhoto size={20} aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      w={width}
      h={height}
      fit="cover"
      radius="sm"
      alt={t('campaigns.app.imageAlt', { title })}
    />
  );
}
