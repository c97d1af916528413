/** The campaigns' API: the lists, a campaign and its codes. */
import { http } from 'msw';
import type { Answer } from '../answers';
import { api } from '../mock-api';

export const campaignHandlers = {
  /** Every request of the campaigns' API. */
  all: (answer: Answer) => [
    http.all(api('/campaigns'), answer),
    http.all(api('/campaigns/*'), answer),
  ],
  getList: (answer: Answer) => http.get(api('/campaigns'), answer),
  get: (answer: Answer) => http.get(api('/campaigns/:campaignIdent'), answer),
  downloadCodes: (answer: Answer) =>
    http.get(api('/campaigns/:campaignIdent/multiple-codes/download'), answer),
};
