/**
 * The first admin of an installation (and any later one): the person with
 * the address becomes an admin, created when new, with the password given.
 * Outside demo mode an installation starts without accounts, and every other
 * account is added or invited by someone who has one; this is where the
 * first comes from (`npm run create-admin`, cli.ts).
 *
 * For a person who exists, the new password and level end every session
 * they had (a token from before would otherwise go on, now with an admin's
 * rights), and their open invitations are taken back (a link from an
 * invitation mail would otherwise set another password later).
 */
import { isUnambiguousEmail, isValidEmail } from '@backoffice/domain';
import { eq, sql } from 'drizzle-orm';
import { normaliseEmail } from '../../platform/users/users.js';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { passwordProblem, type PasswordProblem } from '../../platform/identity/password-policy.js';
import { hashPassword } from '../../platform/identity/passwords.js';
import { endSessionsOf } from '../../platform/identity/sessions.js';
import { lockInvitationAddress, revokeOpenInvitationsOf } from '../../modules/accounts/index.js';

export type CreateAdminResult =
  | { kind: 'created'; email: string }
  | { kind: 'promoted'; email: string; invitationsRevoked: number }
  | { kind: 'invalid_email' }
  | { kind: 'external_user' }
  | { kind: 'weak_password'; problem: PasswordProblem };

export async function createAdmin(
  db: Db,
  address: string,
  password: string,
): Promise<CreateAdminResult> {
  const email = normaliseEmail(address);
  // The rules an invitation's address passes (ZAccountEmail): no look-alike, no empty domain label.
  if (!isValidEmail(email) || !isUnambiguousEmail(email)) return { kind: 'invalid_email' };
  const problem = await passwordProblem(password, email);
  if (problem) return { kind: 'weak_password', problem };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // The address's lock, as an invitation takes it: no invitation of this
    // person is made between the look-up below and the commit.
    await lockInvitationAddress(tx, email);
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (existing?.externalIssuer) return { kind: 'external_user' } as const;
    if (existing) {
      await tx
        .update(users)
        .set({ level: 'admin', passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, existing.id));
      const invitationsRevoked = await revokeOpenInvitationsOf(tx, existing.id);
      await endSessionsOf(tx, existing.id);
      return { kind: 'promoted', email, invitationsRevoked } as const;
    }
    await tx.insert(users).values({ email, passwordHash, level: 'admin' });
    return { kind: 'created', email } as const;
  });
}
