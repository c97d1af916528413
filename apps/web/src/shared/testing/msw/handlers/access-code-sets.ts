/** The access-code sets' API. */
import { http } from 'msw';
import type { Answer } from '../answers';
import { api } from '../mock-api';

export const accessCodeSetHandlers = {
  /** Every request of the access-code sets' API. */
  all: (answer: Answer) => [
    http.all(api('/access-code-sets'), answer),
    http.all(api('/access-code-sets/*'), answer),
  ],
};
