/**
 * The HTTP client of the app (docs/product.md#api-calls, docs/product.md#messages): `api`, an
 * openapi-fetch client typed by the server's OpenAPI document (schema.d.ts,
 * `npm run api:types`), whose paths, parameters, bodies and answers are
 * checked by the compiler. Its middleware does what every call needs: base
 * URLs from the runtime config, the bearer token (the call is skipped
 * silently without one; the app is told, so that it ends the session
 * instead of ignoring every click), a 5000 ms timeout, and the spec's error
 * alerts, each about its request (its method and path, or the caller's
 * alert scope): a later success of the same request takes its error alert
 * away, and the alert names the server's request id. (The busy indicator
 * counts TanStack Query's fetches and mutations.) The server serialises
 * every answer through the domain's zod schemas, so the client does not
 * parse them again (that keeps zod out of the first load).
 *
 * `apiRequest` is the plain path, with the same alerts, for what the
 * document does not describe: multipart uploads with their progress
 * (upload.ts) and the identity provider's form-encoded endpoints.
 */
import createClient, { type Middleware } from 'openapi-fetch';
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
import type { paths } from './schema';

/** Request timeout of docs/product.md#limits. */
export const REQUEST_TIMEOUT_MS = 5000;

/** How one call of the typed client differs from the others (`...call({...})`). */
export interface CallOptions {
  /** Overrides the spec's 5000 ms, e.g. for imports of long lists. */
  timeoutMs?: number;
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
}

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

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One request on its way, whichever path it takes. */
interface Call extends CallOptions {
  alertScope: string;
  /** The token it was sent with; undefined for calls without one. */
  token: string | undefined;
  /** The caller's signal (TanStack Query's), apart from the timeout's. */
  cancelled: AbortSignal | undefined;
  timeout: AbortController;
  timer: ReturnType<typeof setTimeout> | undefined;
}

function startTimer(call: Call, ms: number): void {
  clearTimeout(call.timer);
  call.timer = setTimeout(() => call.timeout.abort(), ms);
}

/**
 * The token of a call that needs one; undefined when there is none, and the
 * app is told (the call is skipped silently, docs/product.md#api-calls).
 */
function tokenForCall(): string | undefined {
  const token = apiAuth().getToken();
  if (!token) apiAuth().onMissingToken?.();
  return token;
}

const alerted = async (call: CallOptions, error: ApiError): Promise<ApiError> =>
  call.silent ? error : report(error);

/** The error a failed answer rejects with, after the spec's alert, or the end of the session. */
async function answerFailure(call: Call, response: Response, payload: unknown): Promise<ApiError> {
  const { message, field } = serverMessageOf(payload);
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  const error = new ApiError('http', message ?? response.statusText, {
    status: response.status,
    serverMessage: message ?? response.statusText,
    ...(field !== undefined ? { field } : {}),
    body: payload,
    ...(requestId ? { requestId } : {}),
    alertScope: call.alertScope,
  });
  if (response.status === 401 && call.token && !call.quietStatuses?.includes(401)) {
    // The session is over: no alert, the app ends it and asks to sign in again.
    apiAuth().onUnauthorized(call.token);
    return error;
  }
  if (call.quietStatuses?.includes(response.status)) {
    // The caller words it: the texts it may need are loaded first.
    await loadTexts('messages').catch(() => undefined);
    return error;
  }
  return alerted(call, error);
}

/** The error a request without answer (no connection, the timeout, a cancel) rejects with. */
async function noAnswer(call: Call, cause: unknown): Promise<ApiError> {
  if (cause instanceof ApiError) return cause;
  if (call.cancelled?.aborted) return new ApiError('cancelled', 'Request cancelled');
  const message = cause instanceof Error ? cause.message : String(cause);
  return alerted(
    call,
    new ApiError('no-response', message, {
      timedOut: call.timeout.signal.aborted,
      alertScope: call.alertScope,
    }),
  );
}

/** A call skipped for want of a token; `answer` rejects with it, `answerOrSkip` resolves to undefined. */
class SkippedCall extends ApiError {
  constructor() {
    super('cancelled', 'Skipped: not signed in');
  }
}

const calls = new Map<string, Call>();

/**
 * The typed client's middleware: the runtime config's base URLs (the
 * document's paths begin with /api, the auth API's with /api/v2), the
 * token, the timeout, and the failures as ApiErrors after their alerts.
 */
