/** The merchants' API: a merchant, its accounts, locations, images and notifications. */
import { http } from 'msw';
import type { Answer } from '../answers';
import { api } from '../mock-api';

export const merchantHandlers = {
  /** Every request of the merchants' API. */
  all: (answer: Answer) => [
    http.all(api('/merchants'), answer),
    http.all(api('/merchants/*'), answer),
  ],
  get: (answer: Answer) => http.get(api('/merchants/:merchantIdent'), answer),
  save: (answer: Answer) => http.post(api('/merchants/:merchantIdent'), answer),
  getAccounts: (answer: Answer) => http.get(api('/merchants/:merchantIdent/accounts'), answer),
  changeAccount: (answer: Answer) =>
    http.post(api('/merchants/:merchantIdent/accounts/:accountId'), answer),
  getLocationImport: (answer: Answer) =>
    http.get(api('/merchants/:merchantIdent/location-imports/:jobId'), answer),
};
