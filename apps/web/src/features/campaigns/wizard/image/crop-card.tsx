/** The chosen image with the section the campaign format takes, its upload and its cancel. */
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CropBox } from './crop-box';
import type { Rect } from './image-format';
import type { Chosen } from './use-image-choice';

interface CropCardProps {
  chosen: Chosen;
  uploading: boolean;
  onCrop: (crop: Rect) => void;
  onUpload: () => void;
  onCancel: () => void;
}

export function CropCard({ chosen, uploading, onCrop, onUpload, onCancel }: CropCardProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h5" mb="xs">
        {t('campaigns.wizard.image.crop')}
      </Title>
      <Text size="sm" mb="xs">
        {t('campaigns.wizard.image.selected', {
          name: chosen.file.name,
          width: chosen.width,
          height: chosen.height,
        })}
      </Text>
      <CropBox
        src={chosen.url}
        imageWidth={chosen.width}
        imageHeight={chosen.height}
        crop={chosen.crop}
        onCrop={onCrop}
      />
      <Group mt="md">
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={uploading}
          onClick={onUpload}
        >
          {t('campaigns.wizard.image.upload')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('campaigns.wizard.image.cancel')}
        </Button>
      </Group>
    </Card>
  );
}
