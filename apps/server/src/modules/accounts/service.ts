/**
 * Use cases of a merchant's accounts (docs/product.md#roles-and-access, docs/product.md#api-calls, docs/product.md#messages): list, add an
 * existing user, invite a new person, change roles, remove. The merchant row
 * is locked in each command, so the three-account limit and the
 * last-manager rule hold under concurrent requests.
 */
import {
  accountLimit,
  canAddAccount,
  formatDateTimeIn,
  leavesNoAccountManager,
  type AccountRole,
  type TAccount,
  type TAccountListResponse,
} from '@backoffice/domain';
import type { Config } from '../../platform/config/config.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { enqueueMail, type OutboxContext } from '../../platform/mail/outbox.js';
import { invitationMail } from '../../platform/mail/templates.js';
import {
  requireMerchantAccess,
  type MerchantAccess,
  type MerchantRow,
} from '../../platform/access/merchant-access.js';
import { refreshMerchantErrors } from '../merchants/index.js';
import { findUserByEmail, normaliseEmail, type UserRow } from '../../platform/users/users.js';
import { endSessionsOf } from '../../platform/identity/sessions.js';
import {
  countRecentInvitations,
  createInvitationToken,
  findOpenInvitation,
  redeemInvitationToken,
  revokeInvitations,
  settleInvitationsOf,
} from './invitations.js';
import {
  activatePendingAccounts,
  deleteAccount,
  findAccount,
  findAccountWithEmail,
  insertAccount,
  insertInvitedUser,
  listAccounts,
  lockInvitationAddress,
  lockMerchant,
  pendingMerchantsOf,
  lockInviteeWithoutPassword,
  setAccountRoles,
  setFirstPassword,
  type AccountWithEmail,
} from './queries.js';

/** What the accounts module uses of the application (built in services.ts). */
export interface AccountDeps extends OutboxContext {
  db: Db;
  /** config.publicUrl: where the invitation mail's registration link points. */
  publicUrl: string;
  /** The invitation mail's time zone and application name (config.web). */
  web: Pick<Config['web'], 'timeZone' | 'appName'>;
  /** The invitations' lifetime and limits (config.merchants). */
  invitations: InvitationLimits;
}

type InvitationLimits = Pick<
  Config['merchants'],
  'invitationTtlHours' | 'invitationsPerMerchantPerHour' | 'invitationsPerAddressPerDay'
>;

/** A request to add or invite a person: the merchant, the person's address and their roles. */
export interface AccountRequest {
  merchantId: string;
  user_email: string;
  roles: AccountRole[];
}

/** Where an account is: its merchant, and the account itself. */
export interface AccountRef {
  merchantId: string;
  accountId: string;
}

const toAccount = (row: AccountWithEmail, caller: UserRow): TAccount => ({
  id: row.account.id,
  email: row.email,
  roles: row.account.roles,
  pending_invitation: row.account.pendingInvitation,
  is_self: row.account.userId === caller.id,
  two_factor: row.twoFactor ?? false,
});

export async function accountList(
  db: Db,
  user: UserRow,
  merchantId: string,
): Promise<TAccountListResponse> {
  const { merchant } = await requireMerchantAccess(db, user, {
    merchantId,
    role: 'manage-accounts',
  });
  const rows = await listAccounts(db, merchantId);
  return { rows: rows.map((row) => toAccount(row, user)), limit: accountLimit(merchant.level) };
}

async function checkRoomFor(tx: DbOrTx, merchant: MerchantRow, userId: string): Promise<void> {
  const existing = await listAccounts(tx, merchant.id);
  if (existing.some((row) => row.account.userId === userId)) {
    throw new AppError(409, 'user_already_linked', 'user_email');
  }
  if (!canAddAccount(merchant.level, existing.length)) {
    throw new AppError(409, 'account_limit_reached');
  }
}

async function withEmail(tx: DbOrTx, accountId: string): Promise<AccountWithEmail> {
  const row = await findAccountWithEmail(tx, accountId);
  if (!row) throw notFound();
  return row;
}

/**
 * The caller's access for a command on the merchant's accounts, decided under
 * the merchant's lock: checked before it, so that a caller who may not act
 * for the merchant never holds it, and again once it is held, so that a
 * command that waited in line behind another runs only with the rights its
 * caller still has (two managers removing each other at once: the second
 * finds itself removed and is refused).
 */
