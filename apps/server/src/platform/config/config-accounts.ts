/**
 * The settings of accounts people keep: password reset links, two-factor
 * sign-in (its secrets' key, whether admins must use it), and whether the
 * built-in provider also answers the implicit grant.
 */
import { z } from 'zod';
import { booleanFromEnv } from './config-values.js';

/** A key of 32 bytes, as base64 (or base64url): `openssl rand -base64 32`. */
const secretsKey = z
  .string()
  .trim()
  .refine(
    (value) => Buffer.from(value, 'base64').length === 32,
    'a key of 32 bytes in base64, e.g. from `openssl rand -base64 32`',
  );

export const ZAccountsEnv = z.object({
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  PASSWORD_RESET_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  MFA_REQUIRED_FOR_ADMINS: booleanFromEnv.default(false),
  MFA_ENCRYPTION_KEY: secretsKey.optional(),
  OAUTH_ALLOW_IMPLICIT: booleanFromEnv.default(false),
});

type AccountsEnv = z.infer<typeof ZAccountsEnv>;

export interface AccountsSettings {
  /** Minutes a password reset link stays valid. */
  passwordResetTtlMinutes: number;
  /** Reset mails one address gets per hour at most (more requests get the same answer, no mail). */
  passwordResetPerAccountPerHour: number;
  /** Admins must set up two-factor sign-in at their next sign-in. */
  mfaRequiredForAdmins: boolean;
  /**
   * The key (32 bytes) that encrypts two-factor secrets at rest; undefined
   * when not configured (the server then keeps one in its data folder).
   */
  mfaEncryptionKey: Buffer | undefined;
  /** The built-in provider answers `response_type=token` though OAUTH_FLOW is `code`. */
  allowImplicit: boolean;
}

export const accountsSettings = (e: AccountsEnv): AccountsSettings => ({
  passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
  passwordResetPerAccountPerHour: e.PASSWORD_RESET_PER_ACCOUNT_PER_HOUR,
  mfaRequiredForAdmins: e.MFA_REQUIRED_FOR_ADMINS,
  mfaEncryptionKey: e.MFA_ENCRYPTION_KEY ? Buffer.from(e.MFA_ENCRYPTION_KEY, 'base64') : undefined,
  allowImplicit: e.OAUTH_ALLOW_IMPLICIT,
});
