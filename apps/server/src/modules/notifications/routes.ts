/** Notification settings per account: read by every account, changed by itself or a manager. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccountParams,
  ZMerchantIdParams,
  ZNotificationListResponse,
  ZNotificationSaveBody,
} from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import { notificationList, saveNotificationSettings } from './service.js';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/merchants/:id/notifications',
    {
      schema: {
        tags,
        summary: 'Which mails the accounts receive (all accounts for managers, else one’s own)',
        params: ZMerchantIdParams,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (request) => notificationList(ctx, await currentUser(request), request.params.id),
  );

  app.post(
    '/merchants/:id/notifications/:accountId',
    {
      schema: {
        tags,
        summary: 'Saves one account’s notification settings',
        params: ZAccountParams,
        body: ZNotificationSaveBody,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (request) =>
      saveNotificationSettings(
        ctx,
        await currentUser(request),
        request.params.id,
        request.params.accountId,
        request.body.settings,
      ),
  );
};
