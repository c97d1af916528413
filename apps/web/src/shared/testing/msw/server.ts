/**
 * The Mock Service Worker server of the web unit tests (`msw/node`): it
 * answers the API client's `fetch` by the handlers a test gives it
 * (`mockApi`), per resource (`handlers/`). `setup.ts` starts it for every
 * test file and drops a test's handlers after it; a request no handler
 * answers fails the request and is reported. Only test code imports this.
 */
import { setupServer } from 'msw/node';

export const server = setupServer();
