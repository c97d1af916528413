/**
 * The campaign's image as stored (at most at the campaign format's size)
 * with its removal, or the step's message where it has none.
 */
import { CAMPAIGN_IMAGE_FORMAT, type TCampaign } from '@backoffice/domain';
import { Button, Card, Image, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../shared/ui/notify';
import { useDeleteCampaignImage } from '../../api/campaign-image';

interface StoredImageProps {
  campaign: TCampaign;
  readOnly: boolean;
  /** The step's message about the image (none chosen), once shown. */
  error: ReactNode;
}

export function StoredImage({ campaign, readOnly, error }: StoredImageProps) {
  const { t } = useTranslation();
  const remove = useDeleteCampaignImage();
  const stored = campaign.image?.src;
  return (
    <Card withBorder radius="md" data-field="image">
      <Title order={2} size="h5" mb="xs">
        {t('campaigns.wizard.image.current')}
      </Title>
      {stored ? (
        <Stack gap="xs" align="flex-start">
          <Image
            src={stored}
            alt={t('campaigns.wizard.image.currentAlt')}
            w="100%"
            maw={CAMPAIGN_IMAGE_FORMAT.width}
            radius="sm"
            data-testid="stored-image"
          />
          {!readOnly && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(campaign.uuid, {
                  onSuccess: () => notifySuccess(t('campaigns.wizard.image.removed')),
                })
              }
            >
              {t('campaigns.wizard.image.remove')}
            </Button>
          )}
        </Stack>
      ) : (
        <Text size="sm" c={error ? 'var(--mantine-color-error)' : 'dimmed'}>
          {error ?? t('campaigns.wizard.image.none')}
        </Text>
      )}
    </Card>
  );
}
