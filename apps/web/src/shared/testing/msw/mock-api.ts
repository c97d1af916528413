/**
 * A test's API behind the real API client: the runtime config and a token
 * are in place (as after sign-in), the server answers by the test's handlers
 * (`handlers/`, per resource), and the requests made are recorded. An
 * answer (`answers.ts`) may be a status with a body, no answer at all (the
 * network is down), or come after a delay (on fake timers too), unless the
 * request is aborted first. Only test files import this.
 */
import type { TRuntimeConfig } from '@backoffice/domain';
import type { RequestHandler } from 'msw';
import { onTestFinished } from 'vitest';
import { configureApiAuth } from '../../api/auth-hooks';
import { setRuntimeConfig } from '../../config/runtime-config';
import { testRuntimeConfig } from '../runtime-config';
import { server } from './server';

export interface RecordedRequest {
  method: string;
  /** The path below the API's base, e.g. /merchants/{id}/accounts. */
  path: string;
}

export interface MockApi {
  /** Every request made so far. */
  calls: RecordedRequest[];
  /** The requests of one method and path. */
  callsTo: (method: string, path: string) => RecordedRequest[];
}

/** A resource's handler, or several (a resource's `all`). */
export type Handlers = RequestHandler | readonly RequestHandler[];

/** The URL pattern of a path below the API's base (`/api` in the tests' runtime config). */
export const api = (path: string): string => `*/api${path}`;

/**
 * Answers the test's requests by `handlers` (the first that matches
 * answers) until the test ends, with the runtime config (`config` changes
 * what the test is about) and a token in place.
 */
export function mockApi(
  handlers: readonly Handlers[],
  config: Partial<TRuntimeConfig> = {},
): MockApi {
  setRuntimeConfig(testRuntimeConfig(config));
  configureApiAuth({ getToken: () => 'test-token', onUnauthorized: () => undefined });
  server.use(...handlers.flat());
  const calls: RecordedRequest[] = [];
  const record = ({ request }: { request: Request }) => {
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
    });
  };
  server.events.on('request:start', record);
  onTestFinished(() => {
    server.events.removeListener('request:start', record);
  });
  return {
    calls,
    callsTo: (method, path) => calls.filter((call) => call.method === method && call.path === path),
  };
}
