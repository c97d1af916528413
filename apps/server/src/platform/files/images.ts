/**
 * Image checks and processing with sharp (docs/product.md#validation, docs/product.md#limits): the type is decided
 * by the content (jpeg, png or gif), never by the name; the pixel count is
 * limited before decoding (pixel floods); the result is cropped to the format.
 * An upload is only checked by its header here (checkUpload) and stored as
 * received; what is served is made from it on its first request
 * (image-store.ts, docs/decisions/047-image-processing-off-request.md).
 * Decoding runs a few images at a time (IMAGE_CONCURRENCY), in libuv's
 * threads, never on the event loop: a 40-megapixel image takes hundreds of
 * MB while it is decoded, so a burst of first requests waits in line instead of
 * adding up past the server's memory. An upload's body is read only once it
 * has a place in a second line, four times as wide: uploads waiting for it
 * hold no buffer, and at most that many bodies are in memory at once, while
 * a slow client sending its body holds up no decoding. */
import type { MessageKey } from '@backoffice/domain';
import pLimit from 'p-limit';
import type Sharp from 'sharp';
import type { Sharp as SharpImage } from 'sharp';

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

/** Uploads whose body is in memory (being received, waiting for or in the image line) per image decoded. */
const RECEIVING_PER_DECODE = 4;
const receivingWork = pLimit(2 * RECEIVING_PER_DECODE);

/** How many images may be decoded at a time (the app sets it from its config). */
export function setImageConcurrency(concurrency: number): void {
  imageWork.concurrency = concurrency;
  receivingWork.concurrency = concurrency * RECEIVING_PER_DECODE;
}

/** Images being decoded now, and those waiting for their turn. */
export function imageWorkload(): { active: number; waiting: number } {
  return { active: imageWork.activeCount, waiting: imageWork.pendingCount };
}

/** Uploads whose body is in memory now, and those waiting before their body is read. */
export function uploadWorkload(): { active: number; waiting: number } {
  return { active: receivingWork.activeCount, waiting: receivingWork.pendingCount };
}

export type ImageProblem = Extract<
  MessageKey,
  'invalid_image_format' | 'image_too_large' | 'invalid_crop'
>;

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
 * together (docs/decisions/036-performance-hacks.md).
 */
const JPEG_OUTPUT = { quality: 85, quantisationTable: 3 } as const;

export interface ProcessedImage {
  data: Buffer;
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

/** What an upload is made into: width × height, from at most maxPixels. */
export interface ImageFormat {
  width: number;
  height: number;
  maxPixels: number;
  /** A rectangle of the source to keep, in its pixels; the whole image when absent. */
  crop?: { left: number; top: number; width: number; height: number } | undefined;
}

/**
 * Reads an upload once it has its place in the receiving line (`read`, which
 * loads its body), then checks and crops it to width × height (cover,
 * centred) in the image line. JPEG stays JPEG; PNG and GIF (first frame)
 * become PNG, keeping transparency.
 */
export function processUpload(
  read: () => Promise<Buffer>,
  options: ImageFormat,
): Promise<ProcessedImage> {
  return receivingWork(async () => {
    const input = await read();
    return imageWork(() => checkAndCrop(input, options));
  });
}

/** processUpload() of an image already in memory. */
export function processImage(input: Buffer, options: ImageFormat): Promise<ProcessedImage> {
  return processUpload(() => Promise.resolve(input), options);
}

/** An upload that passed the checks of its header, kept as received. */
export interface CheckedUpload {
  data: Buffer;
  /** What it is made into: JPEG stays JPEG, PNG and GIF become PNG. */
  extension: 'jpg' | 'png';
}

/**
 * Reads an upload once it has its place in the receiving line (`read`, which
 * loads its body) and checks it by its header alone: the type by content,
 * the pixel count and the crop box. Nothing is decoded: the image is made
 * into its format on its first request (makeFormat).
 */
export function checkUpload(
  read: () => Promise<Buffer>,
  options: ImageFormat,
): Promise<CheckedUpload> {
  return receivingWork(async () => {
    const data = await read();
    const { format } = await checkHeader(data, options);
    return { data, extension: format === 'jpeg' ? 'jpg' : 'png' };
  });
}

/** An upload checked before (checkUpload) made into its format, in the image line. */
export function makeFormat(input: Buffer, options: ImageFormat): Promise<ProcessedImage> {
  return imageWork(() => checkAndCrop(input, options));
}

/** The header's format and size as shown; refuses what checkUpload refuses. */
async function checkHeader(
  input: Buffer,
  options: ImageFormat,
): Promise<{ format: string; width: number; height: number }> {
  const sharp = await loadSharp();
  // Only the header is read here; decoding waits until the size is known to be acceptable.
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ImageRejectedError('invalid_image_format');
    });
  const { format } = metadata;
  if (!ACCEPTED_FORMATS.has(format)) throw new ImageRejectedError('invalid_image_format');
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
  if (!complete(input, format)) throw new ImageRejectedError('invalid_image_format');
  return { format, width, height };
}

