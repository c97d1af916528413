/**
 * Reads the claims of a JWT without verifying it: the browser only needs the
 * lifetime to plan the refresh; the server verifies every token it receives.
 */
export function base64UrlDecode(input: string): string {
  const base64 = input.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The payload of a JWT, or undefined when the token is not a readable JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return undefined;
  try {
    const value: unknown = JSON.parse(base64UrlDecode(payload));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const numericClaim = (payload: Record<string, unknown> | undefined, name: string) => {
  const value = payload?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/**
 * The expiry of a JWT in epoch milliseconds, from its exp claim (seconds).
 * It is the issuer's clock: compared with the browser's it is off by their
 * difference (see `jwtLifetimeSeconds`).
 */
export function jwtExpiresAt(token: string): number | undefined {
  const exp = numericClaim(decodeJwtPayload(token), 'exp');
  return exp === undefined ? undefined : exp * 1000;
}

/**
 * How long a JWT lasts from its issue, exp − iat in seconds (both the
 * issuer's clock, so the difference holds on any clock); undefined when a
 * claim is missing. Zero or less for a token that was dead when issued.
 */
export function jwtLifetimeSeconds(token: string): number | undefined {
  const payload = decodeJwtPayload(token);
  const exp = numericClaim(payload, 'exp');
  const iat = numericClaim(payload, 'iat');
  return exp === undefined || iat === undefined ? undefined : exp - iat;
}

/** The subject (the user) a JWT was issued to, from its sub claim. */
export function jwtSubject(token: string): string | undefined {
  const sub = decodeJwtPayload(token)?.['sub'];
  return typeof sub === 'string' ? sub : undefined;
}
