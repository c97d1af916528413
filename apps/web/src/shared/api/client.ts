/**
 * The one HTTP client of the app (spec §7, §8): base URLs from the runtime
 * config, the bearer token on every merchant- and auth-API call (skipped
 * silently without a token; the app is told, so that it ends the session
 * instead of ignoring every click), a 5000 ms timeout, the busy indicator,
 * and the spec's error alerts. Answers are typed by the contract in packages/domain;
 * the server serialises every answer through the same zod schemas, so the
 * client does not parse them again (that keeps zod out of the first load).
 */
import { getConfig } from '../config/runtime-config';
import { i18n, loadTexts } from '../i18n/i18n';
import { notifyError } from '../ui/notify';
import { ApiError, plainErrorText, serverMessageOf } from './api-error';
import { apiAuth } from './auth-hooks';
import { beginRequest } from './busy-store';

/** Request timeout of spec §9. */
export const REQUEST_TIMEOUT_MS = 5000;

type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Which API the path belongs to: the merchant API (apiUrl), the auth API
   * (authApiUrl), or an absolute/configured URL given in `path` (e.g. the token endpoint).
   */
  base?: 'api' | 'auth' | 'url';
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (OAuth token endpoint). */
  form?: URLSearchParams;
  /** A multipart body (file uploads); the browser sets its content type. */
  formData?: FormData;
  /** Overrides the spec's 5000 ms, e.g. for uploads of large files. */
  timeoutMs?: number;
  /** Whether the call needs the bearer token; default true except for base 'url'. */
  authenticated?: boolean;
  /** Statuses that reject without an alert (the caller handles them; 401 then signs nobody out). */
  quietStatuses?: readonly number[];
  /**
   * Failures reject without an alert: a call in the background that tries
   * again by itself (the token refresh). A 401 still ends the session.
   */
  silent?: boolean;
  /** Cancels the request, e.g. TanStack Query's signal. */
  signal?: AbortSignal;
  /** Reports the share of the body sent (0 to 1); the request then goes by XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
}

export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function buildUrl(options: RequestOptions): string {
  const config = getConfig();
  const base = options.base ?? 'api';
  const url =
    base === 'url'
      ? options.path
      : joinUrl(base === 'auth' ? config.authApiUrl : config.apiUrl, options.path);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * fetch() as an XMLHttpRequest, which alone reports the progress of sending a
 * body (fetch has no upload progress in browsers today).
 */
function fetchWithUploadProgress(
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
      resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    init.signal.addEventListener('abort', () => xhr.abort());
    xhr.send((init.body as XMLHttpRequestBodyInit | null) ?? null);
  });
}

/**
 * Sends one request. Resolves to the parsed answer, or to undefined when the
 * call needs a token and there is none (skipped silently, spec §7; the app
 * is told that the session is over). Rejects with an ApiError after showing
 * the spec's alert.
 */
export async function apiRequest<TResponse>(
  options: RequestOptions,
): Promise<TResponse | undefined> {
  const authenticated = options.authenticated ?? options.base !== 'url';
  const token = authenticated ? apiAuth().getToken() : undefined;
  if (authenticated && !token) {
    apiAuth().onMissingToken?.();
    return undefined;
  }
  const alerted = async (error: ApiError): Promise<ApiError> =>
    options.silent ? error : report(error);

  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = options.form;
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout.signal])
    : timeout.signal;
  const endBusy = beginRequest();
  try {
    let response: Response;
    try {
      const init = {
        method: options.method ?? 'GET',
        headers,
        body: body ?? null,
        signal,
        credentials: 'same-origin' as const,
      };
      response = options.onUploadProgress
        ? await fetchWithUploadProgress(buildUrl(options), init, options.onUploadProgress)
        : await fetch(buildUrl(options), init);
    } catch (cause) {
      if (options.signal?.aborted) throw new ApiError('cancelled', 'Request cancelled');
      const message = cause instanceof Error ? cause.message : String(cause);
      throw await alerted(new ApiError('no-response', message));
    }

    const payload = await readBody(response);
    if (!response.ok) {
      const { message, field } = serverMessageOf(payload);
      const error = new ApiError('http', message ?? response.statusText, {
        status: response.status,
        serverMessage: message ?? response.statusText,
        ...(field !== undefined ? { field } : {}),
        body: payload,
      });
      if (response.status === 401 && authenticated && !options.quietStatuses?.includes(401)) {
        // The session is over: no alert, the app ends it and asks to sign in again.
        apiAuth().onUnauthorized(token);
        throw error;
      }
      if (options.quietStatuses?.includes(response.status)) {
        // The caller words it: the texts it may need are loaded first.
        await loadTexts('messages').catch(() => undefined);
        throw error;
      }
      throw await alerted(error);
    }

    return payload as TResponse;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw new ApiError('cancelled', 'Request cancelled');
    const message = error instanceof Error ? error.message : String(error);
    throw await alerted(new ApiError('unknown', message));
  } finally {
    clearTimeout(timer);
    endBusy();
  }
}

/**
 * A request that must not be skipped: rejects when there is no token (with
 * kind 'cancelled' and no alert; the app ends the session meanwhile).
 */
export async function apiRequestRequired<TResponse>(options: RequestOptions): Promise<TResponse> {
  const result = await apiRequest<TResponse>(options);
  if (result === undefined) throw new ApiError('cancelled', 'Skipped: not signed in');
  return result;
}

/**
 * Shows the alert of an answer that its request had asked to be quiet about
 * (quietStatuses), when the caller finds it is not one it shows itself.
 */
export function alertQuietAnswer(error: ApiError): void {
  void report(error);
}

/**
 * Shows the spec's alert for a failed request. The wording of an answer
 * (message keys, field labels) is not part of the first load: it loads
 * first, and should it fail to load, the alert carries the raw message.
 * A request without answer is worded from the first load's texts at once.
 */
async function report(error: ApiError): Promise<ApiError> {
  notifyError(error.kind === 'http' ? await answerText(error) : plainErrorText(i18n.t, error));
  return error;
}

async function answerText(error: ApiError): Promise<string> {
  try {
    const [{ requestErrorText }] = await Promise.all([
      import('./error-text'),
      loadTexts('messages'),
    ]);
    return requestErrorText(i18n.t, error);
  } catch {
    return plainErrorText(i18n.t, error);
  }
}
