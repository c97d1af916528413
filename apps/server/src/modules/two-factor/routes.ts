/**
 * Two-factor sign-in endpoints: the caller's own (`/my/two-factor`, any
 * signed-in user for their own account) and an admin's reset of an
 * account's second factor (`/merchants/:id/accounts/:accountId/two-factor`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccountParams,
  ZRecoveryCodes,
  ZTwoFactorCodeBody,
  ZTwoFactorDisableBody,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@backoffice/domain';
import { currentPerson, currentUser } from '../../platform/identity/current-user.js';
import { deviceOf } from '../../platform/identity/devices.js';
import type { TwoFactorService } from './service.js';

const tags = ['two-factor'];

/** What the two-factor routes get: the service. */
export interface TwoFactorRoutesOptions {
  twoFactor: TwoFactorService;
}

export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (
  app,
  { twoFactor },
) => {
  // Secrets and recovery codes: kept by no cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/my/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether the caller signs in with a second factor, and recovery codes left',
        description:
          'Whether the caller signs in with a second factor (an authenticator app), and how many unused recovery codes are left. Accounts of an external provider manage this there.',
        response: { 200: ZTwoFactorStatus },
      },
    },
    async (request) => twoFactor.status(await currentPerson(request)),
  );

  app.post(
    '/my/two-factor/setup',
    {
      schema: {
        tags,
        summary: 'Begins a set-up: a new secret as QR code (SVG) and as text',
        description:
          'The secret waits until a first code confirms it (POST /my/two-factor/confirm); a new set-up replaces one not confirmed.',
        response: { 200: ZTwoFactorSetup },
      },
    },
    async (request) => twoFactor.beginSetup(await currentPerson(request)),
  );

  app.post(
    '/my/two-factor/confirm',
    {
      schema: {
        tags,
        summary: 'Confirms the set-up with a first code: on, and ten recovery codes shown once',
        description:
          'The first code from the authenticator app confirms the set-up: two-factor sign-in is on from now on, and the answer holds ten recovery codes, the only time they are shown. A wrong code answers 400 `wrong_two_factor_code` and leaves it off; 409 `two_factor_not_started` without a set-up.',
        body: ZTwoFactorCodeBody,
        response: { 200: ZRecoveryCodes },
      },
    },
    async (request) =>
      twoFactor.finishSetup(await currentPerson(request), {
        code: request.body.code,
        device: deviceOf(request),
      }),
  );

  app.post(
    '/my/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turns two-factor sign-in off, proven by a current code or the password',
        description:
          'Turns the second factor off, proven by a current code of the authenticator app (or a recovery code) or by the password: 400 `wrong_two_factor_code` or `two_factor_wrong_password` otherwise, 409 `two_factor_not_enabled` when it is off.',
        body: ZTwoFactorDisableBody,
        response: { 200: ZTwoFactorStatus },
      },
    },
    async (request) =>
      twoFactor.turnOff(await currentPerson(request), {
        proof: request.body,
        device: deviceOf(request),
      }),
  );

  app.post(
    '/my/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary: 'Ten new recovery codes; the old ones stop working',
        description:
          'Makes ten new recovery codes and answers them, the only time they are shown; the old ones stop working at once. 409 `two_factor_not_enabled` when two-factor sign-in is off.',
        response: { 200: ZRecoveryCodes },
      },
    },
    async (request) => twoFactor.newRecoveryCodes(await currentPerson(request), deviceOf(request)),
  );

  app.delete(
    '/merchants/:id/accounts/:accountId/two-factor',
    {
      schema: {
        tags,
        summary: 'Resets the account’s second factor and ends its sessions (admins)',
        description:
          'For a person who lost their second factor: turns it off for the account and ends every session of it, so that the person signs in with the password alone and sets it up again. Admins only.',
        params: ZAccountParams,
        response: { 200: z.object({ reset: z.literal(true) }) },
      },
    },
    async (request) => {
      await twoFactor.resetAccount(await currentUser(request), {
        merchantId: request.params.id,
        accountId: request.params.accountId,
        device: deviceOf(request),
      });
      return { reset: true as const };
    },
  );
};
