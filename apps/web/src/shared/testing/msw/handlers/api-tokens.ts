/** The tokens for integrators' API: a merchant's list, a new token, a revocation. */
import { http } from 'msw';
import type { Answer } from '../answers';
import { api } from '../mock-api';

export const apiTokenHandlers = {
  list: (answer: Answer) => http.get(api('/merchants/:merchantId/api-tokens'), answer),
  create: (answer: Answer) => http.post(api('/merchants/:merchantId/api-tokens'), answer),
  revoke: (answer: Answer) => http.delete(api('/api-tokens/:id'), answer),
};
