/**
 * The pages of a forgotten password (service.ts does the
 * work): /identity/password-forgotten asks for a link and answers every
 * address alike, in the language of the sign-in it came from, with the
 * authorization request carried along for the way back to signing in;
 * /identity/password-reset?token=… sets the new password (the password
 * policy applies) and ends every session of the account. Both forms are
 * limited per client address like sign-in (counted in Redis with
 * REDIS_URL, so across processes).
 */
import { sendLinkPage } from '../identity-pages/index.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidEmail } from '@backoffice/domain';
import { createAttemptLimiter } from '../../platform/identity/attempt-limiter.js';
import { AUTHORIZE_PARAM_NAMES } from '../identity-pages/index.js';
import { deviceOf } from '../../platform/identity/devices.js';
import { loginTexts, type LoginTexts } from '../identity-pages/index.js';
import { passwordProblem, type PasswordProblem } from '../../platform/identity/password-policy.js';
import {
  PASSWORD_FORGOTTEN_PATH,
  PASSWORD_RESET_PATH,
  type PasswordResetService,
} from './service.js';
import {
  renderForgotPage,
  renderForgotSentPage,
  renderResetMessage,
  renderResetPage,
} from './password-reset-page.js';
import { hashPassword } from '../../platform/identity/passwords.js';

const optionalParam = z.string().max(2048).optional();
const ZCarried = z.object(
  Object.fromEntries(AUTHORIZE_PARAM_NAMES.map((name) => [name, optionalParam])) as Record<
    (typeof AUTHORIZE_PARAM_NAMES)[number],
    typeof optionalParam
  >,
);
const ZForgotForm = ZCarried.extend({ email: z.string().max(320).default('') });
const ZResetQuery = z.object({ token: z.string().max(200).default('') });
const ZResetForm = z.object({
  token: z.string().max(200).default(''),
  password: z.string().max(1024).default(''),
  password_repeat: z.string().max(1024).default(''),
});

const problemText = (texts: LoginTexts, problem: PasswordProblem): string =>
  ({
    too_short: texts.passwordTooShort,
    contains_email: texts.passwordContainsEmail,
    too_common: texts.passwordTooCommon,
  })[problem];

/** The authorization request's parameters a page carries along. */
function carried(input: Record<string, string | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAM_NAMES) {
    const value = input[name];
    if (value !== undefined) params[name] = value;
  }
  return params;
}

const query = (params: Record<string, string>) => {
  const search = new URLSearchParams(params).toString();
  return search ? `?${search}` : '';
};

