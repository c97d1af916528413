/** Image rules of docs/product.md#validation and docs/product.md#limits: accepted formats and the merchant image's size. */
export const MERCHANT_IMAGE_FORMAT = { width: 400, height: 400 } as const;
/** An image size as the merchant list takes it: WIDTHxHEIGHT, e.g. 400x400. */
export const IMAGE_SIZE_PATTERN = /^\d{1,4}x\d{1,4}$/;

export type ImageFormat = 'jpeg' | 'png' | 'gif';

const SIGNATURES: { format: ImageFormat; bytes: number[] }[] = [
  { format: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { format: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
];

/**
 * The format of an image by its first bytes (at most 8), or undefined for
 * anything else: the type is decided by the content, never by the file's
 * name (a photo saved as ".jfif" or without an extension is a JPEG).
 */
export function imageFormatOf(head: Uint8Array): ImageFormat | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.format;
}

/** The bounds of an image size a caller may ask for (docs/product.md#limits "optimal size", width and height). */
export const IMAGE_SIZE_MIN = 16;
export const IMAGE_SIZE_MAX = 2000;

export interface ImageSize {
  width: number;
  height: number;
}

const inBounds = (value: number) =>
  Number.isInteger(value) && value >= IMAGE_SIZE_MIN && value <= IMAGE_SIZE_MAX;

/** `WIDTHxHEIGHT` (GET /merchants' image_format) as a size, if it is one within the bounds. */
export function parseImageFormat(format: string): ImageSize | undefined {
  const match = /^(\d{1,4})x(\d{1,4})$/.exec(format);
  if (!match) return undefined;
  const size = { width: Number(match[1]), height: Number(match[2]) };
  return inBounds(size.width) && inBounds(size.height) ? size : undefined;
}

/** The address of a stored image in another size; the file route scales it on the way out. */
export const sizedImageSrc = (src: string, size: ImageSize): string =>
  `${src}?width=${size.width}&height=${size.height}`;
