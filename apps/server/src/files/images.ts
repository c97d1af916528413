/**
 * Image checks and processing with sharp (spec §5, §9): the type is decided
 * by the content (jpeg, png or gif), never by the name; the pixel count is
 * limited before decoding (pixel floods); the result is cropped to the format.
 * Decoding runs a few images at a time (IMAGE_CONCURRENCY): a 40-megapixel
 * image takes hundreds of MB while it is decoded, so a burst of uploads waits
 * in line instead of adding up past the server's memory.
 */
import pLimit from 'p-limit';
import type Sharp from 'sharp';

let sharpModule: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on the first image: libvips adds some 30 MB to a process
 * that may never see an upload (docs/benchmarks.md, "Idle memory").
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache keeps decoded data for reuse; uploads are never
    // processed twice, so it would only hold memory.
    sharp.cache(false);
    // One libvips thread per image: IMAGE_CONCURRENCY images at a time then
    // take at most that many cores from the requests the server answers.
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

const imageWork = pLimit(2);

/** How many images may be decoded at a time (the app sets it from its config). */
export function setImageConcurrency(concurrency: number): void {
  imageWork.concurrency = concurrency;
}

/** Images being decoded now, and those waiting for their turn. */
export function imageWorkload(): { active: number; waiting: number } {
  return { active: imageWork.activeCount, waiting: imageWork.pendingCount };
}

export type ImageProblem = 'invalid_image_format' | 'image_too_large' | 'invalid_crop';

export class ImageRejectedError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);

/**
 * JPEG output: libjpeg-turbo's fast encoder with mozjpeg's quantisation
 * table. mozjpeg's trellis quantisation and scan optimisation would make the
 * file some 15 % smaller but take twice as long as decoding and cropping
 * together (docs/decisions.md, "Mixed load").
 */
const JPEG_OUTPUT = { quality: 85, quantisationTable: 3 } as const;

export interface ProcessedImage {
  data: Buffer;
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

/**
 * Reads, checks and crops an upload to width × height (cover, centred).
 * JPEG stays JPEG; PNG and GIF (first frame) become PNG, keeping transparency.
 */
export function processImage(
  input: Buffer,
  options: {
    width: number;
    height: number;
    maxPixels: number;
    /** A rectangle of the source to keep, in its pixels; the whole image when absent. */
    crop?: { left: number; top: number; width: number; height: number } | undefined;
  },
): Promise<ProcessedImage> {
  return imageWork(() => checkAndCrop(input, options));
}

async function checkAndCrop(
  input: Buffer,
  options: Parameters<typeof processImage>[1],
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  // Only the header is read here; decoding waits until the size is known to be acceptable.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ImageRejectedError('invalid_image_format');
    });
  const { format } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new ImageRejectedError('invalid_image_format');
  // The picture as shown: a photo stored on its side with an EXIF orientation
  // is turned upright (rotate() below), and browsers show it so, which is
  // where the crop box's coordinates come from.
  const { width, height } = metadata.autoOrient;
  if (width * height > options.maxPixels) throw new ImageRejectedError('image_too_large');
  const { crop } = options;
  if (
    crop &&
    (crop.width < 1 ||
      crop.height < 1 ||
      crop.left + crop.width > width ||
      crop.top + crop.height > height)
  ) {
    throw new ImageRejectedError('invalid_crop');
  }
  try {
    const oriented = sharp(input, { limitInputPixels: options.maxPixels, pages: 1 }).rotate();
    const pipeline = (crop ? oriented.extract(crop) : oriented).resize(
      options.width,
      options.height,
      { fit: 'cover', position: 'centre' },
    );
    const extension = format === 'jpeg' ? 'jpg' : 'png';
    const data =
      extension === 'jpg'
        ? await pipeline.jpeg(JPEG_OUTPUT).toBuffer()
        : await pipeline.png({ compressionLevel: 9 }).toBuffer();
    return { data, extension, width: options.width, height: options.height };
  } catch {
    // Truncated or corrupt data that the header check let through.
    throw new ImageRejectedError('invalid_image_format');
  }
}

/**
 * Resizing stored images (GET /files/…?width=&height=, open to anyone) has a
 * line of its own, one image at a time and at most RESIZE_WAITING_MAX waiting:
 * requests for many sizes at once can neither hold uploads back nor pile up.
 */
const resizeWork = pLimit(1);
export const RESIZE_WAITING_MAX = 16;

/** Thrown when the line of resizes is full; the caller answers 503 and asks to come back. */
export class ImageWorkBusyError extends Error {
  constructor() {
    super('image resizing busy');
  }
}

/** Resizes being made now, and those waiting. */
export function resizeWorkload(): { active: number; waiting: number } {
  return { active: resizeWork.activeCount, waiting: resizeWork.pendingCount };
}

/**
 * A stored image in another size (spec §9: the caller names the optimal
 * width and height), cropped to cover it; the stored format is kept.
 */
export function resizeStoredImage(
  data: Buffer,
  extension: 'jpg' | 'png',
  size: { width: number; height: number },
): Promise<Buffer> {
  if (resizeWork.pendingCount >= RESIZE_WAITING_MAX) {
    return Promise.reject(new ImageWorkBusyError());
  }
  return resizeWork(() => resize(data, extension, size));
}

async function resize(
  data: Buffer,
  extension: 'jpg' | 'png',
  size: { width: number; height: number },
): Promise<Buffer> {
  const sharp = await loadSharp();
  const pipeline = sharp(data).resize(size.width, size.height, {
    fit: 'cover',
    position: 'centre',
  });
  return extension === 'jpg'
    ? pipeline.jpeg(JPEG_OUTPUT).toBuffer()
    : pipeline.png({ compressionLevel: 9 }).toBuffer();
}
