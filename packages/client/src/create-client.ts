/**
 * The typed client: an openapi-fetch client over the API's paths
 * (schema.generated.ts) whose every request carries the caller's bearer token and
 * asks for JSON (an error may come as `application/problem+json`). The
 * answers are openapi-fetch's `{ data, error, response }`; `dataOf` turns an
 * error answer into a thrown BackofficeError (problem.ts).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.generated.js';

export interface BackofficeClientOptions {
  /** The back-office's origin, e.g. `https://backoffice.example.com` (the paths begin with /api). */
  baseUrl: string;
  /**
   * The access token of the built-in OAuth2 provider (or of the configured
   * external one), or a function giving the current one before each request
   * (a token that is refreshed).
   */
  token: string | (() => string | Promise<string>);
  /** The fetch to send requests with; the global fetch at the time of the call by default. */
  fetch?: (request: Request) => Promise<Response>;
}

export type BackofficeClient = Client<paths>;

export function createBackofficeClient(options: BackofficeClientOptions): BackofficeClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: send });
  client.use({
    async onRequest({ request }) {
      const token = typeof options.token === 'string' ? options.token : await options.token();
      request.headers.set('Authorization', `Bearer ${token}`);
      request.headers.set('Accept', 'application/json, application/problem+json');
      return request;
    },
  });
  return client;
}
