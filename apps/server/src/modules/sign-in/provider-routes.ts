/**
 * What clients learn about the built-in OAuth2 provider and how they let go
 * of a token: the authorization server metadata (RFC 8414) at
 * `/.well-known/oauth-authorization-server`, listing only what is enabled,
 * and token revocation (RFC 7009) at `/identity/revoke`.
 *
 * The provider is an OAuth2 authorization server, not an OpenID provider: it
 * issues access tokens only (no ID token, no userinfo), so it publishes no
 * OpenID Connect discovery document (docs/decisions.md).
 *
 * Tokens are JWTs of a server-side session (`sid`); revoking one ends that
 * session, so every token of the same sign-in stops working at once. Any
 * token, also an unknown, forged or expired one, gets 200 (RFC 7009 §2.2):
 * the answer says nothing about the token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { createAttemptLimiter } from '../../platform/identity/attempt-limiter.js';
import { ALLOWED_SCOPES, responseTypesOf } from '../identity-pages/index.js';
import { SIGNING_ALG } from '../../platform/identity/keys.js';
import { endSession } from '../../platform/identity/sessions.js';

export const METADATA_PATH = '/.well-known/oauth-authorization-server';
export const REVOKE_PATH = '/identity/revoke';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ZRevokeForm = z.object({
  token: z.string().max(8192).optional(),
  token_type_hint: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
});

export interface ProviderRoutesOptions {
  /** The provider's paths (its routes.ts owns them). */
  authorizePath: string;
  tokenPath: string;
  jwksPath: string;
  /** Whether the implicit grant is answered (OAUTH_FLOW=implicit or OAUTH_ALLOW_IMPLICIT). */
  implicitAllowed: boolean;
}

export const providerRoutes: FastifyPluginAsyncZod<ProviderRoutesOptions> = async (
  app,
  options,
) => {
  const { config, db, signingKey } = app.ctx;
  const { issuer, audience, clientId, sessionMaxAgeHours } = config.identity;
  const endpoint = (path: string) => `${config.publicUrl}${path}`;

  const metadata = {
    issuer,
    authorization_endpoint: endpoint(options.authorizePath),
    token_endpoint: endpoint(options.tokenPath),
    jwks_uri: endpoint(options.jwksPath),
    revocation_endpoint: endpoint(REVOKE_PATH),
    scopes_supported: ALLOWED_SCOPES,
    response_types_supported: responseTypesOf(options),
    response_modes_supported: options.implicitAllowed ? ['query', 'fragment'] : ['query'],
    grant_types_supported: options.implicitAllowed
      ? ['authorization_code', 'implicit']
      : ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    ui_locales_supported: ['de', 'en'],
  };

  app.get(METADATA_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return metadata;
  });

  // A token verifies here until its session's maximum age, past its own
  // expiry: a client that revokes an expired token still ends its session.
  const keys = createLocalJWKSet({ keys: [signingKey.publicJwk] });
  const sessionOf = async (token: string): Promise<string | undefined> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: [SIGNING_ALG],
        clockTolerance: sessionMaxAgeHours * 3600,
      });
      return typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : undefined;
    } catch {
      return undefined;
    }
  };

  const revokeLimiter = createAttemptLimiter(app, {
    name: 'revoke',
    perAddressPerMinute: config.identity.loginRateLimitPerMinute * 6,
  });

  app.post(REVOKE_PATH, { schema: { body: ZRevokeForm, hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const attempt = await revokeLimiter.admit(request);
    if (!attempt) return reply.status(429).send({ error: 'slow_down' });
    await attempt.done();
    const form = request.body;
    // A public client names itself; another client's name is refused (RFC 6749 §5.2).
    if (form.client_id !== undefined && form.client_id !== clientId) {
      return reply.status(400).send({ error: 'invalid_client' });
    }
    if (!form.token) return reply.status(400).send({ error: 'invalid_request' });
    // Every token here is an access token; the hint (RFC 7009 §2.1) changes nothing.
    const sid = await sessionOf(form.token);
    if (sid !== undefined) await endSession(db, sid);
    return reply.status(200).send();
  });
};
