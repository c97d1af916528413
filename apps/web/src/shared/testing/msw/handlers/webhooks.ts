/** The webhooks' API: an owner's endpoints (a merchant's, the admins'), one endpoint, its log. */
import { http } from 'msw';
import type { Answer } from '../answers';
import { api } from '../mock-api';

export const webhookHandlers = {
  list: (answer: Answer) => [
    http.get(api('/merchants/:merchantIdent/webhooks'), answer),
    http.get(api('/admin/webhooks'), answer),
  ],
  create: (answer: Answer) => [
    http.post(api('/merchants/:merchantIdent/webhooks'), answer),
    http.post(api('/admin/webhooks'), answer),
  ],
  get: (answer: Answer) => http.get(api('/webhooks/:id'), answer),
  save: (answer: Answer) => http.put(api('/webhooks/:id'), answer),
  deliveries: (answer: Answer) => http.get(api('/webhooks/:id/deliveries'), answer),
};