async function lockForAccountCommand(
  tx: DbOrTx,
  user: UserRow,
  merchantId: string,
): Promise<MerchantAccess> {
  await requireMerchantAccess(tx, user, { merchantId, role: 'manage-accounts' });
  await lockMerchant(tx, merchantId);
  return requireMerchantAccess(tx, user, { merchantId, role: 'manage-accounts' });
}

/** POST /merchants/{id}/accounts: links an existing user. */
export async function addAccount(
  db: Db,
  user: UserRow,
  { merchantId, ...body }: AccountRequest,
): Promise<TAccount> {
  return db.transaction(async (tx) => {
    const { merchant } = await lockForAccountCommand(tx, user, merchantId);
    const target = await findUserByEmail(tx, normaliseEmail(body.user_email));
    if (!target) throw new AppError(404, 'user_not_found', 'user_email');
    await checkRoomFor(tx, merchant, target.id);
    const created = await insertAccount(tx, {
      merchantId,
      userId: target.id,
      roles: [...new Set(body.roles)],
    });
    await refreshMerchantErrors(tx, merchantId);
    return toAccount(await withEmail(tx, created.id), user);
  });
}

/**
 * Invitation mails are limited per merchant and per invited address
 * (MERCHANT_INVITES_PER_HOUR, ADDRESS_INVITES_PER_DAY),
 * counted from the stored invitations so that the limits hold across server
 * processes and survive removing and inviting again. The caller holds the
 * merchant's lock and the address's (lockInvitationAddress).
 */
async function checkInvitationLimits(
  tx: DbOrTx,
  limits: InvitationLimits,
  { merchantId, invitee }: { merchantId: string; invitee: UserRow | undefined },
): Promise<void> {
  const byMerchant = await countRecentInvitations(tx, { merchantId }, 1);
  if (byMerchant >= limits.invitationsPerMerchantPerHour) {
    throw new AppError(429, 'invitation_limit_reached');
  }
  if (!invitee) return;
  const byAddress = await countRecentInvitations(tx, { userId: invitee.id }, 24);
  if (byAddress >= limits.invitationsPerAddressPerDay) {
    throw new AppError(429, 'invitation_limit_reached', 'user_email');
  }
}

/**
 * POST /merchants/{id}/invite-account: a pending account and a mail with a
 * link to the registration page. The mail goes into the outbox in the
 * invitation's transaction: the invitation stands once made, and a mail
 * server that refuses delays its mail (retried by the queue) but does not
 * take it back.
 */
export async function inviteAccount(
  deps: AccountDeps,
  user: UserRow,
  { merchantId, ...body }: AccountRequest,
): Promise<TAccount> {
  const email = normaliseEmail(body.user_email);
  return deps.db.transaction(async (tx) => {
    const { merchant } = await lockForAccountCommand(tx, user, merchantId);
    // The address has its own lock, since several merchants may invite one
    // person at once: whether the person exists is asked under it.
    await lockInvitationAddress(tx, email);
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      await checkRoomFor(tx, merchant, existing.id);
      // Someone who can sign in already is added, not invited.
      if (existing.passwordHash) throw new AppError(409, 'user_already_registered', 'user_email');
    } else if (!canAddAccount(merchant.level, (await listAccounts(tx, merchantId)).length)) {
      throw new AppError(409, 'account_limit_reached');
    }
    await checkInvitationLimits(tx, deps.invitations, { merchantId, invitee: existing });
    const invitee = existing ?? (await insertInvitedUser(tx, email));
    const account = await insertAccount(tx, {
      merchantId,
      userId: invitee.id,
      roles: [...new Set(body.roles)],
      pendingInvitation: true,
    });
    const invitation = await createInvitationToken(tx, {
      userId: invitee.id,
      merchantId,
      invitedBy: user.id,
      ttlHours: deps.invitations.invitationTtlHours,
    });
    const link = `${deps.publicUrl}/identity/register?token=${encodeURIComponent(invitation.token)}`;
    await enqueueMail(deps, tx, {
      to: [email],
      ...invitationMail({
        merchant: merchant.brandName ?? merchant.name,
        inviter: user.email,
        email,
        link,
        expires: formatDateTimeIn(invitation.expiresAt, deps.web.timeZone),
        appName: deps.web.appName,
      }),
    });
    return toAccount({ account, email }, user);
  });
}

