/**
 * What every request of the app shares, whichever client sends it (the
 * typed `api` of client.ts or the plain path of plain-request.ts): the
 * timeout, the token, and the spec's alerts (docs/product.md#messages),
 * each about its request (its method and path, or the caller's alert
 * scope): a later success of the same request takes its error alert away,
 * and the alert names the server's request id.
 */
import { i18n, loadTexts } from '../i18n/i18n';
import { notifyError } from '../ui/notify';
import {
  ApiError,
  plainFailureText,
  REQUEST_ID_HEADER,
  serverMessageOf,
  type FailureText,
} from './api-error';
import { apiAuth } from './auth-hooks';

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

export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One request on its way, whichever path it takes. */
export interface Call extends CallOptions {
  alertScope: string;
  /** The token it was sent with; undefined for calls without one. */
  token: string | undefined;
  /** The caller's signal (TanStack Query's), apart from the timeout's. */
  cancelled: AbortSignal | undefined;
  timeout: AbortController;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function startTimer(call: Call, ms: number): void {
  clearTimeout(call.timer);
  call.timer = setTimeout(() => call.timeout.abort(), ms);
}

/**
 * The token of a call that needs one; undefined when there is none, and the
 * app is told (the call is skipped silently, docs/product.md#api-calls).
 */
export function tokenForCall(): string | undefined {
  const token = apiAuth().getToken();
  if (!token) apiAuth().onMissingToken?.();
  return token;
}

export const alerted = async (call: CallOptions, error: ApiError): Promise<ApiError> =>
  call.silent ? error : report(error);

/** The error a failed answer rejects with, after the spec's alert, or the end of the session. */
export async function answerFailure(
  call: Call,
  response: Response,
  payload: unknown,
): Promise<ApiError> {
  const { message, field, fieldErrors } = serverMessageOf(payload);
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  const error = new ApiError('http', message ?? response.statusText, {
    status: response.status,
    serverMessage: message ?? response.statusText,
    ...(field !== undefined ? { field } : {}),
    fieldErrors: fieldErrors ?? [],
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
export async function noAnswer(call: Call, cause: unknown): Promise<ApiError> {
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
export async function report(error: ApiError): Promise<ApiError> {
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
