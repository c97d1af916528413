/** The campaign image format (docs/product.md#limits): uploads are cropped and resized to it. */
export const CAMPAIGN_IMAGE_FORMAT = { width: 620, height: 413 } as const;

/** Messages of an image upload the server refuses (docs/product.md#validation). */
export const IMAGE_UPLOAD_MESSAGES = [
  'no_image',
  'invalid_image_format',
  'image_too_large',
  'invalid_crop',
] as const;
export type ImageUploadMessage = (typeof IMAGE_UPLOAD_MESSAGES)[number];

/** Images inside a description are shown at most this wide (docs/product.md#validation, docs/product.md#limits). */
export const INLINE_IMAGE_MAX_WIDTH = 600;

/**
 * The width attribute an inline image keeps: the one it was given, at most
 * INLINE_IMAGE_MAX_WIDTH; none when it had none (or no number), so that a
 * small image is not stretched. Where descriptions are shown, CSS holds any
 * image to the same maximum.
 */
export function inlineImageWidth(width: string | null | undefined): string | undefined {
  const given = Number(width);
  if (!Number.isFinite(given) || given <= 0) return undefined;
  return String(Math.min(Math.round(given), INLINE_IMAGE_MAX_WIDTH));
}
