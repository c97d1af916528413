/**
 * @backoffice/client: the back-office API for a TypeScript caller (an
 * agency's system, the server's own tests, the web app's types). `paths`
 * and its companions are generated from the server's OpenAPI document
 * (`npm run api:types`, schema.generated.ts); `createBackofficeClient` calls them with
 * a bearer token; `problemOf`, `dataOf` and `BackofficeError` read an error
 * answer (README.md).
 */
export type * from './schema.generated.js';
export {
  createBackofficeClient,
  type BackofficeClient,
  type BackofficeClientOptions,
} from './create-client.js';
export { BackofficeError, dataOf, problemOf, type BackofficeProblem } from './problem.js';
