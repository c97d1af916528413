/** The caller behind a verified token: a person as stored in the database, or an integrator token. */
import type { FastifyRequest } from 'fastify';
import { claimsOf } from './authenticate.js';
import { forbidden } from '../errors.js';
import {
  campaignAccessOf,
  requireCampaignAccess,
  requireFound,
  requireMerchantAccess,
  type AccessNeed,
  type Caller,
  type CampaignAccess,
  type MerchantAccess,
} from '../access/merchant-access.js';

/**
 * The caller the token speaks for, found by the bearer-token check (by
 * session, by an external provider's issuer and subject, or an integrator
 * token's caller). A user of an external provider is bound by POST
 * /init-user on the first visit; every other endpoint refuses a valid token
 * of a user that has not been bound.
 */
export async function currentUser(request: FastifyRequest): Promise<Caller> {
  if (request.user?.token) return request.user;
  claimsOf(request);
  if (!request.user) throw forbidden();
  return request.user;
}

/**
 * The caller, who must be a person: what is about a person (their password,
 * sessions, second factor, mail settings, merchant list, new merchants)
 * refuses an integrator token with 403 (docs/decisions/043-integrator-tokens.md).
 */
export async function currentPerson(request: FastifyRequest): Promise<Caller> {
  const user = await currentUser(request);
  if (user.token) throw forbidden();
  return user;
}

/**
 * The current user and their access to a merchant, checked against what the
 * action needs. A merchant the user may not act for answers 404, a missing
 * role or level 403.
 */
export async function currentUserWithMerchantAccess(
  request: FastifyRequest,
  merchantId: string,
  need: AccessNeed,
): Promise<{ user: Caller; access: MerchantAccess }> {
  const user = await currentUser(request);
  // Read with the session check when the route names its merchant (merchantAccessFrom).
  const known = request.sessionMerchantAccess;
  const access =
    known && known.merchantId === merchantId.toLowerCase() && !user.token
      ? requireFound(known.access, need)
      : await requireMerchantAccess(request.server.ctx.db, user, { merchantId, ...need });
  return { user, access };
}

/**
 * The current user and their access to a campaign (the access resolver's
 * requireCampaignAccess): 404 for a campaign of a merchant the user may not
 * act for, 403 without what managing its type needs. Read with the session
 * check when the route names its campaign (campaignAccessFrom).
 */
export async function currentUserWithCampaignAccess(
  request: FastifyRequest,
  campaignId: string,
): Promise<{ user: Caller; access: CampaignAccess }> {
  const user = await currentUser(request);
  const known = request.sessionCampaignAccess;
  const access =
    known && known.campaignId === campaignId.toLowerCase() && !user.token
      ? campaignAccessOf(user, known.found)
      : await requireCampaignAccess(request.server.ctx.db, user, campaignId);
  return { user, access };
}
