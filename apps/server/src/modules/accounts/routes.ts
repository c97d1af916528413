/** Account endpoints of the merchant API (spec §7 "Merchants"): manage-accounts only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccount,
  ZAccountListResponse,
  ZAccountParams,
  ZAccountRolesBody,
  ZAddAccountBody,
  ZInviteAccountBody,
  ZInviteAccountResponse,
  ZMerchantIdParams,
} from '@backoffice/domain';
import { registerDomainValidationErrors } from '../../platform/http/domain-validation-errors.js';
import { currentUser } from '../../platform/identity/current-user.js';
import { accountList, addAccount, changeRoles, inviteAccount, removeAccount } from './service.js';

const tags = ['accounts'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  registerDomainValidationErrors(app);

  app.get(
    '/merchants/:id/accounts',
    {
      schema: {
        tags,
        summary: 'The merchant’s accounts with roles and pending invitations',
        params: ZMerchantIdParams,
        response: { 200: ZAccountListResponse },
      },
    },
    async (request) => accountList(ctx, await currentUser(request), request.params.id),
  );

  app.post(
    '/merchants/:id/accounts',
    {
      schema: {
        tags,
        summary: 'Links an existing user by email',
        params: ZMerchantIdParams,
        body: ZAddAccountBody,
        response: { 200: ZAccount },
      },
    },
    async (request) => addAccount(ctx, await currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/merchants/:id/invite-account',
    {
      schema: {
        tags,
        summary: 'Invites a new person by email: a pending account until they register',
        params: ZMerchantIdParams,
        body: ZInviteAccountBody,
        response: { 200: ZInviteAccountResponse },
      },
    },
    async (request) => {
      const account = await inviteAccount(
        ctx,
        await currentUser(request),
        request.params.id,
        request.body,
      );
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
        params: ZAccountParams,
        body: ZAccountRolesBody,
        response: { 200: ZAccount },
      },
    },
    async (request) =>
      changeRoles(
        ctx,
        await currentUser(request),
        request.params.id,
        request.params.accountId,
        request.body.roles,
      ),
  );

  app.delete(
    '/merchants/:id/accounts/:accountId',
    {
      schema: {
        tags,
        summary: 'Removes an account (never the last one managing accounts)',
        params: ZAccountParams,
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) => {
      await removeAccount(
        ctx,
        await currentUser(request),
        request.params.id,
        request.params.accountId,
      );
      return { removed: true as const };
    },
  );
};
