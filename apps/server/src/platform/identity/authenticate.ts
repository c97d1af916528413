/**
 * Bearer-token authentication of the merchant API: every request in its scope
 * carries a valid token (signature, issuer, audience, expiry) of a live
 * session, or gets 401. The same lookup finds the user the token speaks for:
 * by session for the built-in provider's tokens, by issuer and subject for an
 * external provider's (never by the email a token claims). An integrator
 * token (`cbt_…`, access/api-tokens.ts) is looked up by its hash instead and
 * becomes the request's caller; a read token is refused (403) anything but
 * GET and HEAD.
 *
 * Every 401 of the API, wherever it is made, says how to authenticate
 * (RFC 6750 section 3, one onSend hook): `Bearer realm="…"` when no token was sent,
 * with `error="invalid_token"` when one was sent but is invalid, expired or
 * its session has ended; the consumer app's routes ask for their API key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import {
  findSessionUser,
  findSessionUserWithCampaignAccess,
  findSessionUserWithMerchantAccess,
} from './sessions.js';
import type { AccessTokenClaims, TokenVerifier } from './tokens.js';
import { findUserByExternalIdentity, type UserRow } from '../users/users.js';
import { expectsApiKey } from '../access/api-keys.js';
import { findTokenCaller, isApiTokenSecret, tokenAllowsMethod } from '../access/api-tokens.js';
import type { Caller, CampaignAccessRow, MerchantAccess } from '../access/merchant-access.js';
import { forbidden, unauthorized } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A session token's claims; null for an integrator token (which has none). */
    claims: AccessTokenClaims | null;
    /**
     * The caller: the token's user, or an integrator token's caller; null for
     * an external provider's user that POST /init-user has not bound yet.
     */
    user: Caller | null;
    /**
     * The caller's access to the route's merchant (FastifyContextConfig
     * `merchantAccessFrom`), read with the session check in one statement;
     * currentUserWithMerchantAccess takes it instead of asking again.
     */
    sessionMerchantAccess: { merchantId: string; access: MerchantAccess | undefined } | null;
    /**
     * What the caller's access to the route's campaign (`campaignAccessFrom`)
     * is decided from, read with the session check in one statement;
     * currentUserWithCampaignAccess takes it instead of asking again.
     */
    sessionCampaignAccess: { campaignId: string; found: CampaignAccessRow } | null;
  }
  interface FastifyContextConfig {
    /**
     * Where a merchant-scoped route names its merchant (a path or query
     * parameter): the session check reads the caller's access to it in the
     * same statement. The handler still asks currentUserWithMerchantAccess.
     */
    merchantAccessFrom?: RouteValue;
    /** Where a campaign's route names its campaign: its access is read with the session check too. */
    campaignAccessFrom?: RouteValue;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(header.trim());
  return match?.[1];
}

/** What authentication needs of the application's context (AppContext). */
export interface AuthenticationContext {
  db: Db;
  tokenVerifier: TokenVerifier;
}

export interface Authenticated {
  claims: AccessTokenClaims;
  user: UserRow | null;
}

/**
 * The request's verified token and its user, or undefined when the token is
 * missing or invalid or its session has ended (logout) or passed its maximum age.
 */
export async function authenticate(
  ctx: AuthenticationContext,
  request: FastifyRequest,
): Promise<Authenticated | undefined> {
  const token = bearerToken(request);
  const claims = token ? await ctx.tokenVerifier.verify(token) : null;
  if (!claims) return undefined;
  if (claims.sid !== undefined) {
    // Checked on every request, never cached: logout must take effect at once.
    const session = { sid: claims.sid, userId: claims.sub };
    const campaignId = routeId(request, request.routeOptions.config.campaignAccessFrom);
    if (campaignId !== undefined) {
      const found = await findSessionUserWithCampaignAccess(ctx.db, { ...session, campaignId });
      if (!found) return undefined;
      request.sessionCampaignAccess = { campaignId, found: found.found };
      return { claims, user: found.user };
    }
    const merchantId = routeId(request, request.routeOptions.config.merchantAccessFrom);
    if (merchantId !== undefined) {
      const found = await findSessionUserWithMerchantAccess(ctx.db, { ...session, merchantId });
      if (!found) return undefined;
      request.sessionMerchantAccess = { merchantId, access: found.access };
      return { claims, user: found.user };
    }
    const user = await findSessionUser(ctx.db, session);
    return user ? { claims, user } : undefined;
  }
  const user = await findUserByExternalIdentity(ctx.db, { iss: claims.iss, sub: claims.sub });
  return { claims, user: user ?? null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path or query parameter of a route. */
type RouteValue = { params: string } | { query: string };

/**
 * The id the route names where `from` says (its `merchantAccessFrom` or
 * `campaignAccessFrom`), as sent: only a well-formed id, so that a malformed
 * one reaches the route's validation.
 */
function routeId(request: FastifyRequest, from: RouteValue | undefined): string | undefined {
  if (!from) return undefined;
  const values = ('params' in from ? request.params : request.query) as
    Record<string, unknown> | undefined;
  const value = values?.['params' in from ? from.params : from.query];
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/** The WWW-Authenticate challenge for a refused request of the API. */
export function challengeFor(request: FastifyRequest, realm: string): string {
  if (expectsApiKey(request)) return `ApiKey realm=${quoted(realm)}`;
  const sent = /^\s*Bearer(\s|$)/i.test(request.headers.authorization ?? '');
  return sent
    ? `Bearer realm=${quoted(realm)}, error="invalid_token", error_description="The access token is invalid, expired or its session has ended"`
    : `Bearer realm=${quoted(realm)}`;
}

/** Gives every 401 under /api/ its WWW-Authenticate challenge (registered on the root instance). */
export function registerAuthChallenge(app: FastifyInstance, realm: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      reply.statusCode === 401 &&
      request.url.startsWith('/api/') &&
      !reply.hasHeader('www-authenticate')
    ) {
      reply.header('www-authenticate', challengeFor(request, realm));
    }
    return payload;
  });
}

/** Adds the token check to every route of the given (encapsulated) scope. */
export function requireBearerToken(app: FastifyInstance): void {
  app.decorateRequest('claims', null);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionMerchantAccess', null);
  app.decorateRequest('sessionCampaignAccess', null);
  // A signed-in user's answers (one of them a fresh access token) are kept by no cache.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', async (request, reply) => {
    const secret = bearerToken(request);
    if (secret !== undefined && isApiTokenSecret(secret)) {
      // Checked on every request, never cached: a revocation holds at once on every process.
      const caller = await findTokenCaller(app.ctx.db, secret);
      if (!caller?.token) throw unauthorized();
      // The request's log lines name the token, apart from what its creator does in person.
      request.log = request.log.child({ apiTokenId: caller.token.id });
      reply.log = request.log;
      if (!tokenAllowsMethod(caller.token.access, request.method)) throw forbidden();
      request.user = caller;
      return;
    }
    const found = await authenticate(app.ctx, request);
    if (!found) throw unauthorized();
    request.claims = found.claims;
    request.user = found.user;
  });
}

/**
 * The verified claims of the request; only valid inside a requireBearerToken
 * scope. An integrator token has none: what needs a person's session (its
 * sessions, its logout, init-user) refuses it with 403.
 */
export function claimsOf(request: FastifyRequest): AccessTokenClaims {
  if (!request.claims) throw request.user?.token ? forbidden() : unauthorized();
  return request.claims;
}
