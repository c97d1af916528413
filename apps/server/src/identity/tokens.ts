/**
 * Access tokens: signed by the built-in provider, verified by the merchant API
 * either against the built-in key or against an external provider's JWKS.
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
  iss: string;
  exp: number;
}

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

export interface TokenIssuer {
  issue(user: { id: string; email: string; locale: string }): Promise<IssuedToken>;
}

export function createTokenIssuer(
  key: SigningKey,
  options: { issuer: string; audience: string; ttlSeconds: number },
): TokenIssuer {
  return {
    async issue(user) {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ email: user.email, locale: user.locale, scope: 'base' })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
        .setSubject(user.id)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + options.ttlSeconds)
        .sign(key.privateKey);
      return { token, expiresIn: options.ttlSeconds };
    },
  };
}

export interface TokenVerifier {
  /** The token's claims, or null when it is missing, malformed, expired, forged or not for us. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

/** Verified tokens kept so that a client's next calls skip the signature check. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  /** The built-in provider's key; used unless jwksUrl names an external provider. */
  localKey: SigningKey;
  jwksUrl: string | undefined;
}): TokenVerifier {
  const keys: JWTVerifyGetKey = options.jwksUrl
    ? createRemoteJWKSet(new URL(options.jwksUrl))
    : createLocalJWKSet({ keys: [options.localKey.publicJwk] });
  // Signature checks cost about half a millisecond; a token that verified once
  // stays valid until it expires, so its claims are kept until then.
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
          issuer: options.issuer,
          audience: options.audience,
          algorithms: [SIGNING_ALG, 'RS256', 'PS256', 'EdDSA'],
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.email !== 'string' || typeof payload.sub !== 'string') return null;
        const claims = {
          sub: payload.sub,
          email: payload.email.toLowerCase(),
          iss: payload.iss ?? options.issuer,
          exp: payload.exp ?? 0,
        };
        remember(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
