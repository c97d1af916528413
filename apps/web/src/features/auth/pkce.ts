/** PKCE (RFC 7636, S256) and the random OAuth state. */
import { base64UrlEncode } from './jwt';

export function randomToken(byteLength = 32): string {
  const bytes = new Uint8Array(byteLength);
  crypto.getRandomValues(bytes);
  return base64UrlEncode(bytes);
}

/** A code verifier: 43 characters of base64url from 32 random bytes. */
export function createCodeVerifier(): string {
  return randomToken(32);
}

/** Web Crypto's digests: typed as always there, yet missing outside a secure context. */
const subtleCrypto = (): SubtleCrypto | undefined => crypto.subtle;

/** BASE64URL(SHA256(verifier)); needs a secure context (https or localhost). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const subtle = subtleCrypto();
  if (!subtle) throw new Error('Web Crypto is not available (insecure context)');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
