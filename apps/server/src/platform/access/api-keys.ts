/**
 * The second kind of caller: the consumer app, which sends participation data
 * with an API key (header `x-api-key`, or `Authorization: ApiKey <key>`).
 * Keys are stored as SHA-256 hashes; a revoked or unknown key answers 401.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { apiKeys } from '../db/schema.js';
import { unauthorized } from '../errors.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const KEY_PREFIX = 'cbk_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;

export const hashApiKey = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/** A new secret (shown once) with what is stored of it. */
export function newApiKeySecret(): { secret: string; keyHash: string; prefix: string } {
  const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, keyHash: hashApiKey(secret), prefix: secret.slice(0, SHOWN_PREFIX_LENGTH) };
}

/** Requests whose route takes an API key instead of a token (requireApiKey marks them). */
const apiKeyRequests = new WeakSet<FastifyRequest>();

/** Marks the request as one of a route that takes an API key: its 401 asks for one. */
export function expectApiKey(request: FastifyRequest): void {
  apiKeyRequests.add(request);
}

/** Whether the request's route takes an API key (identity/authenticate.ts words its 401 so). */
export const expectsApiKey = (request: FastifyRequest): boolean => apiKeyRequests.has(request);

function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  const match = /^ApiKey\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  return match?.[1];
}

/** The live key the request presents, or 401. Marks when it was last used (at most once a minute). */
export async function requireApiKey(db: DbOrTx, request: FastifyRequest): Promise<ApiKeyRow> {
  expectApiKey(request);
  const secret = presentedKey(request);
  if (!secret || secret.length > 200) throw unauthorized();
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(secret)), isNull(apiKeys.revokedAt)));
  if (!key) throw unauthorized();
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, key.id));
  }
  return key;
}
