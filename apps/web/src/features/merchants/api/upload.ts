/**
 * Multipart uploads (merchant image, location CSV) with the bearer token, the
 * spec's 5000 ms timeout and the client's error shape. The shared client
 * sends JSON and forms only; a file needs FormData.
 */
import { getValidToken } from '../../auth/token-storage';
import { ApiError, serverMessageOf } from '../../../shared/api/api-error';
import { beginRequest } from '../../../shared/api/busy-store';
import { joinUrl, REQUEST_TIMEOUT_MS } from '../../../shared/api/client';
import { getConfig } from '../../../shared/config/runtime-config';

/** An upload refused by the server; `body` keeps details such as the CSV's errors by line. */
export class UploadError extends ApiError {
  constructor(
    message: string,
    details: { status: number; serverMessage: string; field?: string },
    readonly body: unknown,
  ) {
    super('http', message, details);
  }
}

export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const token = getValidToken();
  if (!token) throw new ApiError('cancelled', 'Skipped: not signed in');
  const form = new FormData();
  form.append('upload', file, file.name);
  const endBusy = beginRequest();
  try {
    let response: Response;
    try {
      response = await fetch(joinUrl(getConfig().apiUrl, path), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (cause) {
      throw new ApiError('no-response', cause instanceof Error ? cause.message : String(cause));
    }
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = text;
    }
    if (!response.ok) {
      const { message, field } = serverMessageOf(body);
      throw new UploadError(
        message ?? response.statusText,
        {
          status: response.status,
          serverMessage: message ?? response.statusText,
          ...(field !== undefined ? { field } : {}),
        },
        body,
      );
    }
    return body as T;
  } finally {
    endBusy();
  }
}
