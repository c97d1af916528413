/** The user behind a verified token, as stored in the database. */
import type { FastifyRequest } from 'fastify';
import { claimsOf } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { findUserByEmail, type UserRow } from './queries.js';

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
