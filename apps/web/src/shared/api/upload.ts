/**
 * File uploads: one file in the multipart field `upload`, through the shared
 * client (bearer token, busy indicator, alerts). Statuses the caller shows
 * beside the field itself are passed as quiet.
 */
import { imageFormatOf, UPLOAD_FIELD, type ImageFormat } from '@backoffice/domain';
import { apiRequestRequired } from './plain-request';
import { REQUEST_TIMEOUT_MS } from './request';

/** Uploads take longer than the JSON calls' 5000 ms: a large photo over a slow line. */
export const UPLOAD_TIMEOUT_MS = REQUEST_TIMEOUT_MS * 6;

export interface UploadOptions {
  query?: Record<string, string | number | undefined>;
  /** Statuses that reject without an alert (the caller shows them). */
  quietStatuses?: readonly number[];
  /** Reports the share of the file sent (0 to 1). */
  onProgress?: (fraction: number) => void;
}

export function uploadFile<T>(path: string, file: File, options: UploadOptions = {}): Promise<T> {
  const formData = new FormData();
  formData.append(UPLOAD_FIELD, file, file.name);
  return apiRequestRequired<T>({
    method: 'POST',
    path,
    formData,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(options.query ? { query: options.query } : {}),
    ...(options.quietStatuses ? { quietStatuses: options.quietStatuses } : {}),
    ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
  });
}

/**
 * An image file's format by its first bytes (docs/product.md#validation: jpg, jpeg, png or gif),
 * undefined for anything else, whatever the file is named; the server checks again.
 */
export async function readImageFormat(file: Blob): Promise<ImageFormat | undefined> {
  return imageFormatOf(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
}
