/**
 * API keys of the consumer app: the key's secret (what a request presents in
 * X-Api-Key) with the row that stores its hash.
 */
import type { DbOrTx } from '../../src/platform/db/client.js';
import { apiKeys } from '../../src/platform/db/schema.js';
import { newApiKeySecret } from '../../src/platform/access/api-keys.js';

export interface ApiKeyOptions {
  name?: string;
  createdBy?: string | null;
  /** A key revoked before the test starts. */
  revoked?: boolean;
}

export interface CreatedApiKey {
  id: string;
  name: string;
  /** The key itself, shown once when it is made. */
  secret: string;
  prefix: string;
}

/** Inserts an API key; its secret. */
export async function createApiKey(
  db: DbOrTx,
  options: ApiKeyOptions = {},
): Promise<CreatedApiKey> {
  const { secret, keyHash, prefix } = newApiKeySecret();
  const name = options.name ?? 'Consumer app';
  const [row] = await db
    .insert(apiKeys)
    .values({
      name,
      keyHash,
      prefix,
      createdBy: options.createdBy ?? null,
      revokedAt: options.revoked ? new Date() : null,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('the API key was not inserted');
  return { id: row.id, name, secret, prefix };
}
