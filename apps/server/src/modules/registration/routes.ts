/**
 * /identity/register?token=…: an invited person sets a password, which
 * completes the pending account(s). Limited per client address
 * like sign-in; the password must pass the password policy.
 */
import { sendLinkPage } from '../identity-pages/index.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeInvitation, findOpenInvitation } from '../accounts/index.js';
import { createAttemptLimiter } from '../../platform/identity/attempt-limiter.js';
import { loginTexts, type LoginTexts } from '../identity-pages/index.js';
import { passwordProblem, type PasswordProblem } from '../../platform/identity/password-policy.js';
import { hashPassword } from '../../platform/identity/passwords.js';
import { renderRegisterMessage, renderRegisterPage } from './register-page.js';

export const REGISTER_PATH = '/identity/register';

const problemText = (texts: LoginTexts, problem: PasswordProblem): string =>
  ({
    too_short: texts.passwordTooShort,
    contains_email: texts.passwordContainsEmail,
    too_common: texts.passwordTooCommon,
  })[problem];

const ZRegisterQuery = z.object({ token: z.string().max(200).default('') });
const ZRegisterForm = z.object({
  token: z.string().max(200).default(''),
  password: z.string().max(1024).default(''),
  password_repeat: z.string().max(1024).default(''),
});

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.ctx;
  // German, as the invitation mail is.
  const { language, texts } = loginTexts('de');
  const send = sendLinkPage;
  const invalid = (reply: FastifyReply) =>
    send(
      reply,
      400,
      renderRegisterMessage(texts, language, {
        message: texts.invitationInvalid,
        appUrl: config.publicUrl,
      }),
    );
  // Invitation tokens are unguessable (256 bits), so the form is limited per address only.
  const limiter = createAttemptLimiter(app, {
    name: 'register',
    perAddressPerMinute: config.identity.loginRateLimitPerMinute,
  });

  app.get(
    REGISTER_PATH,
    { schema: { querystring: ZRegisterQuery, hide: true } },
    async (request, reply) => {
      const invitation = request.query.token
        ? await findOpenInvitation(db, request.query.token)
        : undefined;
      if (!invitation) return invalid(reply);
      return send(
        reply,
        200,
        renderRegisterPage({
          texts,
          language,
          action: REGISTER_PATH,
          token: request.query.token,
          email: invitation.email,
          error: undefined,
        }),
      );
    },
  );

  app.post(
    REGISTER_PATH,
    { schema: { body: ZRegisterForm, hide: true } },
    async (request, reply) => {
      const form = request.body;
      if (!(await limiter.admit(request))) {
        return send(
          reply,
          429,
          renderRegisterMessage(texts, language, {
            message: texts.tooManyAttempts,
            appUrl: config.publicUrl,
          }),
        );
      }
      const invitation = form.token ? await findOpenInvitation(db, form.token) : undefined;
      if (!invitation) return invalid(reply);
      const policy = await passwordProblem(form.password, invitation.email);
      const problem = policy
        ? problemText(texts, policy)
        : form.password !== form.password_repeat
          ? texts.passwordsDiffer
          : undefined;
      if (problem) {
        return send(
          reply,
          400,
          renderRegisterPage({
            texts,
            language,
            action: REGISTER_PATH,
            token: form.token,
            email: invitation.email,
            error: problem,
          }),
        );
      }
      const done = await completeInvitation(db, form.token, await hashPassword(form.password));
      if (!done) return invalid(reply);
      return send(
        reply,
        200,
        renderRegisterMessage(texts, language, {
          message: texts.registerDone,
          appUrl: config.publicUrl,
        }),
      );
    },
  );
};
