/**
 * Two-factor sign-in of an account: set-up (a pending secret, confirmed by
 * a first code), the check of a code at sign-in, recovery codes, turning it
 * off, and an admin's reset. Every check that uses something up does it in
 * one conditional UPDATE, so that two requests at the same moment never
 * both succeed: a TOTP code moves `users.totp_last_step` forward (a code
 * taken once is refused after), a recovery code sets its `used_at`.
 * Each change records its security event (mailed) in its transaction.
 */
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { recoveryCodes, signInChallenges, users } from '../db/schema.js';
import type { Device } from './devices.js';
import { recordSecurityEvent, type SecurityEventContext } from './security-events.js';
import { endSessionsOf } from './sessions.js';
import {
  decryptSecret,
  encryptSecret,
  groupedSecret,
  looksLikeTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  setupQrCode,
  totpStepOf,
} from './totp.js';

/** What the second factor needs of the application's context (AppContext). */
export interface SecondFactorContext extends SecurityEventContext {
  db: Db;
  /** The key that encrypts two-factor secrets at rest (totp.ts, loadMfaKey). */
  mfaKey: Buffer;
}

/** A code someone gave for the account `userId`, from `device`. */
export interface CodeGiven {
  userId: string;
  code: string;
  device: Device;
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: DbOrTx, userId: string): Promise<TwoFactorState> {
  const [user] = await db
    .select({ enabledAt: users.totpEnabledAt, secret: users.totpSecret })
    .from(users)
    .where(eq(users.id, userId));
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const enabled = Boolean(user?.enabledAt && user.secret);
  return {
    enabled,
    enabledAt: enabled ? (user?.enabledAt ?? null) : null,
    recoveryCodesLeft: enabled ? (left?.count ?? 0) : 0,
  };
}

/** What a set-up shows: the QR code, and the secret grouped for typing. */
export interface SetupOffer {
  secret: string;
  qrSvg: string;
  uri: string;
}

/** A new secret offered for `email`, as the set-up shows it, and encrypted for keeping. */
export async function offerSecret(
  ctx: SecondFactorContext,
  email: string,
): Promise<SetupOffer & { encrypted: string }> {
  const secret = newTotpSecret();
  const { uri, svg } = await setupQrCode(secret, ctx.config.web.appName, email);
  return {
    secret: groupedSecret(secret),
    qrSvg: svg,
    uri,
    encrypted: encryptSecret(ctx.mfaKey, secret),
  };
}

/** Starts a set-up from the account's settings: the secret waits in totp_pending_secret. */
export async function startSetup(
  ctx: SecondFactorContext,
  user: { id: string; email: string },
): Promise<SetupOffer | 'already_enabled'> {
  const offer = await offerSecret(ctx, user.email);
  const [row] = await ctx.db
    .update(users)
    .set({ totpPendingSecret: offer.encrypted })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!row) return 'already_enabled';
  const { encrypted: _kept, ...shown } = offer;
  return shown;
}

/**
 * Turns two-factor sign-in on with the `encrypted` secret whose code of
 * `step` was just given, unless it is on already; the new recovery codes,
 * or undefined. In the caller's transaction.
 */
export async function enableWithSecret(
  ctx: SecondFactorContext,
  tx: DbOrTx,
  {
    userId,
    encrypted,
    step,
    device,
  }: { userId: string; encrypted: string; step: number; device: Device },
): Promise<string[] | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      totpSecret: encrypted,
      totpEnabledAt: sql`now()`,
      totpLastStep: step,
      totpPendingSecret: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!row) return undefined;
  const codes = await replaceRecoveryCodes(tx, userId);
  await recordSecurityEvent(ctx, tx, { userId, kind: 'mfa_enabled', device });
  return codes;
}

