/**
 * The HTTP client of the app (docs/product.md#api-calls, docs/product.md#messages): `api`, an
 * openapi-fetch client typed by the server's OpenAPI document (the `paths`
 * of @backoffice/client, `npm run api:types`; types only, nothing of the
 * package reaches the bundle), whose paths, parameters, bodies and answers are
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
 * The plain path (plain-request.ts) serves what the document does not
 * describe: multipart uploads with their progress and the identity
 * provider's form-encoded endpoints.
 */
import type { paths } from '@backoffice/client';
import createClient, { type Middleware } from 'openapi-fetch';
import { getConfig } from '../config/runtime-config';
import { clearErrorAlerts } from '../ui/notify';
import { ApiError } from './api-error';
import {
  answerFailure,
  joinUrl,
  noAnswer,
  parseBody,
  REQUEST_TIMEOUT_MS,
  report,
  startTimer,
  tokenForCall,
  type Call,
  type CallOptions,
} from './request';

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
    headers.set('Accept', 'application/json, application/problem+json');
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
 * A typed call answered without a body (204 No Content): resolves once it
 * went through; rejects as `answer` does (no token, a failure after its alert).
 */
export async function answerNoContent(pending: Promise<{ response: Response }>): Promise<void> {
  await answer(pending.then(({ response }) => ({ data: response, response })));
}
