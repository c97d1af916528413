/**
 * The campaign image's format checks in the browser (spec §5 "Images"): the
 * type is read from the file's first bytes, never from its name; the server
 * checks again. And the crop geometry of the campaign format (the domain's
 * CAMPAIGN_IMAGE_FORMAT, which the server crops and resizes to).
 */
import { CAMPAIGN_IMAGE_FORMAT } from '@backoffice/domain';

export const CAMPAIGN_IMAGE_RATIO = CAMPAIGN_IMAGE_FORMAT.width / CAMPAIGN_IMAGE_FORMAT.height;

export type ImageFormat = 'jpeg' | 'png' | 'gif';

const SIGNATURES: { format: ImageFormat; bytes: number[] }[] = [
  { format: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { format: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/** The format of an image by its first bytes, or undefined for anything else. */
export function imageFormatOf(head: Uint8Array): ImageFormat | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.format;
}

export async function readImageFormat(file: Blob): Promise<ImageFormat | undefined> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return imageFormatOf(head);
}

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
