/**
 * Contract of two-factor sign-in's endpoints: the caller's own set-up
 * (`/api/my/two-factor`), and an admin's reset of another account's.
 */
import { z } from 'zod';

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** When it was set up (ISO 8601), or null while it is off. */
  enabled_at: z.string().nullable(),
  /** Recovery codes not used yet. */
  recovery_codes_left: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** A set-up begun: the QR code (an SVG document) and the secret in groups of four for typing. */
export const ZTwoFactorSetup = z.object({
  qr_svg: z.string(),
  secret: z.string(),
  /** The otpauth URI the QR code holds (for apps on the same device). */
  uri: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** A code from the authenticator app (six digits; spaces are ignored). */
export const ZTwoFactorCodeBody = z.object({ code: z.string().trim().min(1).max(20) });
export type TTwoFactorCodeBody = z.infer<typeof ZTwoFactorCodeBody>;

/** Turning it off asks for a current code (or a recovery code) or the password. */
export const ZTwoFactorDisableBody = z
  .object({
    code: z.string().trim().max(40).optional(),
    password: z.string().max(1024).optional(),
  })
  .refine((body) => Boolean(body.code) || Boolean(body.password), {
    error: 'required_field_missing',
  });
export type TTwoFactorDisableBody = z.infer<typeof ZTwoFactorDisableBody>;

/** Ten single-use recovery codes, shown once. */
export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;
