/** Image rules of spec §5 and §9: accepted formats and the merchant image's size. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const MERCHANT_IMAGE_FORMAT = { width: 400, height: 400 } as const;
/** An image size as the merchant list takes it: WIDTHxHEIGHT, e.g. 400x400. */
export const IMAGE_SIZE_PATTERN = /^\d{1,4}x\d{1,4}$/;

/** Whether a file name looks like an accepted image; the server checks the content itself. */
export const hasImageExtension = (fileName: string): boolean =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(fileName.split('.').pop()?.toLowerCase() ?? '');

/** The bounds of an image size a caller may ask for (spec §9 "optimal size", width and height). */
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