/** POST /merchants/{id}/accounts/{accountId}: new roles; never the last account manager's. */
export async function changeRoles(
  db: Db,
  user: UserRow,
  { merchantId, accountId, roles }: AccountRef & { roles: AccountRole[] },
): Promise<TAccount> {
  return db.transaction(async (tx) => {
    await lockForAccountCommand(tx, user, merchantId);
    const target = await findAccount(tx, merchantId, accountId);
    if (!target) throw notFound();
    const all = await listAccounts(tx, merchantId);
    const nextRoles = [...new Set(roles)];
    if (leavesNoAccountManager(summaries(all), accountId, nextRoles)) {
      throw new AppError(409, 'last_account_manager', 'roles');
    }
    await setAccountRoles(tx, accountId, nextRoles);
    await refreshMerchantErrors(tx, merchantId);
    return toAccount(await withEmail(tx, accountId), user);
  });
}

/** DELETE /merchants/{id}/accounts/{accountId}: never the last account manager. */
export async function removeAccount(
  db: Db,
  user: UserRow,
  { merchantId, accountId }: AccountRef,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForAccountCommand(tx, user, merchantId);
    const target = await findAccount(tx, merchantId, accountId);
    if (!target) throw notFound();
    const all = await listAccounts(tx, merchantId);
    if (leavesNoAccountManager(summaries(all), accountId, null)) {
      throw new AppError(409, 'last_account_manager');
    }
    await deleteAccount(tx, accountId);
    // A removed invitation must not let anyone register for this merchant later.
    await revokeInvitations(tx, { userId: target.userId, merchantId });
    await refreshMerchantErrors(tx, merchantId);
  });
}

/**
 * Locks the merchants where the person has a pending account, in id order;
 * those locked. An account added while they are taken (under its merchant's
 * lock) is found by the next round and locked too; one added after the last
 * round stays pending with its invitation open, to be completed by it.
 */
async function lockPendingMerchants(tx: DbOrTx, userId: string): Promise<string[]> {
  const locked: string[] = [];
  for (;;) {
    const fresh = (await pendingMerchantsOf(tx, userId)).filter((id) => !locked.includes(id));
    if (fresh.length === 0) return locked;
    for (const merchantId of fresh) await lockMerchant(tx, merchantId);
    locked.push(...fresh);
  }
}

const summaries = (rows: AccountWithEmail[]) =>
  rows.map((row) => ({
    id: row.account.id,
    roles: row.account.roles,
    pending: row.account.pendingInvitation,
  }));

/**
 * Completes an invitation: redeems the token (two submissions cannot both
 * win), sets the password and activates the person's pending accounts. Only
 * a person without a password registers: one whose password was set
 * meanwhile (create-admin) finds the link no longer valid, and nothing
 * changes. Setting the password ends any session the person had.
 *
 * Locks in the order every command on accounts takes them: the merchants'
 * first, in id order, then the person's row (as create-admin takes it before
 * their invitations), then the rows of accounts and invitations. A role
 * change at the same moment then cannot count contacts without this
 * activation and store its stale verdict last, and a removal of the pending
 * account (merchant, then its invitation) cannot deadlock with the
 * redemption (invitation, then merchant).
 */
export async function completeInvitation(
  db: Db,
  token: string,
  passwordHash: string,
): Promise<{ email: string } | undefined> {
  return db.transaction(async (tx) => {
    const invitee = await findOpenInvitation(tx, token);
    if (!invitee) return undefined;
    const merchantIds = await lockPendingMerchants(tx, invitee.userId);
    if (!(await lockInviteeWithoutPassword(tx, invitee.userId))) return undefined;
    const invitation = await redeemInvitationToken(tx, token);
    if (!invitation) return undefined;
    const user = await setFirstPassword(tx, invitation.userId, passwordHash);
    if (!user) return undefined;
    await endSessionsOf(tx, user.id);
    const activated = await activatePendingAccounts(tx, user.id, merchantIds);
    // Other invitations of the same person to these merchants are settled by this registration.
    await settleInvitationsOf(tx, user.id, merchantIds);
    for (const merchantId of activated) await refreshMerchantErrors(tx, merchantId);
    return { email: user.email };
  });
}

/** The accounts module's service, built once by the app. */
export function createAccountService(deps: AccountDeps) {
  const { db } = deps;
  return {
    list: (user: UserRow, merchantId: string) => accountList(db, user, merchantId),
    add: (user: UserRow, request: AccountRequest) => addAccount(db, user, request),
    invite: (user: UserRow, request: AccountRequest) => inviteAccount(deps, user, request),
    changeRoles: (user: UserRow, change: AccountRef & { roles: AccountRole[] }) =>
      changeRoles(db, user, change),
    remove: (user: UserRow, ref: AccountRef) => removeAccount(db, user, ref),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
