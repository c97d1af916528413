/**
 * POST and DELETE /campaigns/{ident}/image: the campaign image (docs/product.md#validation
 * "Images"). The upload is multipart with the file field `upload` and the
 * crop rectangle in the source image's pixels as query parameters; the
 * server checks the type by content, crops and resizes it to the campaign
 * format (CAMPAIGN_IMAGE_FORMAT).
 * Refusals (400 no_image, invalid_image_format, image_too_large) reach the
 * caller without an alert, which shows them beside the drop zone.
 */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { answer, api } from '../../../shared/api/client';
import { uploadFile } from '../../../shared/api/upload';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';
import { reloadOnConflict } from './campaign-conflict';

/** A crop rectangle in the source image's pixels. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const IMAGE_REFUSALS = ['no_image', 'invalid_image_format', 'image_too_large'] as const;
/** The upload's answers without an alert: the caller shows the refusals among them. */
export const QUIET_STATUSES: readonly number[] = [400, 413];
export type ImageRefusal = (typeof IMAGE_REFUSALS)[number];

export function imageRefusalOf(error: unknown): ImageRefusal | undefined {
  if (!(error instanceof ApiError) || !QUIET_STATUSES.includes(error.status ?? 0)) return undefined;
  return IMAGE_REFUSALS.find((refusal) => refusal === error.serverMessage);
}

export interface UploadImageInput {
  ident: string;
  file: File;
  crop: CropRect | undefined;
}

export function uploadCampaignImage({
  ident,
  file,
  crop,
}: UploadImageInput): Promise<TCampaignEnvelope> {
  return uploadFile<TCampaignEnvelope>(campaignPath(ident, '/image'), file, {
    query: crop
      ? {
          crop_x: Math.round(crop.x),
          crop_y: Math.round(crop.y),
          crop_width: Math.round(crop.width),
          crop_height: Math.round(crop.height),
        }
      : {},
    // Refusals are shown beside the drop zone instead of as an alert.
    quietStatuses: QUIET_STATUSES,
  });
}

export function deleteCampaignImage(ident: string): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.DELETE('/api/campaigns/{id}/image', { params: { path: { id: ident } } }),
  );
}

function useStoreEnvelope() {
  const queryClient = useQueryClient();
  return (envelope: TCampaignEnvelope) => {
    queryClient.setQueryData(campaignKeys.detail(envelope.campaign.uuid), envelope);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
}

export function useUploadCampaignImage() {
  const queryClient = useQueryClient();
  const store = useStoreEnvelope();
  return useMutation({
    mutationFn: uploadCampaignImage,
    onSuccess: store,
    onError: (error, { ident }) => reloadOnConflict(queryClient, ident, error),
  });
}

export function useDeleteCampaignImage() {
  const queryClient = useQueryClient();
  const store = useStoreEnvelope();
  return useMutation({
    mutationFn: deleteCampaignImage,
    onSuccess: store,
    onError: (error, ident) => reloadOnConflict(queryClient, ident, error),
  });
}
