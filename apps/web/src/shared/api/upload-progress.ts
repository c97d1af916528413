/**
 * The requests whose body's progress is shown (uploads): by XMLHttpRequest,
 * which alone reports it (fetch has no upload progress in browsers today).
 * Loaded by the API client with the first upload, not with the first load.
 */
import { REQUEST_ID_HEADER } from './api-error';

/** fetch() as an XMLHttpRequest, reporting the share of the body sent (0 to 1). */
export function fetchWithUploadProgress(
  url: string,
  init: RequestInit & { headers: Headers; signal: AbortSignal },
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    init.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const requestId = xhr.getResponseHeader(REQUEST_ID_HEADER);
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {},
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    init.signal.addEventListener('abort', () => xhr.abort());
    xhr.send((init.body as XMLHttpRequestBodyInit | null) ?? null);
  });
}
