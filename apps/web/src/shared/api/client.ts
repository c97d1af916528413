/**
 * The one HTTP client of the app (spec §7, §8): base URLs from the runtime
 * config, the bearer token on every merchant- and auth-API call (skipped
 * silently without a token; the app is told, so that it ends the session
 * instead of ignoring every click), a 5000 ms timeout, and the spec's error
 * alerts, each about its request (its method and path, or the caller's
 * alert scope): a later success of the same request takes its error alert
 * away, and the alert names the server's request id. (The busy indicator
 * counts TanStack Query's fetches and mutations.) Answers are typed by the
 * contract in packages/domain;
 * the server serialises every answer through the same zod schemas, so the
 * client does not parse them again (that keeps zod out of the first load).
 */
import { getConfig } from '../config/runtime-config';
import { i18n, loadTexts } from '../i18n/i18n';
import { clearErrorAlerts, notifyError } from '../ui/notify';
import {
  ApiError,
  plainFailureText,
  REQUEST_ID_HEADER,
  serverMessageOf,
  type FailureText,
} from './api-error';
import { apiAuth } from './auth-hooks';

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
  /**
   * What the request's alerts are about (notify.ts); by default its method and
   * path. An error alert goes when a later request of the same scope succeeds,
   * and a newer alert about it replaces it.
   */
  alertScope?: string;
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
  const method = options.method ?? 'GET';
  const alertScope = options.alertScope ?? `${method} ${options.base ?? 'api'}:${options.path}`;

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
  try {
    let response: Response;
    try {
      const init = {
        method,
        headers,
        body: body ?? null,
        signal,
        credentials: 'same-origin' as const,
      };
      // The upload screens alone report progress: its code loads with the first upload.
      const onProgress = options.onUploadProgress;
      response = onProgress
        ? await import('./upload-progress').then(({ fetchWithUploadProgress }) =>
            fetchWithUploadProgress(buildUrl(options), init, onProgress),
          )
        : await fetch(buildUrl(options), init);
    } catch (cause) {
      if (options.signal?.aborted) throw new ApiError('cancelled', 'Request cancelled');
      const message = cause instanceof Error ? cause.message : String(cause);
      throw await alerted(
        new ApiError('no-response', message, { timedOut: timeout.signal.aborted, alertScope }),
      );
    }

    const payload = await readBody(response);
    if (!response.ok) {
      const { message, field } = serverMessageOf(payload);
      const requestId = response.headers.get(REQUEST_ID_HEADER);
      const error = new ApiError('http', message ?? response.statusText, {
        status: response.status,
        serverMessage: message ?? response.statusText,
        ...(field !== undefined ? { field } : {}),
        body: payload,
        ...(requestId ? { requestId } : {}),
        alertScope,
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

    // The request went through: an earlier alert that it failed is no longer true.
    clearErrorAlerts(alertScope);
    return payload as TResponse;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw new ApiError('cancelled', 'Request cancelled');
    const message = error instanceof Error ? error.message : String(error);
    throw await alerted(new ApiError('unknown', message, { alertScope }));
  } finally {
    clearTimeout(timer);
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
 * Shows the spec's alert for a failed request: the product's words, the
 * spec's technical line and the request's id below them, about the request.
 * The wording of an answer (message keys, field labels) is not part of the
 * first load: it loads first, and should it fail to load, the alert says
 * that the server refused the request above the spec's line. A request
 * without answer is worded from the first load's texts at once.
 */
async function report(error: ApiError): Promise<ApiError> {
  const { message, technical } =
    error.kind === 'http' ? await answerText(error) : plainFailureText(i18n.t, error);
  notifyError(message, {
    technical,
    ...(error.requestId ? { requestId: error.requestId } : {}),
    ...(error.alertScope ? { scope: error.alertScope } : {}),
  });
  return error;
}

async function answerText(error: ApiError): Promise<FailureText> {
  try {
    const [{ requestFailureText }] = await Promise.all([
      import('./error-text'),
      loadTexts('messages'),
    ]);
    return requestFailureText(i18n.t, error);
  } catch {
    return plainFailureText(i18n.t, error);
  }
}
