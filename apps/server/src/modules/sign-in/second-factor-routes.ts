/**
 * The second step of a sign-in at the built-in provider. After the right
 * password, an account with two-factor sign-in gets the code page instead
 * of the finished sign-in; an admin without it, when MFA_REQUIRED_FOR_ADMINS
 * is on, must set it up first. Both carry the authorization request along
 * and a challenge (second-factor-challenges.ts) in hidden fields, and end
 * in the same finishing step as a sign-in with the password alone. Wrong
 * codes count as failed sign-ins of the account (the sign-in limiter); an
 * expired or used challenge leads back to the sign-in page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserById, type UserRow } from '../../platform/users/users.js';
import type { AttemptLimiter } from '../../platform/identity/attempt-limiter.js';
import { AUTHORIZE_PARAM_NAMES, type AuthorizeParams } from '../identity-pages/index.js';
import { deviceOf } from '../../platform/identity/devices.js';
import { loginTexts, type LoginTexts } from '../identity-pages/index.js';
import {
  decryptSecret,
  groupedSecret,
  setupQrCode,
  totpStepOf,
} from '../../platform/identity/totp.js';
import {
  createChallenge,
  findOpenChallenge,
  markSetupDone,
  takeAttempt,
  takeFinishedSetup,
  useChallenge,
} from './second-factor-challenges.js';
import {
  CODE_PATH,
  CONTINUE_PATH,
  SETUP_PATH,
  renderCodePage,
  renderRecoveryCodesPage,
  renderSetupPage,
} from './second-factor-page.js';
import {
  enableWithSecret,
  offerSecret,
  takeSecondFactor,
} from '../../platform/identity/second-factor.js';

/** What the authorize endpoint lends the second step (routes.ts). */
const optionalParam = z.string().max(2048).optional();
const ZChallengeForm = z.object({
  ...(Object.fromEntries(AUTHORIZE_PARAM_NAMES.map((name) => [name, optionalParam])) as Record<
    (typeof AUTHORIZE_PARAM_NAMES)[number],
    typeof optionalParam
  >),
  challenge: z.string().max(100).default(''),
  code: z.string().max(100).default(''),
  // Set by the server from the challenge: the sign-in limiter counts per account.
  email: z.string().max(320).optional(),
});
type ChallengeForm = z.infer<typeof ZChallengeForm>;

/** A page's answer: its status and the error it shows, if any. */
export interface PageView {
  status: number;
  error: keyof LoginTexts | undefined;
}

/** The sign-in page's answer: also the email it keeps in its field. */
export interface LoginView extends PageView {
  email: string;
}

export interface SignInSteps {
  carriedParams(params: AuthorizeParams): Record<string, string>;
  sendPage(reply: FastifyReply, status: number, html: string): FastifyReply;
  showLogin(reply: FastifyReply, params: AuthorizeParams, view: LoginView): FastifyReply;
  /** Answers a request whose parameters are not acceptable; false when it did. */
  acceptable(reply: FastifyReply, params: AuthorizeParams): boolean;
  signInLimiter: AttemptLimiter;
  /** Finishes the sign-in (code or token), as the password alone does. */
  finish(
    request: FastifyRequest,
    reply: FastifyReply,
    signIn: { params: AuthorizeParams; user: UserRow & { passwordHash: string } },
  ): Promise<FastifyReply>;
}

/**
 * Registers the second step's endpoints; returns the step to take after
 * the right password: true when it answered with a page, false when the
 * sign-in may finish. (A boolean: a reply is thenable, so an async function
 * cannot hand one back.)
 */
export async function registerSecondFactor(
  app: FastifyInstance,
  steps: SignInSteps,
): Promise<
  (
    reply: FastifyReply,
    params: AuthorizeParams,
    user: UserRow & { passwordHash: string },
  ) => Promise<boolean>
