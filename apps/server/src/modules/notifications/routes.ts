/** Notification settings per account: read by every account, changed by itself or a manager. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccountParams,
  ZMerchantIdParams,
  ZNotificationListResponse,
  ZNotificationSaveBody,
} from '@backoffice/domain';
import { currentPerson } from '../../platform/identity/current-user.js';
import type { NotificationService } from './service.js';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationService;
}> = async (app, { notifications }) => {
  app.get(
    '/merchants/:id/notifications',
    {
      schema: {
        tags,
        summary: 'Which mails the accounts receive (all accounts for managers, else one’s own)',
        description:
          'The mails each account of the merchant receives (the weekly statistics, wins to hand out and the other notifications). A manager of accounts sees every account; any other account only its own.',
        params: ZMerchantIdParams,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (request) => notifications.list(await currentPerson(request), request.params.id),
  );

  app.post(
    '/merchants/:id/notifications/:accountId',
    {
      schema: {
        tags,
        summary: 'Saves one account’s notification settings',
        description:
          'Saves which mails the account receives. An account changes its own settings; those of other accounts need the role manage-accounts for the merchant.',
        params: ZAccountParams,
        body: ZNotificationSaveBody,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (request) =>
      notifications.save(await currentPerson(request), {
        merchantId: request.params.id,
        accountId: request.params.accountId,
        settings: request.body.settings,
      }),
  );
};