const JPEG_START_OF_SCAN = Buffer.from([0xff, 0xda]);
const JPEG_END_OF_IMAGE = Buffer.from([0xff, 0xd9]);
const PNG_END = Buffer.from('IEND');

/**
 * Whether a JPEG or PNG has its end: a file cut off in transfer would fail
 * only when it is decoded, and decoding waits for the first request. A
 * JPEG's last scan must be followed by its end marker (data may follow it,
 * as some cameras append); a PNG must have its closing chunk. Damage inside
 * the data still shows only when it is decoded (image-store.ts answers 404).
 */
function complete(input: Buffer, format: string): boolean {
  if (format === 'jpeg')
    return input.lastIndexOf(JPEG_END_OF_IMAGE) > input.lastIndexOf(JPEG_START_OF_SCAN);
  if (format === 'png') return input.lastIndexOf(PNG_END) > 0;
  return true;
}

async function checkAndCrop(input: Buffer, options: ImageFormat): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { format, width, height } = await checkHeader(input, options);
  const { crop } = options;
  try {
    const oriented = sharp(input, { limitInputPixels: options.maxPixels, pages: 1 }).rotate();
    const target = { width: options.width, height: options.height };
    const pipeline = !crop
      ? oriented.resize(target.width, target.height, { fit: 'cover', position: 'centre' })
      : format === 'jpeg' && cropScale(crop, target) <= SHRINK_ON_LOAD_SCALE
        ? scaleThenCut(oriented, { source: { width, height }, crop, target })
        : oriented
            .extract(crop)
            .resize(target.width, target.height, { fit: 'cover', position: 'centre' });
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

type Size = { width: number; height: number };
type Rect = Size & { left: number; top: number };

/** A scale at or below which libjpeg decodes a photo at a half, a quarter or an eighth of its size. */
const SHRINK_ON_LOAD_SCALE = 0.5;

/** The scale that makes the crop box cover the target (as fit 'cover' does). */
const cropScale = (crop: Size, target: Size) =>
  Math.max(target.width / crop.width, target.height / crop.height);

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The crop box made into the target as extract-then-cover would make it,
 * but scaled first and cut afterwards: libjpeg then decodes a large photo at
 * a fraction of its size (shrink-on-load) instead of whole. A 36-megapixel
 * photo's crop takes about 100 MB less, and half the time. Used where the
 * whole photo is scaled down by half or more, so that it stays small.
 */
function scaleThenCut(
  image: SharpImage,
  { source, crop, target }: { source: Size; crop: Rect; target: Size },
): SharpImage {
  const scale = cropScale(crop, target);
  const scaled = {
    width: Math.max(target.width, Math.round(source.width * scale)),
    height: Math.max(target.height, Math.round(source.height * scale)),
  };
  // The target's rectangle centred in the scaled crop box, as fit 'cover' with position 'centre'.
  const left = Math.round(crop.left * scale + (crop.width * scale - target.width) / 2);
  const top = Math.round(crop.top * scale + (crop.height * scale - target.height) / 2);
  return image.resize(scaled.width, scaled.height, { fit: 'fill' }).extract({
    left: clamp(left, 0, scaled.width - target.width),
    top: clamp(top, 0, scaled.height - target.height),
    width: target.width,
    height: target.height,
  });
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
 * A stored image in another size (docs/product.md#limits: the caller names the optimal
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
