/**
 * The image step (docs/product.md#validation "Images"): choose an image by click or drop
 * (image-drop.tsx), check its type by content (jpg, jpeg, png, gif), choose a
 * section of the campaign format (crop-card.tsx), and upload it; the server
 * crops and resizes it to that format (the domain's CAMPAIGN_IMAGE_FORMAT).
 * The stored image is shown at most at that size (stored-image.tsx); saving
 * the step uploads a chosen image first and marks the step done.
 */
import { CAMPAIGN_IMAGE_FORMAT, type TCampaign } from '@backoffice/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/api-error';
import { alertQuietAnswer } from '../../../../shared/api/request';
import { notifySuccess } from '../../../../shared/ui/notify';
import { imageRefusalOf, QUIET_STATUSES, useUploadCampaignImage } from '../../api/campaign-image';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { CropCard } from './crop-card';
import { ImageDrop } from './image-drop';
import { roundCrop } from './image-format';
import { StoredImage } from './stored-image';
import { useImageChoice } from './use-image-choice';

/** The step's one message is about the image. */
const IMAGE_FIELD = 'image';

/** The step has no fields of its own: the image is uploaded, not saved with the content. */
const readNothing = (_campaign: TCampaign): Record<string, never> => ({});

export function ImageStep({ envelope }: WizardStepProps) {
  const { t } = useTranslation();
  const { campaign } = envelope;
  const choice = useImageChoice();
  const { chosen } = choice;
  const upload = useUploadCampaignImage();
  /** Uploads the chosen image; false when the server refused it (the reason shows). */
  const uploadChosen = async (): Promise<number | false | undefined> => {
    if (!chosen) return undefined;
    try {
      const uploaded = await upload.mutateAsync({
        ident: campaign.uuid,
        file: chosen.file,
        crop: roundCrop(chosen.crop, chosen.width, chosen.height),
      });
      choice.clear();
      notifySuccess(t('campaigns.wizard.image.uploaded'));
      return uploaded.campaign.version;
    } catch (error) {
      const refusal = imageRefusalOf(error);
      choice.setProblem(refusal);
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

  return (
    <StepForm form={form}>
      <Text size="sm">
        {t('campaigns.wizard.image.intro', {
          width: CAMPAIGN_IMAGE_FORMAT.width,
          height: CAMPAIGN_IMAGE_FORMAT.height,
        })}
      </Text>
      <StoredImage
        campaign={campaign}
        readOnly={form.readOnly}
        error={form.fieldError(IMAGE_FIELD)}
      />
      {!form.readOnly && (
        <>
          <ImageDrop
            busy={form.saving}
            problem={choice.problem}
            onChoose={choice.choose}
            onProblem={choice.setProblem}
          />
          {chosen && (
            <CropCard
              chosen={chosen}
              uploading={upload.isPending}
              onCrop={choice.setCrop}
              onUpload={() => void uploadChosen()}
              onCancel={choice.clear}
            />
          )}
        </>
      )}
    </StepForm>
  );
}
