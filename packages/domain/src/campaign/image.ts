/** The campaign image format (spec §9): uploads are cropped and resized to it. */
export const CAMPAIGN_IMAGE_FORMAT = { width: 620, height: 413 } as const;

/** Messages of an image upload the server refuses (spec §5). */
export const IMAGE_UPLOAD_MESSAGES = [
  'no_image',
  'invalid_image_format',
  'image_too_large',
  'invalid_crop',
] as const;
export type ImageUploadMessage = (typeof IMAGE_UPLOAD_MESSAGES)[number];
