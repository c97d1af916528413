/**
 * Password reset of the built-in provider: the links a person asks for when
 * they forgot their password, and their use.
 *
 * A request does the same work for every address, known or not: it puts one
 * job on the 'password-reset' queue, so that neither the answer nor its time
 * tells whether an account exists. The job looks the account up and, for an
 * account with a password here, makes the link: a random token (256 bits)
 * stored only as its SHA-256, valid PASSWORD_RESET_TTL_MINUTES, mailed in
 * the transaction that stores it. A newer link voids the older ones, and an
 * account gets PASSWORD_RESET_PER_ACCOUNT_PER_HOUR links an hour at most
 * (counted in password_resets; further requests get the same answer, no
 * mail).
 *
 * Lock order: whatever sets a password holds the user's row first, then the
 * account's links (the job, useResetLink, the password change), so that two
 * of them never wait for each other in a circle; the sign-ins hold the row
 * too (platform/identity/sessions.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { findUserByEmail, normaliseEmail } from '../../platform/users/users.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { passwordResets, users } from '../../platform/db/schema.js';
import { defineJob } from '../../platform/define-job.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { mailLanguage, passwordResetMail } from '../../platform/mail/templates.js';
import type { Device } from '../../platform/identity/devices.js';
import {
  recordSecurityEvent,
  type SecurityEventContext,
} from '../../platform/identity/security-events.js';
import { endSessionsOf } from '../../platform/identity/sessions.js';

export const PASSWORD_RESET_QUEUE = 'password-reset';
export const PASSWORD_RESET_PATH = '/identity/password-reset';
export const PASSWORD_FORGOTTEN_PATH = '/identity/password-forgotten';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What the password-reset module uses of the application (built in
 * services.ts; its job builds it too): the database, the job queue (the
 * requests' jobs and the outbox) and the configuration of the links and mails.
 */
export interface PasswordResetDeps extends SecurityEventContext {
  db: Db;
}

/** Asks for a reset link for `email`: the same work (one job) whether or not an account has it. */
export async function requestPasswordReset(
  { db, jobs }: Pick<PasswordResetDeps, 'db' | 'jobs'>,
  email: string,
): Promise<void> {
  await jobs.send(db, { name: PASSWORD_RESET_QUEUE, data: { email: normaliseEmail(email) } });
}

/**
 * Makes a link for the account of `email` and mails it, when the account has
 * a password here and has not had its links of the hour; nothing otherwise.
 * Returns whether a mail was made (for tests and logs).
 */
export async function createResetLink(deps: PasswordResetDeps, email: string): Promise<boolean> {
  const { config } = deps;
  const known = await findUserByEmail(deps.db, email);
  if (!known?.passwordHash || known.externalIssuer) return false;
  return deps.db.transaction(async (tx) => {
    // Held until the end: two requests of one account count their links one after the other.
    const [user] = await tx
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, known.id), sql`${users.passwordHash} is not null`))
      .for('update');
    if (!user) return false;
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          gt(passwordResets.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.n ?? 0) >= config.accounts.passwordResetPerAccountPerHour) return false;
    await voidResetLinks(tx, user.id);
    const token = randomBytes(32).toString('base64url');
    const ttl = config.accounts.passwordResetTtlMinutes;
    const [row] = await tx
      .insert(passwordResets)
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: sql`now() + make_interval(mins => ${ttl})`,
      })
      .returning({ expiresAt: passwordResets.expiresAt });
    if (!row) throw new Error('insert returned no password reset');
    const { subject, text } = passwordResetMail({
      email: user.email,
      link: `${config.publicUrl}${PASSWORD_RESET_PATH}?token=${token}`,
      expires: row.expiresAt,
      minutes: ttl,
      appName: config.web.appName,
      locale: config.web.locale,
      timeZone: config.web.timeZone,
      language: mailLanguage(user.locale),
    });
    await enqueueMail(deps, tx, { to: [user.email], subject, text });
    return true;
  });
}

/** Voids the account's open links (a newer one was made, or the password was set otherwise). */
export async function voidResetLinks(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export const passwordResetJob = defineJob<{ email: string }>({
  name: PASSWORD_RESET_QUEUE,
  queue: () => ({
    policy: 'standard',
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60,
  }),
  concurrency: 2,
  run: async (ctx, { email }) => {
    await createResetLink({ db: ctx.db, jobs: ctx.jobs, config: ctx.config }, email);
  },
});

/** The account of a link that can still be used, or undefined (unknown, used, voided, expired). */
export async function findOpenResetLink(
  db: DbOrTx,
  token: string,
): Promise<{ userId: string; email: string } | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** The use of a link: the link (its token and account), the new password's hash, the request's device. */
export interface ResetLinkUse {
  link: { token: string; userId: string };
  passwordHash: string;
  device: Device;
}

/** Rolls the transaction back when the link was used meanwhile. */
class LinkGone extends Error {}

/**
 * Sets the password (its hash) of the link's account and uses the link, in
 * one transaction: the link is taken only while unused and unexpired (of two
 * submits exactly one gets it), every session of the account ends, the
 * account's other links are voided, and the reset is recorded and mailed.
 * False when the link could not be used (the password stays).
 */
export async function useResetLink(
  deps: PasswordResetDeps,
  { link, passwordHash, device }: ResetLinkUse,
): Promise<boolean> {
  try {
    await deps.db.transaction(async (tx) => {
      // The user's row first (the lock order of the file's header).
      const updated = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, link.userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw new LinkGone();
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(link.token)),
            eq(passwordResets.userId, link.userId),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: passwordResets.id });
      if (used.length === 0) throw new LinkGone();
      await voidResetLinks(tx, link.userId);
      await endSessionsOf(tx, link.userId);
      await recordSecurityEvent(deps, tx, { userId: link.userId, kind: 'password_reset', device });
    });
    return true;
  } catch (error) {
    if (error instanceof LinkGone) return false;
    throw error;
  }
}

/** The password-reset module's service, built once by the app. */
export function createPasswordResetService(deps: PasswordResetDeps) {
  return {
    request: (email: string) => requestPasswordReset(deps, email),
    findOpenLink: (token: string) => findOpenResetLink(deps.db, token),
    useLink: (use: ResetLinkUse) => useResetLink(deps, use),
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
