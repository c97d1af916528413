/**
 * HTTP face of the built-in OAuth2 provider: sign-in page and authorization
 * endpoint (code + PKCE, and implicit where enabled), token endpoint, JWKS,
 * metadata and revocation (provider-routes.ts), and the auth API's token
 * refresh `GET /api/v2/my/tokens`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTokensResponse } from '@backoffice/domain';
import {
  findUserByEmail,
  findUserById,
  normaliseEmail,
  touchLastLogin,
  type UserRow,
} from '../../platform/users/users.js';
import { authenticate } from '../../platform/identity/authenticate.js';
import { createAttemptLimiter } from '../../platform/identity/attempt-limiter.js';
import {
  AUTHORIZE_PARAM_NAMES,
  checkAuthorizeRequest,
  redirectWith,
  type AuthorizeParams,
} from '../identity-pages/index.js';
import { createAuthorizationCode, redeemAuthorizationCode } from '../../platform/identity/codes.js';
import { loginTexts, renderErrorPage, renderLoginPage } from '../identity-pages/index.js';
import { deviceOf } from '../../platform/identity/devices.js';
import { PASSWORD_FORGOTTEN_PATH } from '../password-reset/index.js';
import {
  DUMMY_HASH,
  needsRehash,
  storeRehash,
  verifyPassword,
} from '../../platform/identity/passwords.js';
import { providerRoutes } from './provider-routes.js';
import { insertSession, renewSession, startSession } from '../../platform/identity/sessions.js';
import { registerSecondFactor, type LoginView } from './second-factor-routes.js';

const optionalParam = z.string().max(2048).optional();
const ZAuthorizeParams = z.object(
  Object.fromEntries(AUTHORIZE_PARAM_NAMES.map((name) => [name, optionalParam])) as Record<
    (typeof AUTHORIZE_PARAM_NAMES)[number],
    typeof optionalParam
  >,
);
const ZLoginForm = ZAuthorizeParams.extend({
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
});
const ZTokenForm = z.object({
  grant_type: z.string().optional(),
  code: z.string().max(512).optional(),
  redirect_uri: z.string().max(2048).optional(),
  client_id: z.string().max(200).optional(),
  code_verifier: z.string().max(256).optional(),
});

export const AUTHORIZE_PATH = '/identity/authorize';

function carriedParams(params: AuthorizeParams): Record<string, string> {
  const carried: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAM_NAMES) {
    const value = params[name];
    if (value !== undefined) carried[name] = value;
  }
  return carried;
}

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, tokenIssuer, signingKey, demoAccounts, metrics } = app.ctx;
  const client = {
    clientId: config.identity.clientId,
    redirectUris: config.identity.redirectUris,
    implicitAllowed: config.web.flow === 'implicit' || config.accounts.allowImplicit,
  };
  // Browsers apply form-action to the redirect after a form post, so the client origins must be allowed.
  const formActionOrigins = [...new Set(client.redirectUris.map((uri) => new URL(uri).origin))];
  const pageCsp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formActionOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`;

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('content-security-policy', pageCsp)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  /** The sign-in page, with the message of its texts that `error` names. */
  const showLogin = (
    reply: FastifyReply,
    params: AuthorizeParams,
    { status, email, error }: LoginView,
  ) => {
    const { language, texts } = loginTexts(params.ui_locales);
    return sendPage(
      reply,
      status,
      renderLoginPage({
        texts,
        language,
        action: AUTHORIZE_PATH,
        params: carriedParams(params),
        email,
        error: error && texts[error],
        demoAccounts: config.demo ? demoAccounts : [],
        forgotPasswordUrl: `${PASSWORD_FORGOTTEN_PATH}?${new URLSearchParams(carriedParams(params)).toString()}`,
      }),
    );
  };

  /** Handles a request whose parameters are not acceptable; returns true when it answered. */
  const answerBadRequest = (reply: FastifyReply, params: AuthorizeParams) => {
    const check = checkAuthorizeRequest(params, client);
    if (check.kind === 'ok') return check;
    if (check.kind === 'fatal') {
      const { language, texts } = loginTexts(params.ui_locales);
      sendPage(
        reply,
        400,
        renderErrorPage(texts, language, {
          message: texts.invalidRequest,
          appUrl: config.publicUrl,
        }),
      );
      return undefined;
    }
    reply.redirect(
      redirectWith(
        check.redirectUri,
        { error: check.error, state: check.state },
        check.useFragment,
      ),
      302,
    );
    return undefined;
  };

  const signInLimiter = createAttemptLimiter(app, {
    name: 'sign-in',
    perAddressPerMinute: config.identity.loginRateLimitPerMinute,
    perAccount: {
      failuresPerHour: config.identity.loginFailuresPerAccountPerHour,
      accountOf: (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return typeof email === 'string' && email.trim() !== '' ? normaliseEmail(email) : undefined;
      },
    },
  });
  // Codes are single-use and unguessable; the limit keeps the endpoint from being hammered.
  const tokenLimiter = createAttemptLimiter(app, {
    name: 'token',
    perAddressPerMinute: config.identity.loginRateLimitPerMinute * 6,
  });
  const sessionMaxAgeHours = config.identity.sessionMaxAgeHours;

  /** The user with this email and password, if any, with the password's hash as verified. */
  const userWithPassword = async (
    email: string,
    password: string,
  ): Promise<(UserRow & { passwordHash: string }) | undefined> => {
    // Twice at most: once more when a concurrent sign-in has just re-hashed the password.
    for (let round = 0; round < 2; round += 1) {
      const user = email ? await findUserByEmail(db, email) : undefined;
      // Compare against a dummy hash when the user is unknown, so the answer time tells nothing.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH));
      const passwordHash = user?.passwordHash;
      if (!user || !passwordHash || !valid) return undefined;
      if (!needsRehash(passwordHash)) return { ...user, passwordHash };
      // An older hash (scrypt) is replaced by Argon2id while it is still the one verified.
      const upgraded = await storeRehash(db, user.id, { password, verifiedHash: passwordHash });
      if (upgraded) return { ...user, passwordHash: upgraded };
    }
    return undefined;
  };

  app.get(
    AUTHORIZE_PATH,
    { schema: { querystring: ZAuthorizeParams, hide: true } },
    async (request, reply) => {
      const check = answerBadRequest(reply, request.query);
      if (!check) return reply;
      return showLogin(reply, request.query, {
        status: 200,
        email: request.query.login_hint ?? '',
        error: undefined,
      });
    },
  );

  app.post(AUTHORIZE_PATH, { schema: { body: ZLoginForm, hide: true } }, async (request, reply) => {
    const form = request.body;
    const check = answerBadRequest(reply, form);
    if (!check) return reply;
    // Too many attempts get the page again with a message (even with the right password).
    const attempt = await signInLimiter.admit(request);
    if (!attempt) {
      metrics.signInFailed('limited');
      return showLogin(reply, form, { status: 429, email: form.email, error: 'tooManyAttempts' });
    }
    let user: (UserRow & { passwordHash: string }) | undefined;
    try {
      user = await userWithPassword(form.email, form.password);
      // Counted before the attempt ends, so that no attempt admitted meanwhile misses it.
      if (!user) await attempt.failed();
    } finally {
      await attempt.done();
    }
    if (!user) {
      metrics.signInFailed('password');
      return showLogin(reply, form, { status: 401, email: form.email, error: 'wrongCredentials' });
    }
    // An account with two-factor sign-in (or an admin who must set it up) takes a second step.
    if (await beginSecondStep(reply, form, user)) return reply;
    return finishSignIn(request, reply, { params: form, user });
  });

  /**
   * Finishes a sign-in whose password (and second step, if any) was right:
   * the authorization code (code flow) or the token (implicit) to the client.
   * The code or session is made only while the password verified is still the
   * user's: one changed meanwhile (create-admin) makes this attempt a wrong one.
   */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { params: form, user }: { params: AuthorizeParams; user: UserRow & { passwordHash: string } },
  ) => {
    const check = checkAuthorizeRequest(form, client);
    if (check.kind !== 'ok')
      return showLogin(reply, form, { status: 400, email: '', error: 'invalidRequest' });
    const { request: grant } = check;
    const email = user.email;
    if (grant.responseType === 'code') {
      const code = await createAuthorizationCode(
        db,
        {
          clientId: grant.clientId,
          redirectUri: grant.redirectUri,
          userId: user.id,
          scope: grant.scope,
          // checkAuthorizeRequest guarantees a challenge for the code flow.
          codeChallenge: grant.codeChallenge ?? '',
        },
        user.passwordHash,
      );
      if (code === undefined)
        return showLogin(reply, form, { status: 401, email: email, error: 'wrongCredentials' });
      await touchLastLogin(db, user.id);
      return reply.redirect(
        redirectWith(grant.redirectUri, { code, state: grant.state }, false),
        302,
      );
    }
    const session = await startSession(db, user, {
      maxAgeHours: sessionMaxAgeHours,
      device: deviceOf(request),
    });
    if (!session)
      return showLogin(reply, form, { status: 401, email: email, error: 'wrongCredentials' });
    await touchLastLogin(db, user.id);
    const issued = await tokenIssuer.issue(user, session);
    return reply.redirect(
      redirectWith(
        grant.redirectUri,
        {
          access_token: issued.token,
          token_type: 'Bearer',
          expires_in: String(issued.expiresIn),
          scope: grant.scope,
          state: grant.state,
        },
        true,
      ),
      302,
    );
  };

  const beginSecondStep = await registerSecondFactor(app, {
    carriedParams,
    sendPage,
    showLogin,
    acceptable: (reply, params) => answerBadRequest(reply, params) !== undefined,
    signInLimiter,
    finish: finishSignIn,
  });

  app.post(
    '/identity/token',
    { schema: { body: ZTokenForm, hide: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await tokenLimiter.admit(request))) {
        return reply.status(429).send({ statusCode: 429, message: 'rate_limited' });
      }
      const form = request.body;
      if (form.grant_type !== 'authorization_code') {
        return reply.status(400).send({ error: 'unsupported_grant_type' });
      }
      if (!form.code || !form.redirect_uri || !form.client_id || !form.code_verifier) {
        return reply.status(400).send({ error: 'invalid_request' });
      }
      if (form.client_id !== client.clientId)
        return reply.status(401).send({ error: 'invalid_client' });
      const { code, client_id: clientId, redirect_uri: redirectUri } = form;
      const codeVerifier = form.code_verifier;
      // One transaction: the code's user's credentials are held from the
      // redemption to the session's start (redeemAuthorizationCode).
      const granted = await db.transaction(async (tx) => {
        const result = await redeemAuthorizationCode(tx, {
          code,
          clientId,
          redirectUri,
          codeVerifier,
        });
        if (!result.ok) return undefined;
        const user = await findUserById(tx, result.userId);
        if (!user) return undefined;
        const session = await insertSession(tx, user.id, {
          maxAgeHours: sessionMaxAgeHours,
          device: deviceOf(request),
        });
        return { user, session, scope: result.scope };
      });
      if (!granted) return reply.status(400).send({ error: 'invalid_grant' });
      const issued = await tokenIssuer.issue(granted.user, granted.session);
      return {
        access_token: issued.token,
        token_type: 'Bearer',
        expires_in: issued.expiresIn,
        scope: granted.scope,
      };
    },
  );

  app.get('/identity/jwks.json', { schema: { hide: true } }, async () => ({
    keys: [signingKey.publicJwk],
  }));

  // Metadata (RFC 8414) and revocation (RFC 7009).
  await app.register(providerRoutes, {
    authorizePath: AUTHORIZE_PATH,
    tokenPath: '/identity/token',
    jwksPath: '/identity/jwks.json',
    implicitAllowed: client.implicitAllowed,
  });

  app.get(
    '/api/v2/my/tokens',
    {
      schema: {
        tags: ['session'],
        summary: 'Fresh tokens for the caller, one per realm, within the caller’s session',
        description: `A renewed token belongs to the same session: logout (POST /api/session/logout) ends it too, and no token lives past the session's maximum age (SESSION_MAX_AGE_HOURS, now ${sessionMaxAgeHours} h after sign-in); then this answers 401 and the user signs in again.`,
        response: { 200: ZTokensResponse },
      },
    },
    async (request: FastifyRequest, reply) => {
      // A fresh token: kept by no cache.
      reply.header('cache-control', 'no-store');
      const found = await authenticate(app.ctx, request);
      const sid = found?.claims.sid;
      const session = found?.user && sid !== undefined ? await renewSession(db, sid) : undefined;
      if (!found?.user || !session) {
        return reply.status(401).send({ statusCode: 401, message: 'unauthorized' });
      }
      const issued = await tokenIssuer.issue(found.user, session);
      return { tokens: [{ name: config.identity.realm, token: issued.token }] };
    },
  );
};
