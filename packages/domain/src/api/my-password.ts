/**
 * Contract of the caller's own password at the built-in provider: whether
 * the caller can change it here, and the change (current password, the new
 * one twice). The server checks the new one against the password policy
 * (at least 8 characters, not the address, not a common password) and
 * answers a refusal with one of PASSWORD_KEYS and the field it is about.
 */
import { z } from 'zod';

/** The shortest new password the policy accepts (the server's policy decides). */
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;

export const ZMyPasswordState = z.object({
  /** False for accounts of an external provider and accounts without a password here. */
  changeable: z.boolean(),
});
export type TMyPasswordState = z.infer<typeof ZMyPasswordState>;

export const ZMyPasswordChangeBody = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password_repeat: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type TMyPasswordChangeBody = z.infer<typeof ZMyPasswordChangeBody>;

export const ZMyPasswordChanged = z.object({
  /** How many other sessions (signed-in devices) were ended. */
  ended_sessions: z.number().int(),
});
export type TMyPasswordChanged = z.infer<typeof ZMyPasswordChanged>;
