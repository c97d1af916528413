/**
 * The first admin of an installation (and any later one): the person with
 * the address becomes an admin, created when new, with the password given.
 * Outside demo mode an installation starts without accounts, and every other
 * account is added or invited by someone who has one; this is where the
 * first comes from (`npm run create-admin`, cli.ts).
 */
import { isValidEmail } from '@backoffice/domain';
import { eq } from 'drizzle-orm';
import { normaliseEmail } from '../access/users.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { passwordProblem, type PasswordProblem } from '../identity/password-policy.js';
import { hashPassword } from '../identity/passwords.js';

export type CreateAdminResult =
  | { kind: 'created' | 'promoted'; email: string }
  | { kind: 'invalid_email' }
  | { kind: 'external_user' }
  | { kind: 'weak_password'; problem: PasswordProblem };

export async function createAdmin(
  db: Db,
  address: string,
  password: string,
): Promise<CreateAdminResult> {
  const email = normaliseEmail(address);
  if (!isValidEmail(email)) return { kind: 'invalid_email' };
  const problem = await passwordProblem(password, email);
  if (problem) return { kind: 'weak_password', problem };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (existing?.externalIssuer) return { kind: 'external_user' } as const;
    if (existing) {
      await tx.update(users).set({ level: 'admin', passwordHash }).where(eq(users.id, existing.id));
      return { kind: 'promoted', email } as const;
    }
    await tx.insert(users).values({ email, passwordHash, level: 'admin' });
    return { kind: 'created', email } as const;
  });
}
