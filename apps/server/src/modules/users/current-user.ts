/** The user behind a verified token, as stored in the database. */
import type { FastifyRequest } from 'fastify';
import { claimsOf } from '../../http/authenticate.js';
import { forbidden, notFound } from '../../http/errors.js';
import {
  checkNeed,
  findUserWithMerchantAccess,
  type AccessNeed,
  type MerchantAccess,
} from '../../access/merchant-access.js';
import { findUserByEmail, normaliseEmail, type UserRow } from './queries.js';

/**
 * Users are created by POST /init-user on their first visit; every other
 * endpoint refuses a valid token of a user that has not been initialised.
 */
export async function currentUser(request: FastifyRequest): Promise<UserRow> {
  const claims = claimsOf(request);
  const user = await findUserByEmail(request.server.ctx.db, claims.email);
  if (!user) throw forbidden();
  return user;
}

/**
 * The current user and their access to a merchant, in one query, checked
 * against what the action needs. A merchant the user may not act for answers
 * 404, a missing role or level 403.
 */
export async function currentUserWithMerchantAccess(
  request: FastifyRequest,
  merchantId: string,
  need: AccessNeed,
): Promise<{ user: UserRow; access: MerchantAccess }> {
  const claims = claimsOf(request);
  const found = await findUserWithMerchantAccess(
    request.server.ctx.db,
    normaliseEmail(claims.email),
    merchantId,
  );
  if (!found) throw forbidden();
  if (!found.access) throw notFound();
  checkNeed(found.access, need);
  return { user: found.user, access: found.access };
}
