/**
 * Access tokens: signed by the built-in provider, verified by the merchant API
 * either against the built-in key or against an external provider's JWKS.
 * Tokens of the built-in provider carry their session's id (`sid`), which the
 * API checks on every request (identity/sessions.ts); an external provider's
 * tokens carry its own identity of the user (issuer and subject).
 */
import {
  SignJWT,
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWTVerifyGetKey,
} from 'jose';
import { SIGNING_ALG, type SigningKey } from './keys.js';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  /** The provider vouches that the address belongs to the subject (OIDC `email_verified`). */
  emailVerified: boolean;
  iss: string;
  exp: number;
  /** Session id: tokens of the built-in provider; undefined for an external provider's. */
  sid: string | undefined;
}

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

export interface TokenIssuer {
  /** A token for the user within the session; it never outlives the session. */
  issue(
    user: { id: string; email: string; locale: string },
    session: { id: string; expiresAt: Date },
  ): Promise<IssuedToken>;
}

export function createTokenIssuer(
  key: SigningKey,
  options: { issuer: string; audience: string; ttlSeconds: number },
): TokenIssuer {
  return {
    async issue(user, session) {
      const now = Math.floor(Date.now() / 1000);
      const sessionEnd = Math.floor(session.expiresAt.getTime() / 1000);
      const exp = Math.min(now + options.ttlSeconds, sessionEnd);
      const token = await new SignJWT({
        email: user.email,
        email_verified: true,
        locale: user.locale,
        scope: 'base',
        sid: session.id,
      })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
        .setSubject(user.id)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key.privateKey);
      return { token, expiresIn: Math.max(0, exp - now) };
    },
  };
}

export interface TokenVerifier {
  /**
   * The token's claims, or null when it is missing, malformed, expired, forged
   * or not for us. Whether its session still lasts is the caller's check
   * (it changes on logout, so it is never cached here).
   */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

/** Verified tokens kept so that a client's next calls skip the signature check. */
const VERIFIED_CACHE_SIZE = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The issuer an external provider's tokens may name: as configured, and with
 * or without a final slash (Auth0's issuer ends with one, Keycloak's and
 * Entra ID's do not, and the setting is easily written either way).
 */
export function externalIssuers(issuer: string): string[] {
  const bare = issuer.replace(/\/+$/, '');
  return [...new Set([issuer, bare, `${bare}/`])];
}

export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  /** The built-in provider's key; used unless jwksUrl names an external provider. */
  localKey: SigningKey;
  jwksUrl: string | undefined;
  /** The external provider's claim that says, with `true`, that the email is verified. */
  emailVerifiedClaim?: string;
}): TokenVerifier {
  const external = options.jwksUrl !== undefined;
  const verifiedClaim = external
    ? (options.emailVerifiedClaim ?? 'email_verified')
    : 'email_verified';
  const keys: JWTVerifyGetKey = options.jwksUrl
    ? createRemoteJWKSet(new URL(options.jwksUrl))
    : createLocalJWKSet({ keys: [options.localKey.publicJwk] });
  // Signature checks cost about half a millisecond; a token that verified once
  // keeps its signature until it expires, so its claims are kept until then.
  const verified = new Map<string, AccessTokenClaims>();
  const remember = (token: string, claims: AccessTokenClaims) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, claims);
  };
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Date.now() / 1000) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: external ? externalIssuers(options.issuer) : options.issuer,
          audience: options.audience,
          algorithms: [SIGNING_ALG, 'RS256', 'PS256', 'EdDSA'],
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.email !== 'string' || typeof payload.sub !== 'string') return null;
        // Our own tokens are only good with a session (the user's id and the
        // session's); a token without one, from before sessions existed, is refused.
        const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
        if (!external && !(sid !== undefined && UUID.test(sid) && UUID.test(payload.sub))) {
          return null;
        }
        const claims: AccessTokenClaims = {
          sub: payload.sub,
          email: payload.email,
          emailVerified: payload[verifiedClaim] === true,
          iss: payload.iss ?? options.issuer,
          exp: payload.exp ?? 0,
          sid: external ? undefined : sid,
        };
        remember(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
