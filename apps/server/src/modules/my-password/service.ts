/**
 * The caller changes their own password at the built-in provider: the
 * current one must be right, the new one pass the password policy; then
 * every other session of the account ends (the one of the change stays),
 * open reset links are voided, and the change is recorded and mailed
 * (recordSecurityEvent). Accounts of an external provider, and accounts
 * without a password here, cannot.
 */
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { TMyPasswordChanged, TMyPasswordState } from '@backoffice/domain';
import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/users/users.js';
import { sessions, users } from '../../platform/db/schema.js';
import { badRequest, invalidFields, type FieldError } from '../../platform/errors.js';
import type { Device } from '../../platform/identity/devices.js';
import { passwordProblem, type PasswordProblem } from '../../platform/identity/password-policy.js';
import { voidResetLinks } from '../password-reset/index.js';
import { hashPassword, verifyPassword } from '../../platform/identity/passwords.js';
import {
  recordSecurityEvent,
  type SecurityEventContext,
} from '../../platform/identity/security-events.js';
import { endSessionsOf } from '../../platform/identity/sessions.js';

/**
 * What the my-password module uses of the application (built in services.ts):
 * the database, and the outbox and configuration of the security mail.
 */
export interface MyPasswordDeps extends SecurityEventContext {
  db: Db;
}

/** Whether the user has a password at the built-in provider (and this server runs it). */
export function passwordChangeable(deps: Pick<MyPasswordDeps, 'config'>, user: UserRow): boolean {
  return (
    !deps.config.identity.jwksUrl && user.passwordHash !== null && user.externalIssuer === null
  );
}

export const myPasswordState = (
  deps: Pick<MyPasswordDeps, 'config'>,
  user: UserRow,
): TMyPasswordState => ({
  changeable: passwordChangeable(deps, user),
});

const POLICY_KEYS = {
  too_short: 'password_too_short',
  contains_email: 'password_contains_email',
  too_common: 'password_too_common',
} as const satisfies Record<PasswordProblem, string>;

export interface PasswordChange {
  current: string;
  next: string;
  repeat: string;
}

/** The session of the change (it stays; undefined for an external provider's token) and its device. */
export interface CallerSession {
  sid: string | undefined;
  device: Device;
}

/**
 * Checks the current password; returns whether it was right, so that the
 * caller counts a wrong one against the account's guessing limit.
 */
export async function checkCurrentPassword(user: UserRow, current: string): Promise<boolean> {
  return user.passwordHash !== null && (await verifyPassword(current, user.passwordHash));
}

/**
 * Sets the new password once the current one was verified against
 * `user.passwordHash`; a refusal is a field error.
 */
export async function changeMyPassword(
  deps: MyPasswordDeps,
  user: UserRow & { passwordHash: string },
  { change, session }: { change: PasswordChange; session: CallerSession },
): Promise<TMyPasswordChanged> {
  const problem = await passwordProblem(change.next, user.email);
  // Both fields are checked at once: a weak password and a differing repeat are both named.
  const refused: FieldError[] = [];
  if (problem) refused.push({ field: 'new_password', message: POLICY_KEYS[problem] });
  if (change.next !== change.repeat) {
    refused.push({ field: 'new_password_repeat', message: 'passwords_differ' });
  }
  const [first, ...rest] = refused;
  if (first) throw invalidFields([first, ...rest]);
  const hash = await hashPassword(change.next);
  const ended = await deps.db.transaction(async (tx) => {
    // The user's row first (platform/identity/sessions.ts), and only while the verified password is still it.
    const updated = await tx
      .update(users)
      .set({ passwordHash: hash, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (updated.length === 0) return undefined;
    const now = new Date();
    const [others] = await tx
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, user.id),
          isNull(sessions.endedAt),
          gt(sessions.expiresAt, now),
          session.sid === undefined ? undefined : ne(sessions.id, session.sid),
        ),
      );
    await voidResetLinks(tx, user.id);
    await endSessionsOf(tx, user.id, session.sid === undefined ? undefined : { sid: session.sid });
    await recordSecurityEvent(deps, tx, {
      userId: user.id,
      kind: 'password_changed',
      device: session.device,
    });
    return others?.n ?? 0;
  });
  // Changed meanwhile (another change or a reset): the current password given is no longer it.
  if (ended === undefined) throw badRequest('wrong_password', 'current_password');
  return { ended_sessions: ended };
}

/** The my-password module's service, built once by the app. */
export function createMyPasswordService(deps: MyPasswordDeps) {
  return {
    state: (user: UserRow) => myPasswordState(deps, user),
    changeable: (user: UserRow) => passwordChangeable(deps, user),
    checkCurrent: (user: UserRow, current: string) => checkCurrentPassword(user, current),
    change: (
      user: UserRow & { passwordHash: string },
      request: { change: PasswordChange; session: CallerSession },
    ) => changeMyPassword(deps, user, request),
  };
}

export type MyPasswordService = ReturnType<typeof createMyPasswordService>;
