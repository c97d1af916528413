/** Account endpoints of the merchant API (docs/product.md#api-calls "Merchants"): manage-accounts only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccount,
  ZAccountListResponse,
  ZAccountParams,
  ZAccountRolesBody,
  ZAddAccountBody,
  ZInviteAccountResponse,
  ZMerchantIdParams,
} from '@backoffice/domain';
import { registerDomainValidationErrors } from '../../platform/http/domain-validation-errors.js';
import { currentUser } from '../../platform/identity/current-user.js';
import type { AccountService } from './service.js';

const tags = ['accounts'];

/** What the account routes get: the service. */
export interface AccountRoutesOptions {
  accounts: AccountService;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts },
) => {
  registerDomainValidationErrors(app);

  app.get(
    '/merchants/:id/accounts',
    {
      schema: {
        tags,
        summary: 'The merchant’s accounts with roles and pending invitations',
        description:
          'Every account of the merchant with its person’s name and e-mail and its roles, and the invitations not yet accepted. Needs the role manage-accounts for the merchant.',
        params: ZMerchantIdParams,
        response: { 200: ZAccountListResponse },
      },
    },
    async (request) => accounts.list(await currentUser(request), request.params.id),
  );

  app.post(
    '/merchants/:id/accounts',
    {
      schema: {
        tags,
        summary: 'Links an existing user by email',
        description:
          'Gives a person who already has a user here an account of the merchant with the roles chosen. A merchant below the level Silber has at most three accounts. Needs the role manage-accounts for the merchant.',
        params: ZMerchantIdParams,
        body: ZAddAccountBody,
        response: { 200: ZAccount },
      },
    },
    async (request) =>
      accounts.add(await currentUser(request), { merchantId: request.params.id, ...request.body }),
  );

  app.post(
    '/merchants/:id/invite-account',
    {
      schema: {
        tags,
        summary: 'Invites a new person by email: a pending account until they register',
        description:
          'Sends an invitation mail to a person without a user here; the account is pending with the roles chosen until they register with the link. Needs the role manage-accounts for the merchant.',
        params: ZMerchantIdParams,
        body: ZAddAccountBody,
        response: { 200: ZInviteAccountResponse },
      },
    },
    async (request) => {
      const account = await accounts.invite(await currentUser(request), {
        merchantId: request.params.id,
        ...request.body,
      });
      // The mail is in the outbox, committed with the invitation; the queue delivers it.
      return { account, sent: true };
    },
  );

  app.post(
    '/merchants/:id/accounts/:accountId',
    {
      schema: {
        tags,
        summary: 'Changes an account’s roles',
        description:
          'Sets the roles of the account to the list given. The last account that manages accounts keeps that role. Needs the role manage-accounts for the merchant.',
        params: ZAccountParams,
        body: ZAccountRolesBody,
        response: { 200: ZAccount },
      },
    },
    async (request) =>
      accounts.changeRoles(await currentUser(request), {
        merchantId: request.params.id,
        accountId: request.params.accountId,
        roles: request.body.roles,
      }),
  );

  app.delete(
    '/merchants/:id/accounts/:accountId',
    {
      schema: {
        tags,
        summary: 'Removes an account (never the last one managing accounts)',
        description:
          'Removes the account from the merchant; the person’s user stays. The last account that manages accounts cannot be removed. Needs the role manage-accounts for the merchant.',
        params: ZAccountParams,
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) => {
      await accounts.remove(await currentUser(request), {
        merchantId: request.params.id,
        accountId: request.params.accountId,
      });
      return { removed: true as const };
    },
  );
};
