/**
 * Bearer-token authentication of the merchant API: every request in its scope
 * carries a valid token (signature, issuer, audience, expiry), or gets 401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokenClaims } from '../identity/tokens.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    claims: AccessTokenClaims | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header.trim());
  return match?.[1];
}

/** Adds the token check to every route of the given (encapsulated) scope. */
export function requireBearerToken(app: FastifyInstance): void {
  app.decorateRequest('claims', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const claims = token ? await app.ctx.tokenVerifier.verify(token) : null;
    if (!claims) throw unauthorized();
    request.claims = claims;
  });
}

/** The verified claims of the request; only valid inside a requireBearerToken scope. */
export function claimsOf(request: FastifyRequest): AccessTokenClaims {
  if (!request.claims) throw unauthorized();
  return request.claims;
}
