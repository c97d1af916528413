/** The merchant image (docs/product.md#validation, docs/product.md#limits): jpg, jpeg, png or gif, cropped to 400×400 by the server. */
import { MERCHANT_IMAGE_FORMAT, type TMerchantDetail } from '@backoffice/domain';
import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readImageFormat } from '../../../shared/api/upload';
import { notifySuccess } from '../../../shared/ui/notify';
import { useUploadMerchantImage } from '../api/merchant-profile';
import { notifyMerchantError } from '../merchant-errors';

export function ImageCard({ merchant, canEdit }: { merchant: TMerchantDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadMerchantImage(merchant.uuid);
  const [problem, setProblem] = useState<string | undefined>();

  const choose = async (file: File | null) => {
    if (!file) {
      setProblem(t('errors.server.no_image'));
      return;
    }
    // By the content, whatever the name (a photo saved as .jfif); the server checks again.
    if (!(await readImageFormat(file))) {
      setProblem(t('errors.server.invalid_image_format'));
      return;
    }
    setProblem(undefined);
    upload.mutate(file, {
      onSuccess: () => notifySuccess(t('merchants.image.saved')),
      onError: (error) => notifyMerchantError(t, error),
    });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('merchants.image.title')}
        </Title>
        <Group align="flex-start">
          {merchant.image ? (
            <Image
              src={merchant.image.src}
              alt={t('merchants.image.alt', { name: merchant.name })}
              w={160}
              h={160}
              radius="sm"
              data-testid="merchant-image"
            />
          ) : (
            <Text c="dimmed" size="sm">
              {t('merchants.image.none')}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm">
              {t('merchants.image.hint', {
                width: MERCHANT_IMAGE_FORMAT.width,
                height: MERCHANT_IMAGE_FORMAT.height,
              })}
            </Text>
            {canEdit && (
              <FileButton
                onChange={(file) => void choose(file)}
                accept="image/jpeg,image/png,image/gif"
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconPhotoUp size={16} aria-hidden />}
                    loading={upload.isPending}
                  >
                    {t('merchants.image.choose')}
                  </Button>
                )}
              </FileButton>
            )}
            {problem && (
              <Text c="red" size="sm" role="alert">
                {problem}
              </Text>
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
