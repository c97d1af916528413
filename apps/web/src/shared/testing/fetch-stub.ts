/**
 * A test's own `fetch`, for tests that answer every request themselves
 * instead of by the mock API's handlers: `answer` gets each request as
 * `fetch(url, init)` would, whichever path of the API client sent it (the
 * typed client sends a `Request`): the URL below the origin with its query
 * (`/api/campaigns/c1?validate=content`), and the method, headers and body
 * text. Only test files import this.
 */
import { vi } from 'vitest';

export interface SentInit {
  method: string;
  headers: Headers;
  /** The body as text (JSON, a form); undefined without one or for a multipart one. */
  body: string | undefined;
}

type Answer = (url: string, init: SentInit) => Response | Promise<Response>;

/** What `fetch(input, init)` was asked, as `answer` reads it. */
async function sentOf(
  input: RequestInfo | URL,
  init: RequestInit = {},
): Promise<[string, SentInit]> {
  if (input instanceof Request) {
    const { pathname, search } = new URL(input.url);
    const body = input.body ? await input.text() : undefined;
    return [`${pathname}${search}`, { method: input.method, headers: input.headers, body }];
  }
  const { body: sent } = init;
  const body =
    typeof sent === 'string' ? sent : sent instanceof URLSearchParams ? sent.toString() : undefined;
  return [
    String(input),
    { method: init.method ?? 'GET', headers: new Headers(init.headers), body },
  ];
}

/** Puts `answer` in the place of `fetch` until `vi.unstubAllGlobals()`. */
export function stubFetch(answer: Answer): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const [url, sent] = await sentOf(input, init);
    return answer(url, sent);
  });
}