/** Confirms the pending set-up with a first code: the recovery codes, or why not. */
export async function confirmSetup(
  ctx: SecondFactorContext,
  { userId, code, device }: CodeGiven,
): Promise<string[] | 'wrong_code' | 'not_started' | 'already_enabled'> {
  const [user] = await ctx.db
    .select({ pending: users.totpPendingSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.enabledAt) return 'already_enabled';
  const pending = user?.pending;
  const secret = pending ? decryptSecret(ctx.mfaKey, pending) : undefined;
  if (!pending || !secret) return 'not_started';
  const step = await totpStepOf(secret, code);
  if (step === undefined) return 'wrong_code';
  const codes = await ctx.db.transaction(async (tx) => {
    // Only the secret shown: a set-up restarted meanwhile makes this code a wrong one.
    const [same] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pending)))
      .for('update');
    return same
      ? enableWithSecret(ctx, tx, { userId, encrypted: pending, step, device })
      : undefined;
  });
  return codes ?? 'wrong_code';
}

/** Ten new recovery codes in place of the old ones (returned in clear, stored hashed). */
async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/**
 * Whether `code` is the account's current TOTP code, not taken before; it
 * is taken by this call (totp_last_step moves to its step, conditionally).
 */
export async function takeTotpCode(
  ctx: SecondFactorContext,
  userId: string,
  code: string,
): Promise<boolean> {
  const [user] = await ctx.db
    .select({ secret: users.totpSecret, lastStep: users.totpLastStep })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)));
  const stored = user?.secret;
  const secret = stored ? decryptSecret(ctx.mfaKey, stored) : undefined;
  if (!stored || !secret) return false;
  const step = await totpStepOf(secret, code, user.lastStep);
  if (step === undefined) return false;
  const [taken] = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecret, stored),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return taken !== undefined;
}

/** Uses up one of the account's recovery codes, in the caller's transaction; false when none matches. */
export async function takeRecoveryCode(
  ctx: SecondFactorContext,
  tx: DbOrTx,
  { userId, code, device }: CodeGiven,
): Promise<boolean> {
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!used) return false;
  await recordSecurityEvent(ctx, tx, { userId, kind: 'recovery_code_used', device });
  return true;
}

/** A TOTP code (six digits) or a recovery code, taken; which one, or undefined when wrong. */
export async function takeSecondFactor(
  ctx: SecondFactorContext,
  given: CodeGiven,
): Promise<'totp' | 'recovery' | undefined> {
  const { userId, code } = given;
  if (looksLikeTotpCode(code)) return (await takeTotpCode(ctx, userId, code)) ? 'totp' : undefined;
  if (code.trim() === '') return undefined;
  const used = await ctx.db.transaction((tx) => takeRecoveryCode(ctx, tx, given));
  return used ? 'recovery' : undefined;
}

/** Clears the secret, the recovery codes and open sign-ins between password and code. */
async function clearTwoFactor(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      totpPendingSecret: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ wasOn: sql<boolean>`true` });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  return row !== undefined;
}

/** The account turns it off itself (after proving a code or its password). */
export async function disableTwoFactor(
  ctx: SecondFactorContext,
  userId: string,
  device: Device,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await clearTwoFactor(tx, userId);
    await recordSecurityEvent(ctx, tx, { userId, kind: 'mfa_disabled', device });
  });
}

/** New recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(
  ctx: SecondFactorContext,
  userId: string,
  device: Device,
): Promise<string[] | undefined> {
  return ctx.db.transaction(async (tx) => {
    const [on] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)))
      .for('update');
    if (!on) return undefined;
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordSecurityEvent(ctx, tx, { userId, kind: 'recovery_codes_renewed', device });
    return codes;
  });
}

/**
 * An admin resets another account's second factor (a lost phone): it is
 * off, the account's sessions end, and the account is told who did it.
 */
export async function resetTwoFactor(
  ctx: SecondFactorContext,
  userId: string,
  actor: { userId: string; device: Device },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The user's row first, then its sessions: the order of locks sign-ins take (sessions.ts).
    await clearTwoFactor(tx, userId);
    await endSessionsOf(tx, userId);
    await recordSecurityEvent(ctx, tx, {
      userId,
      kind: 'mfa_reset',
      device: actor.device,
      actorUserId: actor.userId,
    });
  });
}
