/**
 * Signed deliveries in the Standard Webhooks format (standardwebhooks.com):
 * the headers `webhook-id` (the message id, the same on every attempt),
 * `webhook-timestamp` (seconds, this attempt) and `webhook-signature`
 * (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the
 * endpoint's secret). Receivers verify with any Standard Webhooks library.
 * The secret is kept encrypted at rest with the server's secrets key
 * (identity/totp.ts) and shown to people once.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { decryptSecret, encryptSecret } from '../../platform/identity/totp.js';

/** A new signing secret: `whsec_` and 24 random bytes in base64, as Standard Webhooks writes them. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** The secret as stored, and back (undefined when the server's key changed since). */
export const sealSecret = (key: Buffer, secret: string): string => encryptSecret(key, secret);
export const openSecret = (key: Buffer, stored: string): string | undefined =>
  decryptSecret(key, stored);

/** The headers of one attempt at a message. */
export function signedHeaders(
  secret: string,
  message: { id: string; body: string },
  at: Date,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(message.id, at, message.body),
  };
}
