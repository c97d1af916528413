/**
 * The plain path of the API client, with the same token, timeout and alerts
 * as the typed `api` (client.ts), for what the server's OpenAPI document
 * does not describe: multipart uploads with their progress (upload.ts,
 * upload-progress.ts) and the identity provider's form-encoded endpoints
 * (token, revocation). Apart from client.ts, so that the shell's first load
 * does not carry it.
 */
import { getConfig } from '../config/runtime-config';
import { clearErrorAlerts } from '../ui/notify';
import { ApiError } from './api-error';
import {
  alerted,
  answerFailure,
  joinUrl,
  noAnswer,
  parseBody,
  REQUEST_TIMEOUT_MS,
  startTimer,
  tokenForCall,
  type Call,
  type CallOptions,
} from './request';

type QueryValue = string | number | boolean | undefined | null;

/** A request on the plain path (`apiRequest`): uploads and the identity provider's endpoints. */
export interface RequestOptions extends CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Which API the path belongs to: the merchant API (apiUrl), the auth API
   * (authApiUrl), or an absolute/configured URL given in `path` (e.g. the token endpoint).
   */
  base?: 'api' | 'auth' | 'url';
  path: string;
  query?: Record<string, QueryValue>;
  /** A form-encoded body (OAuth token endpoint). */
  form?: URLSearchParams;
  /** A multipart body (file uploads); the browser sets its content type. */
  formData?: FormData;
  /** Whether the call needs the bearer token; default true except for base 'url'. */
  authenticated?: boolean;
  /** Cancels the request, e.g. TanStack Query's signal. */
  signal?: AbortSignal;
  /** Reports the share of the body sent (0 to 1); the request then goes by XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
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

/**
 * Sends one request on the plain path. Resolves to the parsed answer, or to
 * undefined when the call needs a token and there is none (skipped
 * silently, docs/product.md#api-calls; the app is told that the session is
 * over). Rejects with an ApiError after showing the spec's alert.
 */
export async function apiRequest<TResponse>(
  options: RequestOptions,
): Promise<TResponse | undefined> {
  const authenticated = options.authenticated ?? options.base !== 'url';
  const token = authenticated ? tokenForCall() : undefined;
  if (authenticated && !token) return undefined;
  const method = options.method ?? 'GET';
  const call: Call = {
    ...options,
    alertScope: options.alertScope ?? `${method} ${options.base ?? 'api'}:${options.path}`,
    token,
    cancelled: options.signal,
    timeout: new AbortController(),
    timer: undefined,
  };

  const headers = new Headers({ Accept: 'application/json, application/problem+json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | null = null;
  if (options.formData) {
    body = options.formData;
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = options.form;
  }

  startTimer(call, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal
    ? AbortSignal.any([options.signal, call.timeout.signal])
    : call.timeout.signal;
  try {
    let text: string;
    let response: Response;
    try {
      const init = { method, headers, body, signal, credentials: 'same-origin' as const };
      // The upload screens alone report progress: its code loads with the first upload.
      const onProgress = options.onUploadProgress;
      response = onProgress
        ? await import('./upload-progress').then(({ fetchWithUploadProgress }) =>
            fetchWithUploadProgress(buildUrl(options), init, onProgress),
          )
        : await fetch(buildUrl(options), init);
      text = await response.text();
    } catch (cause) {
      throw await noAnswer(call, cause);
    }
    const payload = parseBody(text);
    if (!response.ok) throw await answerFailure(call, response, payload);
    // The request went through: an earlier alert that it failed is no longer true.
    clearErrorAlerts(call.alertScope);
    return payload as TResponse;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw new ApiError('cancelled', 'Request cancelled');
    const message = error instanceof Error ? error.message : String(error);
    throw await alerted(call, new ApiError('unknown', message, { alertScope: call.alertScope }));
  } finally {
    clearTimeout(call.timer);
  }
}

/**
 * A request on the plain path that must not be skipped: rejects when there
 * is no token (with kind 'cancelled' and no alert; the app ends the session
 * meanwhile).
 */
export async function apiRequestRequired<TResponse>(options: RequestOptions): Promise<TResponse> {
  const result = await apiRequest<TResponse>(options);
  if (result === undefined) throw new ApiError('cancelled', 'Skipped: not signed in');
  return result;
}
