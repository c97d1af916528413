/**
 * Use cases of two-factor sign-in over the API: the caller's own set-up,
 * turning it off, new recovery codes; and an admin's reset of another
 * account's second factor. Access: the caller's own account, or, for the
 * reset, an admin acting for the account's merchant (the access resolver).
 */
import type { TRecoveryCodes, TTwoFactorSetup, TTwoFactorStatus } from '@backoffice/domain';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../../platform/db/schema.js';
import { requireAdmin } from '../../platform/access/admin.js';
import { requireMerchantAccess } from '../../platform/access/merchant-access.js';
import type { UserRow } from '../../platform/users/users.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Device } from '../../platform/identity/devices.js';
import { DUMMY_HASH, verifyPassword } from '../../platform/identity/passwords.js';
import {
  confirmSetup,
  disableTwoFactor,
  renewRecoveryCodes,
  resetTwoFactor,
  startSetup,
  takeSecondFactor,
  twoFactorState,
  type SecondFactorContext,
} from '../../platform/identity/second-factor.js';

/**
 * What the two-factor module uses of the application (built in services.ts):
 * what the second factor itself needs (the database, the secrets' key, and
 * the outbox and configuration of the security mails).
 */
export type TwoFactorDeps = SecondFactorContext;

/** The proof that turns two-factor sign-in off: a current code (or a recovery code) or the password. */
export interface TwoFactorProof {
  code?: string | undefined;
  password?: string | undefined;
}

export async function myTwoFactor(deps: TwoFactorDeps, user: UserRow): Promise<TTwoFactorStatus> {
  const state = await twoFactorState(deps.db, user.id);
  return {
    enabled: state.enabled,
    enabled_at: state.enabledAt?.toISOString() ?? null,
    recovery_codes_left: state.recoveryCodesLeft,
  };
}

export async function beginSetup(deps: TwoFactorDeps, user: UserRow): Promise<TTwoFactorSetup> {
  const offer = await startSetup(deps, user);
  if (offer === 'already_enabled') throw new AppError(409, 'two_factor_already_enabled');
  return { qr_svg: offer.qrSvg, secret: offer.secret, uri: offer.uri };
}

export async function finishSetup(
  deps: TwoFactorDeps,
  user: UserRow,
  { code, device }: { code: string; device: Device },
): Promise<TRecoveryCodes> {
  const result = await confirmSetup(deps, { userId: user.id, code, device });
  if (result === 'already_enabled') throw new AppError(409, 'two_factor_already_enabled');
  if (result === 'not_started') throw new AppError(409, 'two_factor_not_started');
  if (result === 'wrong_code') throw new AppError(400, 'wrong_two_factor_code', 'code');
  return { recovery_codes: result };
}

/** Turns it off after a current code (or a recovery code) or the password. */
export async function turnOff(
  deps: TwoFactorDeps,
  user: UserRow,
  { proof, device }: { proof: TwoFactorProof; device: Device },
): Promise<TTwoFactorStatus> {
  if (!(await twoFactorState(deps.db, user.id)).enabled) {
    throw new AppError(409, 'two_factor_not_enabled');
  }
  const proven = proof.code
    ? (await takeSecondFactor(deps, { userId: user.id, code: proof.code, device })) !== undefined
    : await verifyPassword(proof.password ?? '', user.passwordHash ?? (await DUMMY_HASH));
  if (!proven || (!proof.code && !user.passwordHash)) {
    throw proof.code
      ? new AppError(400, 'wrong_two_factor_code', 'code')
      : new AppError(400, 'two_factor_wrong_password');
  }
  await disableTwoFactor(deps, user.id, device);
  return myTwoFactor(deps, user);
}

export async function newRecoveryCodes(
  deps: TwoFactorDeps,
  user: UserRow,
  device: Device,
): Promise<TRecoveryCodes> {
  const codes = await renewRecoveryCodes(deps, user.id, device);
  if (!codes) throw new AppError(409, 'two_factor_not_enabled');
  return { recovery_codes: codes };
}

/**
 * An admin resets the second factor of an account of a merchant: admins
 * alone (403 for everyone else), through the access resolver for the
 * merchant, and the account must be the merchant's (404 otherwise).
 */
export async function resetAccountTwoFactor(
  deps: TwoFactorDeps,
  user: UserRow,
  { merchantId, accountId, device }: { merchantId: string; accountId: string; device: Device },
): Promise<void> {
  requireAdmin(user);
  await requireMerchantAccess(deps.db, user, { merchantId, role: 'manage-accounts' });
  const [account] = await deps.db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.merchantId, merchantId)));
  if (!account) throw notFound();
  await resetTwoFactor(deps, account.userId, { userId: user.id, device });
}

/** The two-factor module's service, built once by the app. */
export function createTwoFactorService(deps: TwoFactorDeps) {
  return {
    status: (user: UserRow) => myTwoFactor(deps, user),
    beginSetup: (user: UserRow) => beginSetup(deps, user),
    finishSetup: (user: UserRow, confirmation: { code: string; device: Device }) =>
      finishSetup(deps, user, confirmation),
    turnOff: (user: UserRow, request: { proof: TwoFactorProof; device: Device }) =>
      turnOff(deps, user, request),
    newRecoveryCodes: (user: UserRow, device: Device) => newRecoveryCodes(deps, user, device),
    resetAccount: (
      admin: UserRow,
      reset: { merchantId: string; accountId: string; device: Device },
    ) => resetAccountTwoFactor(deps, admin, reset),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
