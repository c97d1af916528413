/**
 * GET/POST /api/my/password: whether the caller can change their password
 * here, and the change. Wrong current passwords count against the
 * account's guessing limit like failed sign-ins (per hour, across
 * processes with REDIS_URL), and every attempt against the client address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMyPasswordChangeBody, ZMyPasswordChanged, ZMyPasswordState } from '@backoffice/domain';
import { currentPerson } from '../../platform/identity/current-user.js';
import { claimsOf } from '../../platform/identity/authenticate.js';
import { badRequest, RetryLaterError } from '../../platform/errors.js';
import { createAttemptLimiter } from '../../platform/identity/attempt-limiter.js';
import { deviceOf } from '../../platform/identity/devices.js';
import type { MyPasswordService } from './service.js';

/** What the my-password routes get: the service and the sign-in limits the attempts count against. */
export interface MyPasswordRoutesOptions {
  myPassword: MyPasswordService;
  /** config.identity's limits of sign-in attempts. */
  limits: { loginRateLimitPerMinute: number; loginFailuresPerAccountPerHour: number };
}

export const myPasswordRoutes: FastifyPluginAsyncZod<MyPasswordRoutesOptions> = async (
  app,
  { myPassword, limits },
) => {
  const tags = ['my-account'];
  const limiter = createAttemptLimiter(app, {
    name: 'password-change',
    perAddressPerMinute: limits.loginRateLimitPerMinute,
    perAccount: {
      failuresPerHour: limits.loginFailuresPerAccountPerHour,
      accountOf: (request) => request.user?.id,
    },
  });

  app.get(
    '/my/password',
    {
      schema: {
        tags,
        summary: 'Whether the caller has a password here that they can change',
        description:
          'Whether the caller has a password here that they can change: false for users of an external provider and those who sign in without a password here.',
        response: { 200: ZMyPasswordState },
      },
    },
    async (request) => myPassword.state(await currentPerson(request)),
  );

  app.post(
    '/my/password',
    {
      schema: {
        tags,
        summary: 'Changes the caller’s password; the caller’s other sessions end',
        description:
          'The current password must be right (wrong_password, counted like a failed sign-in) and the new one pass the password policy (password_too_short, password_contains_email, password_too_common; passwords_differ when the repetition differs). Every other session of the account ends, the one of this request stays; a mail tells the account. Accounts of an external provider or without a password here get password_not_changeable.',
        body: ZMyPasswordChangeBody,
        response: { 200: ZMyPasswordChanged },
      },
    },
    async (request) => {
      const user = await currentPerson(request);
      const { passwordHash } = user;
      if (!myPassword.changeable(user) || passwordHash === null) {
        throw badRequest('password_not_changeable');
      }
      const attempt = await limiter.admit(request);
      if (!attempt) throw new RetryLaterError(429, 'rate_limited', { retryAfterSeconds: 60 });
      // A wrong one is counted before the attempt ends (attempt-limiter.ts).
      const right = await (async () => {
        try {
          const valid = await myPassword.checkCurrent(user, request.body.current_password);
          if (!valid) await attempt.failed();
          return valid;
        } finally {
          await attempt.done();
        }
      })();
      if (!right) throw badRequest('wrong_password', 'current_password');
      return myPassword.change(
        { ...user, passwordHash },
        {
          change: {
            current: request.body.current_password,
            next: request.body.new_password,
            repeat: request.body.new_password_repeat,
          },
          session: { sid: claimsOf(request).sid, device: deviceOf(request) },
        },
      );
    },
  );
};
