/** Contract of the account endpoints (docs/product.md#accounts, docs/product.md#api-calls "Merchants"). */
import { z } from 'zod';
import { ACCOUNT_ROLES } from '../account/roles.js';
import { isValidEmail } from '../merchant/profile.js';
import { isUnambiguousEmail, normaliseEmailText } from '../user/email.js';
import { ZUuid } from './common.js';

export const ZAccount = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ACCOUNT_ROLES)),
  pending_invitation: z.boolean(),
  /** The caller's own account. */
  is_self: z.boolean(),
  /** The account's person signs in with a second factor (TOTP). */
  two_factor: z.boolean(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZAccountListResponse = z.object({
  rows: z.array(ZAccount),
  /** The most accounts the merchant may have at its level, or null for no limit. */
  limit: z.number().int().nullable(),
});
export type TAccountListResponse = z.infer<typeof ZAccountListResponse>;

/**
 * 'Bitte Email-Adresse angeben' for an empty or malformed address (docs/product.md#validation);
 * invalid_value for one that could pass for another (invisible characters,
 * mixed scripts). Normalised as the server stores it (user/email.ts).
 */
export const ZAccountEmail = z
  .string({ error: 'email_required' })
  .transform(normaliseEmailText)
  .check((context) => {
    if (!isValidEmail(context.value)) {
      context.issues.push({ code: 'custom', message: 'email_required', input: context.value });
    } else if (!isUnambiguousEmail(context.value)) {
      context.issues.push({ code: 'custom', message: 'invalid_value', input: context.value });
    }
  });

export const ZRoles = z.array(z.enum(ACCOUNT_ROLES, { error: 'invalid_value' })).max(4);

export const ZAddAccountBody = z.object({
  user_email: ZAccountEmail,
  roles: ZRoles.default(['manage-campaigns']),
});
export type TAddAccountBody = z.input<typeof ZAddAccountBody>;

export const ZAccountRolesBody = z.object({ roles: ZRoles });
export type TAccountRolesBody = z.infer<typeof ZAccountRolesBody>;

export const ZAccountParams = z.object({
  id: ZUuid,
  accountId: ZUuid,
});

export const ZInviteAccountResponse = z.object({
  account: ZAccount,
  /**
   * Whether the invitation mail is on its way: always true, since it is
   * queued with the invitation and delivered (and retried) by the server.
   */
  sent: z.boolean(),
});
export type TInviteAccountResponse = z.infer<typeof ZInviteAccountResponse>;
