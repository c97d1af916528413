/**
 * The image step (docs/product.md#validation "Images"): choose an image by click or drop, check
 * its type by content (jpg, jpeg, png, gif), choose a section of the campaign
 * format, and upload it; the server crops and resizes it to that format (the
 * domain's CAMPAIGN_IMAGE_FORMAT). The stored image is shown at most at that
 * size; saving the step uploads a chosen image first and marks the step done.
 */
import { CAMPAIGN_IMAGE_FORMAT, type TCampaign } from '@backoffice/domain';
import { Alert, Button, Card, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/api-error';
import { alertQuietAnswer } from '../../../../shared/api/client';
import { readImageFormat } from '../../../../shared/api/upload';
import { notifySuccess } from '../../../../shared/ui/notify';
import {
  imageRefusalOf,
  QUIET_STATUSES,
  useDeleteCampaignImage,
  useUploadCampaignImage,
  type ImageRefusal,
} from '../../api/campaign-image';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { CropBox } from './crop-box';
import { initialCrop, roundCrop, type Rect } from './image-format';

interface Chosen {
  file: File;
  url: string;
  width: number;
  height: number;
  crop: Rect;
}

type Problem = ImageRefusal | 'unreadable';

/** The same sentences as the server's refusals and the merchant image's. */
const PROBLEM_TEXT = {
  no_image: 'errors.server.no_image',
  invalid_image_format: 'errors.server.invalid_image_format',
  image_too_large: 'errors.server.image_too_large',
  unreadable: 'campaigns.wizard.image.unreadable',
} as const satisfies Record<Problem, string>;

const ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif';

function loadImage(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new window.Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}

/** The step has no fields of its own: the image is uploaded, not saved with the content. */
const readNothing = (_campaign: TCampaign): Record<string, never> => ({});

export function ImageStep({ envelope }: WizardStepProps) {
  const { t } = useTranslation();
  const { campaign } = envelope;
  const [chosen, setChosen] = useState<Chosen | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadCampaignImage();
  const remove = useDeleteCampaignImage();
  /** Uploads the chosen image; false when the server refused it (the reason shows). */
  const uploadChosen = async (): Promise<number | false | undefined> => {
    if (!chosen) return undefined;
    try {
      const uploaded = await upload.mutateAsync({
        ident: campaign.uuid,
        file: chosen.file,
        crop: roundCrop(chosen.crop, chosen.width, chosen.height),
      });
      setChosen(undefined);
      notifySuccess(t('campaigns.wizard.image.uploaded'));
      return uploaded.campaign.version;
    } catch (error) {
      const refusal = imageRefusalOf(error);
      setProblem(refusal);
      // Other refusals (a crop outside the image, a broken upload) get the request's
      // alert, which the upload's quiet statuses held back.
      if (!refusal && error instanceof ApiError && QUIET_STATUSES.includes(error.status ?? 0))
        alertQuietAnswer(error);
      return false;
    }
  };
  const form = useStepForm({
    envelope,
    step: 'image',
    read: readNothing,
    toPatch: () => ({}),
    extraDirty: chosen !== undefined,
    // A chosen image is the step's image: saving uploads it first.
    imageChosen: chosen !== undefined,
    beforeSave: uploadChosen,
  });
  const stored = campaign.image?.src;
  const imageError = form.fieldError('image');

  useEffect(() => {
    if (!chosen) return undefined;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  const choose = async (file: File | undefined) => {
    setProblem(undefined);
    if (!file) {
      setProblem('no_image');
      return;
    }
    if (!(await readImageFormat(file))) {
      setProblem('invalid_image_format');
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const { width, height } = await loadImage(url);
      setChosen({ file, url, width, height, crop: initialCrop(width, height) });
    } catch {
      URL.revokeObjectURL(url);
      setProblem('unreadable');
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    // Nothing is chosen while a save (with its upload) is on its way.
    if (form.readOnly || form.saving) return;
    void choose(event.dataTransfer.files[0]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      input.current?.click();
    }
  };

  const onUpload = () => {
    if (!chosen) {
      setProblem('no_image');
      return;
    }
    void uploadChosen();
  };

  return (
    <StepForm form={form}>
      <Text size="sm">
        {t('campaigns.wizard.image.intro', {
          width: CAMPAIGN_IMAGE_FORMAT.width,
          height: CAMPAIGN_IMAGE_FORMAT.height,
        })}
      </Text>
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
            {!form.readOnly && (
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
          <Text size="sm" c={imageError ? 'var(--mantine-color-error)' : 'dimmed'}>
            {imageError ?? t('campaigns.wizard.image.none')}
          </Text>
        )}
      </Card>

      {!form.readOnly && (
        <>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label={t('campaigns.wizard.image.upload')}
            data-testid="image-input"
            onChange={(event) => {
              void choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
          <Paper
            withBorder
            radius="md"
            p="xl"
            role="button"
            tabIndex={0}
            aria-disabled={form.saving || undefined}
            data-testid="image-drop"
            onClick={() => input.current?.click()}
            onKeyDown={onKeyDown}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{
              borderStyle: 'dashed',
              cursor: 'pointer',
              background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Group justify="center" gap="sm">
              <IconPhoto size={32} aria-hidden />
              <Text>{t('campaigns.wizard.image.drop')}</Text>
            </Group>
          </Paper>
          {problem && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} aria-hidden />}
              data-testid="image-problem"
            >
              {t(PROBLEM_TEXT[problem])}
            </Alert>
          )}
          {chosen && (
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
                onCrop={(crop) => setChosen((current) => current && { ...current, crop })}
              />
              <Group mt="md">
                <Button
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                  onClick={onUpload}
                >
                  {t('campaigns.wizard.image.upload')}
                </Button>
                <Button variant="default" onClick={() => setChosen(undefined)}>
                  {t('campaigns.wizard.image.cancel')}
                </Button>
              </Group>
            </Card>
          )}
        </>
      )}
    </StepForm>
  );
}
