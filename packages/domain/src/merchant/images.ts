/** Image rules of spec §5 and §9: accepted formats and the merchant image's size. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const MERCHANT_IMAGE_FORMAT = { width: 400, height: 400 } as const;
/** An image size as the merchant list takes it: WIDTHxHEIGHT, e.g. 400x400. */
export const IMAGE_SIZE_PATTERN = /^\d{1,4}x\d{1,4}$/;

/** Whether a file name looks like an accepted image; the server checks the content itself. */
export const hasImageExtension = (fileName: string): boolean =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(fileName.split('.').pop()?.toLowerCase() ?? '');