const apiMiddleware: Middleware = {
  async onRequest({ request, schemaPath, id }) {
    const token = tokenForCall();
    if (!token) throw new SkippedCall();
    const config = getConfig();
    const { pathname, search } = new URL(request.url);
    const url = schemaPath.startsWith('/api/v2/')
      ? joinUrl(config.authApiUrl, pathname)
      : joinUrl(config.apiUrl, pathname.replace(/^\/api(?=\/)/, ''));
    const call: Call = {
      alertScope: `${request.method} ${pathname}`,
      token,
      cancelled: request.signal,
      timeout: new AbortController(),
      timer: undefined,
    };
    startTimer(call, REQUEST_TIMEOUT_MS);
    calls.set(id, call);
    const headers = new Headers(request.headers);
    headers.set('Accept', 'application/json');
    headers.set('Authorization', `Bearer ${token}`);
    return new Request(new URL(`${url}${search}`, globalThis.location.href), {
      method: request.method,
      headers,
      body: request.body ? await request.arrayBuffer() : null,
      signal: AbortSignal.any([request.signal, call.timeout.signal]),
      credentials: 'same-origin',
    });
  },
  async onResponse({ response, id }) {
    const call = calls.get(id);
    if (!call) return undefined;
    calls.delete(id);
    let text: string;
    try {
      // Read within the request's time, as a whole: the answer is small JSON or a CSV file.
      text = await response.text();
    } catch (cause) {
      throw await noAnswer(call, cause);
    } finally {
      clearTimeout(call.timer);
    }
    if (!response.ok) throw await answerFailure(call, response, parseBody(text));
    // The request went through: an earlier alert that it failed is no longer true.
    clearErrorAlerts(call.alertScope);
    return new Response(text === '' ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  },
  async onError({ error, id }) {
    const call = calls.get(id);
    if (!call) return undefined;
    calls.delete(id);
    clearTimeout(call.timer);
    return noAnswer(call, error);
  },
};

/**
 * The API, typed by the server's document: `api.GET('/api/campaigns/{id}',
 * { params: { path: { id } } })`. Wrap a call in `answer` (or `answerOrSkip`).
 */
export const api = createClient<paths>({
  // A placeholder origin (the reserved .invalid, RFC 2606): the middleware puts the
  // configured base in its place before the request goes out.
  baseUrl: 'http://api.invalid',
  // The fetch of the moment of the call, not of this module's loading (a test's mock server).
  fetch: (request) => globalThis.fetch(request),
  // As the plain path: parameters without a value (undefined, null, '') are left out.
  querySerializer: (query) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      // The document's query parameters are strings, numbers and booleans.
      const plain = typeof value === 'number' || typeof value === 'boolean';
      if (plain || (typeof value === 'string' && value !== '')) params.set(key, String(value));
    }
    return params.toString();
  },
});
api.use(apiMiddleware);

/** A call's own options: `api.POST(path, { body, ...call({ quietStatuses: [409] }) })`. */
export function call(options: CallOptions): { middleware: Middleware[] } {
  return {
    middleware: [
      {
        onRequest({ id }) {
          const pending = calls.get(id);
          if (!pending) return undefined;
          Object.assign(pending, options);
          if (options.timeoutMs !== undefined) startTimer(pending, options.timeoutMs);
          return undefined;
        },
      },
    ],
  };
}

/**
 * A typed call's answer; undefined when the call was skipped for want of a
 * token (the app is told that the session is over). Rejects with an
 * ApiError after showing the spec's alert.
 */
export async function answerOrSkip<T>(
  pending: Promise<{ data?: T; response: Response }>,
): Promise<T | undefined> {
  try {
    return (await pending).data;
  } catch (error) {
    if (error instanceof SkippedCall) return undefined;
    if (error instanceof ApiError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw await report(new ApiError('unknown', message));
  }
}

/**
 * A typed call's answer, which must be there: rejects when there is no
 * token (with kind 'cancelled' and no alert; the app ends the session
 * meanwhile) or no answer body.
 */
export async function answer<T>(pending: Promise<{ data?: T; response: Response }>): Promise<T> {
  const result = await answerOrSkip(pending);
  if (result === undefined) throw new ApiError('cancelled', 'Skipped: not signed in');
  return result;
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

  const headers = new Headers({ Accept: 'application/json' });
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
