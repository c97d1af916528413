/**
 * The crop geometry of the campaign image's format (the domain's
 * CAMPAIGN_IMAGE_FORMAT, which the server crops and resizes to). Its type is
 * checked by content before the upload (readImageFormat).
 */
import { CAMPAIGN_IMAGE_FORMAT } from '@backoffice/domain';

export const CAMPAIGN_IMAGE_RATIO = CAMPAIGN_IMAGE_FORMAT.width / CAMPAIGN_IMAGE_FORMAT.height;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest rectangle of the campaign format inside the image, centred. */
export function initialCrop(imageWidth: number, imageHeight: number): Rect {
  const width = Math.min(imageWidth, imageHeight * CAMPAIGN_IMAGE_RATIO);
  const height = width / CAMPAIGN_IMAGE_RATIO;
  return { x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height };
}

/**
 * A crop of the given width (scaled by `size`, 0–1 of the largest), centred
 * on the old crop's centre and kept inside the image.
 */
export function resizeCrop(
  crop: Rect,
  size: number,
  imageWidth: number,
  imageHeight: number,
): Rect {
  const largest = initialCrop(imageWidth, imageHeight);
  const width = Math.max(1, largest.width * Math.min(1, Math.max(0.1, size)));
  const height = width / CAMPAIGN_IMAGE_RATIO;
  return moveCrop(
    {
      x: crop.x + crop.width / 2 - width / 2,
      y: crop.y + crop.height / 2 - height / 2,
      width,
      height,
    },
    0,
    0,
    imageWidth,
    imageHeight,
  );
}

/** The crop moved by dx/dy source pixels, kept inside the image. */
export function moveCrop(
  crop: Rect,
  dx: number,
  dy: number,
  imageWidth: number,
  imageHeight: number,
): Rect {
  const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));
  return {
    ...crop,
    x: clamp(crop.x + dx, imageWidth - crop.width),
    y: clamp(crop.y + dy, imageHeight - crop.height),
  };
}

/** Whole source pixels for the server, inside the image. */
export function roundCrop(crop: Rect, imageWidth: number, imageHeight: number): Rect {
  const x = Math.max(0, Math.round(crop.x));
  const y = Math.max(0, Math.round(crop.y));
  return {
    x,
    y,
    width: Math.max(1, Math.min(Math.round(crop.width), imageWidth - x)),
    height: Math.max(1, Math.min(Math.round(crop.height), imageHeight - y)),
  };
}
