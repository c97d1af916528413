/** The web app's session: the bootstrap after sign-in, a merchant check, logout. */
import {
  merchantSearchType,
  type TInitUserResponse,
  type TLinkedWithAccountResponse,
} from '@backoffice/domain';
import { findMerchantAccess } from '../../platform/access/merchant-access.js';
import { listMerchantsForUser, merchantSummary } from '../../platform/access/merchant-list.js';
import { bindExternalUser, type UserRow } from '../../platform/users/users.js';
import type { Db } from '../../platform/db/client.js';
import type { AccessTokenClaims } from '../../platform/identity/tokens.js';
import { endSession } from '../../platform/identity/sessions.js';

/**
 * The user and the first page of their merchants; a user of an external
 * provider is bound (by a verified email) on the first visit.
 */
async function initUser(
  db: Db,
  known: UserRow | null | undefined,
  claims: AccessTokenClaims,
): Promise<TInitUserResponse> {
  const user = known ?? (await bindExternalUser(db, claims));
  const firstPage = await listMerchantsForUser(db, user, { page: 1 });
  return {
    user: {
      email: user.email,
      locale: user.locale,
      level: user.level,
      token: { sub: claims.sub, iss: claims.iss, exp: claims.exp },
    },
    merchantinfo: {
      searchtype: merchantSearchType(firstPage.total),
      merchants: firstPage.rows,
      total: firstPage.total,
    },
  };
}

async function linkedWithAccount(
  db: Db,
  user: UserRow,
  merchantId: string,
): Promise<TLinkedWithAccountResponse> {
  const access = await findMerchantAccess(db, user, merchantId);
  return access
    ? { allowed: true, merchant: merchantSummary(access.merchant, access.roles) }
    : { allowed: false };
}

/** Ends the session a token belongs to; tokens of an external provider have none. */
async function logout(db: Db, sid: string | undefined): Promise<{ ended: boolean }> {
  if (sid === undefined) return { ended: false };
  await endSession(db, sid);
  return { ended: true };
}

/** The web app's session calls, as the routes call them (built once in services.ts). */
export function createCurrentUserSessionService(db: Db) {
  return {
    initUser: (known: UserRow | null | undefined, claims: AccessTokenClaims) =>
      initUser(db, known, claims),
    linkedWithAccount: (user: UserRow, merchantId: string) =>
      linkedWithAccount(db, user, merchantId),
    logout: (sid: string | undefined) => logout(db, sid),
  };
}

export type CurrentUserSessionService = ReturnType<typeof createCurrentUserSessionService>;
