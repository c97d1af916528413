/**
 * A merchant's tokens for integrators ("API-Zugänge", docs/product.md#tokens-for-integrators):
 * listed, made and revoked by the callers who manage the merchant's accounts
 * (role manage-accounts: its managers, linked agencies, admins). A token
 * carries only roles its maker holds for the merchant; tokens manage no
 * tokens. The secret is in the answer that made it only.
 */
import {
  API_TOKENS_MAX,
  type AccountRole,
  type ApiTokenAccess,
  type TApiToken,
  type TApiTokenCreated,
  type TApiTokenList,
} from '@backoffice/domain';
import { newApiTokenSecret } from '../../platform/access/api-tokens.js';
import {
  requireMerchantAccess,
  tokenGrantOf,
  type Caller,
  type MerchantAccess,
} from '../../platform/access/merchant-access.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import {
  countLiveTokens,
  findToken,
  insertToken,
  listTokens,
  lockMerchantTokens,
  revokeToken,
  type ApiTokenWithCreator,
} from './queries.js';

export interface ApiTokenServiceDeps {
  db: Db;
}

/** What a new token is given (the body as the schema gives it). */
export interface ApiTokenFields {
  name: string;
  roles: AccountRole[];
  access: ApiTokenAccess;
  expiresAt?: string | null | undefined;
}

const toApiToken = (row: ApiTokenWithCreator): TApiToken => ({
  id: row.id,
  name: row.name,
  roles: row.roles,
  access: row.access,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdBy:
    row.createdBy !== null && row.creatorEmail !== null
      ? { id: row.createdBy, email: row.creatorEmail }
      : null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Access to manage the merchant's tokens: a person (403 for a token) with manage-accounts. */
function requireTokenManager(
  db: DbOrTx,
  caller: Caller,
  merchantId: string,
): Promise<MerchantAccess> {
  if (tokenGrantOf(caller)) throw forbidden();
  return requireMerchantAccess(db, caller, { merchantId, role: 'manage-accounts' });
}

export function createApiTokenService({ db }: ApiTokenServiceDeps) {
  return {
    async list(caller: Caller, merchantId: string): Promise<TApiTokenList> {
      await requireTokenManager(db, caller, merchantId);
      return { items: (await listTokens(db, merchantId)).map(toApiToken) };
    },

    async create(
      caller: Caller,
      merchantId: string,
      fields: ApiTokenFields,
    ): Promise<TApiTokenCreated> {
      const access = await requireTokenManager(db, caller, merchantId);
      // A token carries no role its maker does not hold for the merchant.
      if (fields.roles.some((role) => !access.roles.includes(role))) throw forbidden();
      const { secret, tokenHash, prefix } = newApiTokenSecret();
      const id = await db.transaction(async (tx) => {
        await lockMerchantTokens(tx, merchantId);
        if ((await countLiveTokens(tx, merchantId)) >= API_TOKENS_MAX) {
          throw new AppError(409, 'api_token_limit_reached');
        }
        const row = await insertToken(tx, {
          merchantId,
          name: fields.name,
          roles: fields.roles,
          access: fields.access,
          tokenHash,
          prefix,
          createdBy: caller.id,
          expiresAt: fields.expiresAt ? new Date(fields.expiresAt) : null,
        });
        return row.id;
      });
      const created = await findToken(db, id);
      if (!created) throw notFound();
      return { token: toApiToken(created), secret };
    },

    /** Revokes a token at once, on every server process (each request looks its token up). */
    async revoke(caller: Caller, id: string): Promise<void> {
      if (tokenGrantOf(caller)) throw forbidden();
      const token = await findToken(db, id);
      if (!token) throw notFound();
      await requireTokenManager(db, caller, token.merchantId);
      await revokeToken(db, id);
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
