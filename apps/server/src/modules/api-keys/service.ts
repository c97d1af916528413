/**
 * The consumer app's API keys, for admins: listed without their secrets,
 * created with the secret in that one answer (only its hash is stored),
 * revoked at once for every server process.
 */
import type { TApiKey, TApiKeyCreated, TApiKeyList } from '@backoffice/domain';
import { requireAdmin } from '../../platform/access/admin.js';
import { newApiKeySecret } from '../../platform/access/api-keys.js';
import type { UserRow } from '../../platform/users/users.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { insertKey, listKeys, revokeKey, type KeyRow } from './queries.js';

const toApiKey = (key: KeyRow, createdBy: string | null): TApiKey => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  created: key.createdAt.toISOString(),
  created_by: createdBy,
  last_used: key.lastUsedAt?.toISOString() ?? null,
  revoked: key.revokedAt?.toISOString() ?? null,
});

async function apiKeyList(db: DbOrTx, user: UserRow): Promise<TApiKeyList> {
  requireAdmin(user);
  const rows = await listKeys(db);
  return { keys: rows.map((row) => toApiKey(row.key, row.email)) };
}

async function createApiKey(db: DbOrTx, user: UserRow, name: string): Promise<TApiKeyCreated> {
  requireAdmin(user);
  const { secret, keyHash, prefix } = newApiKeySecret();
  const key = await insertKey(db, { name, keyHash, prefix, createdBy: user.id });
  return { key: toApiKey(key, user.email), secret };
}

async function revokeApiKey(db: DbOrTx, user: UserRow, id: string): Promise<TApiKey> {
  requireAdmin(user);
  const key = await revokeKey(db, id);
  if (!key) throw notFound();
  return toApiKey(key, null);
}

/** The API keys' use cases, as the routes call them (built once in services.ts). */
export function createApiKeyService(db: Db) {
  return {
    list: (user: UserRow) => apiKeyList(db, user),
    create: (user: UserRow, name: string) => createApiKey(db, user, name),
    revoke: (user: UserRow, id: string) => revokeApiKey(db, user, id),
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
