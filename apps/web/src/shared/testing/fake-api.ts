/**
 * A server for component tests behind the real API client: the runtime
 * config and a token are in place, and `fetch` answers by a handler that
 * sees each request's method, path (without /api) and body. An answer may
 * be a status with a body, no answer at all (the network is down), or come
 * after a delay (on fake timers too), unless the request is aborted first.
 * Only test files import this.
 */
import { vi } from 'vitest';
import { configureApiAuth } from '../api/auth-hooks';
import { setRuntimeConfig } from '../config/runtime-config';
import { testRuntimeConfig } from './runtime-config';

export interface FakeRequest {
  method: string;
  /** The path below the API's base, e.g. /merchants/{id}/accounts. */
  path: string;
  body: unknown;
}

export type FakeAnswer =
  | { status: number; body?: unknown; afterMs?: number; headers?: Record<string, string> }
  /** The network is down: fetch rejects. */
  | 'network';

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
export const fail = (status: number, message: string): FakeAnswer => ({
  status,
  body: { statusCode: status, message },
});

export interface FakeApi {
  /** Every request made so far. */
  calls: FakeRequest[];
  /** The requests of one method and path. */
  callsTo: (method: string, path: string) => FakeRequest[];
}

export function fakeApi(
  answer: (request: FakeRequest) => FakeAnswer,
  config: Parameters<typeof testRuntimeConfig>[0] = {},
): FakeApi {
  setRuntimeConfig(testRuntimeConfig(config));
  configureApiAuth({ getToken: () => 'test-token', onUnauthorized: () => undefined });
  const calls: FakeRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    calls.push(request);
    const reply = answer(request);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const { signal } = init;
    if (reply.afterMs) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, reply.afterMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    callsTo: (method, path) => calls.filter((call) => call.method === method && call.path === path),
  };
}