/** What the password-reset pages get: the service and what they name of the configuration. */
export interface PasswordResetRoutesOptions {
  passwordReset: PasswordResetService;
  /** config.publicUrl: the way back to signing in without an authorization request. */
  publicUrl: string;
  /** config.accounts.passwordResetTtlMinutes: how long a link is valid, as the answer says. */
  linkTtlMinutes: number;
  /** config.identity.loginRateLimitPerMinute: both forms are limited per client address like sign-in. */
  attemptsPerAddressPerMinute: number;
}

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  { passwordReset, publicUrl, linkTtlMinutes, attemptsPerAddressPerMinute },
) => {
  const send = sendLinkPage;
  const limits = { perAddressPerMinute: attemptsPerAddressPerMinute };
  const requestLimiter = createAttemptLimiter(app, { name: 'password-forgotten', ...limits });
  // Links are unguessable (256 bits): the form is limited per address only.
  const resetLimiter = createAttemptLimiter(app, { name: 'password-reset', ...limits });

  /** Back to signing in: to the authorization request the person came from, or to the app. */
  const signInUrl = (params: Record<string, string>) =>
    params['client_id'] ? `/identity/authorize${query(params)}` : publicUrl;

  /** The request's form again: the authorization request's parameters, the address, the error. */
  const showForgot = (
    reply: FastifyReply,
    status: number,
    {
      input,
      email,
      error,
    }: {
      input: Record<string, string | undefined>;
      email: string;
      error?: keyof LoginTexts | undefined;
    },
  ) => {
    const params = carried(input);
    const { language, texts } = loginTexts(params['ui_locales']);
    return send(
      reply,
      status,
      renderForgotPage({
        texts,
        language,
        action: PASSWORD_FORGOTTEN_PATH,
        params,
        email,
        error: error && texts[error],
        signInUrl: signInUrl(params),
      }),
    );
  };

  app.get(
    PASSWORD_FORGOTTEN_PATH,
    { schema: { querystring: ZCarried, hide: true } },
    async (request, reply) =>
      showForgot(reply, 200, { input: request.query, email: request.query.login_hint ?? '' }),
  );

  app.post(
    PASSWORD_FORGOTTEN_PATH,
    { schema: { body: ZForgotForm, hide: true } },
    async (request, reply) => {
      const form = request.body;
      if (!(await requestLimiter.admit(request))) {
        return showForgot(reply, 429, { input: form, email: form.email, error: 'tooManyRequests' });
      }
      const email = form.email.trim();
      if (!isValidEmail(email)) {
        return showForgot(reply, 400, { input: form, email, error: 'forgotEmailInvalid' });
      }
      // The same work for every address: the job finds out whether there is an account.
      await passwordReset.request(email);
      const params = carried(form);
      const { language, texts } = loginTexts(params['ui_locales']);
      return send(
        reply,
        200,
        renderForgotSentPage({
          texts,
          language,
          minutes: linkTtlMinutes,
          signInUrl: signInUrl(params),
        }),
      );
    },
  );

  // The pages of a link are in German, as the sign-in is by default.
  const german = loginTexts('de');
  /** A message instead of the form: done (on to signing in) or an error (on to a new link). */
  const message = (
    reply: FastifyReply,
    status: number,
    { kind, text }: { kind: 'done' | 'error'; text: keyof LoginTexts },
  ) => {
    const { texts, language } = german;
    const next =
      kind === 'done'
        ? { href: publicUrl, text: texts.toSignIn }
        : { href: PASSWORD_FORGOTTEN_PATH, text: texts.requestNewLink };
    return send(
      reply,
      status,
      renderResetMessage({
        texts,
        language,
        title: texts.resetTitle,
        message: texts[text],
        kind,
        next,
      }),
    );
  };
  /** A link's form: its token, the account's address, and what was wrong with the last try. */
  const resetForm = (
    reply: FastifyReply,
    status: number,
    { token, email, error }: { token: string; email: string; error?: string | undefined },
  ) =>
    send(
      reply,
      status,
      renderResetPage({ ...german, action: PASSWORD_RESET_PATH, token, email, error }),
    );

  app.get(
    PASSWORD_RESET_PATH,
    { schema: { querystring: ZResetQuery, hide: true } },
    async (request, reply) => {
      const { token } = request.query;
      const link = await passwordReset.findOpenLink(token);
      if (!link) return message(reply, 400, { kind: 'error', text: 'resetInvalid' });
      return resetForm(reply, 200, { token, email: link.email });
    },
  );

  app.post(
    PASSWORD_RESET_PATH,
    { schema: { body: ZResetForm, hide: true } },
    async (request, reply) => {
      const form = request.body;
      if (!(await resetLimiter.admit(request))) {
        return message(reply, 429, { kind: 'error', text: 'tooManyRequests' });
      }
      const link = await passwordReset.findOpenLink(form.token);
      if (!link) return message(reply, 400, { kind: 'error', text: 'resetInvalid' });
      const { texts } = german;
      const policy = await passwordProblem(form.password, link.email);
      const problem = policy
        ? problemText(texts, policy)
        : form.password !== form.password_repeat
          ? texts.passwordsDiffer
          : undefined;
      if (problem)
        return resetForm(reply, 400, { token: form.token, email: link.email, error: problem });
      const used = await passwordReset.useLink({
        link: { token: form.token, userId: link.userId },
        passwordHash: await hashPassword(form.password),
        device: deviceOf(request),
      });
      if (!used) return message(reply, 400, { kind: 'error', text: 'resetInvalid' });
      return message(reply, 200, { kind: 'done', text: 'resetDone' });
    },
  );
};