> {
  const ctx = app.ctx;
  const { db, config } = ctx;

  const expired = (reply: FastifyReply, form: AuthorizeParams) =>
    steps.showLogin(reply, form, { status: 401, email: '', error: 'challengeExpired' });

  const codePage = (
    reply: FastifyReply,
    form: AuthorizeParams,
    { challenge, status, error }: { challenge: string } & PageView,
  ) => {
    const { language, texts } = loginTexts(form.ui_locales);
    return steps.sendPage(
      reply,
      status,
      renderCodePage({
        texts,
        language,
        params: steps.carriedParams(form),
        challenge,
        error: error && texts[error],
      }),
    );
  };

  const setupPage = async (
    reply: FastifyReply,
    form: AuthorizeParams,
    {
      challenge,
      status,
      error,
    }: { challenge: { token: string; email: string; pendingSecret: string } } & PageView,
  ) => {
    const secret = decryptSecret(ctx.mfaKey, challenge.pendingSecret);
    if (!secret) return expired(reply, form);
    const { svg } = await setupQrCode(secret, config.web.appName, challenge.email);
    const { language, texts } = loginTexts(form.ui_locales);
    return steps.sendPage(
      reply,
      status,
      renderSetupPage({
        texts,
        language,
        params: steps.carriedParams(form),
        challenge: challenge.token,
        qrSvg: svg,
        secret: groupedSecret(secret),
        error: error && texts[error],
      }),
    );
  };

  /** The challenge's user, with the password hash the sign-in verified. */
  const userOf = async (challenge: { userId: string; passwordHash: string }) => {
    const user = await findUserById(db, challenge.userId);
    return user && { ...user, passwordHash: challenge.passwordHash };
  };

  const routes: FastifyPluginAsyncZod = async (scope) => {
    const schema = { body: ZChallengeForm, hide: true };

    scope.post(CODE_PATH, { schema }, async (request, reply) => {
      const form: ChallengeForm = request.body;
      if (!steps.acceptable(reply, form)) return reply;
      const open = await findOpenChallenge(db, form.challenge, 'verify');
      if (!open) return expired(reply, form);
      form.email = open.email;
      const attempt = await steps.signInLimiter.admit(request);
      if (!attempt) {
        ctx.metrics.signInFailed('limited');
        return codePage(reply, form, {
          challenge: form.challenge,
          status: 429,
          error: 'tooManyAttempts',
        });
      }
      let taken: 'totp' | 'recovery' | undefined;
      try {
        const challenge = await takeAttempt(db, form.challenge, 'verify');
        if (!challenge) {
          await attempt.done();
          return await expired(reply, form);
        }
        taken = await takeSecondFactor(ctx, {
          userId: challenge.userId,
          code: form.code,
          device: deviceOf(request),
        });
        if (!taken) await attempt.failed();
      } finally {
        await attempt.done();
      }
      if (!taken) {
        ctx.metrics.signInFailed('second_factor');
        return codePage(reply, form, {
          challenge: form.challenge,
          status: 401,
          error: 'wrongCode',
        });
      }
      const user = (await useChallenge(db, form.challenge)) ? await userOf(open) : undefined;
      if (!user) return expired(reply, form);
      return steps.finish(request, reply, { params: form, user });
    });

    scope.post(SETUP_PATH, { schema }, async (request, reply) => {
      const form: ChallengeForm = request.body;
      if (!steps.acceptable(reply, form)) return reply;
      const open = await findOpenChallenge(db, form.challenge, 'setup');
      if (!open?.pendingSecret) return expired(reply, form);
      form.email = open.email;
      const shown = { token: form.challenge, email: open.email, pendingSecret: open.pendingSecret };
      const attempt = await steps.signInLimiter.admit(request);
      if (!attempt) {
        ctx.metrics.signInFailed('limited');
        return setupPage(reply, form, { challenge: shown, status: 429, error: 'tooManyAttempts' });
      }
      let codes: string[] | undefined;
      try {
        const challenge = await takeAttempt(db, form.challenge, 'setup');
        const pending = challenge?.pendingSecret;
        const secret = pending ? decryptSecret(ctx.mfaKey, pending) : undefined;
        if (!challenge || !pending || !secret) {
          await attempt.done();
          return await expired(reply, form);
        }
        const step = await totpStepOf(secret, form.code);
        if (step !== undefined) {
          codes = await db.transaction(async (tx) =>
            (await markSetupDone(tx, form.challenge))
              ? enableWithSecret(ctx, tx, {
                  userId: challenge.userId,
                  encrypted: pending,
                  step,
                  device: deviceOf(request),
                })
              : undefined,
          );
        }
        if (!codes) await attempt.failed();
      } finally {
        await attempt.done();
      }
      if (!codes) {
        ctx.metrics.signInFailed('second_factor');
        return setupPage(reply, form, { challenge: shown, status: 401, error: 'wrongCode' });
      }
      const { language, texts } = loginTexts(form.ui_locales);
      return steps.sendPage(
        reply,
        200,
        renderRecoveryCodesPage({
          texts,
          language,
          params: steps.carriedParams(form),
          challenge: form.challenge,
          codes,
        }),
      );
    });

    scope.post(CONTINUE_PATH, { schema }, async (request, reply) => {
      const form: ChallengeForm = request.body;
      if (!steps.acceptable(reply, form)) return reply;
      const challenge = await takeFinishedSetup(db, form.challenge);
      const user = challenge && (await userOf(challenge));
      if (!user) return expired(reply, form);
      return steps.finish(request, reply, { params: form, user });
    });
  };
  await app.register(routes);

  return async (reply, params, user) => {
    if (user.totpEnabledAt && user.totpSecret) {
      const token = await createChallenge(db, {
        userId: user.id,
        kind: 'verify',
        passwordHash: user.passwordHash,
      });
      codePage(reply, params, { challenge: token, status: 200, error: undefined });
      return true;
    }
    if (config.accounts.mfaRequiredForAdmins && user.level === 'admin') {
      const offer = await offerSecret(ctx, user.email);
      const token = await createChallenge(db, {
        userId: user.id,
        kind: 'setup',
        passwordHash: user.passwordHash,
        pendingSecret: offer.encrypted,
      });
      const shown = { token, email: user.email, pendingSecret: offer.encrypted };
      await setupPage(reply, params, { challenge: shown, status: 200, error: undefined });
      return true;
    }
    return false;
  };
}
