/** Admin-only actions (spec §6): everyone else gets 403. */
import { isAdmin } from '@backoffice/domain';
import { forbidden } from '../errors.js';
import type { UserRow } from './merchant-access.js';

export function requireAdmin(user: UserRow): void {
  if (!isAdmin(user)) throw forbidden();
}
