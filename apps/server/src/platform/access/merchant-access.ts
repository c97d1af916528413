/**
 * The one access resolver: which merchants a user may act for, with which
 * roles and at which level (docs/product.md#roles-and-access). Every module asks it; none decides
 * access itself. Its callers are people and integrator tokens alike
 * (`Caller`, docs/decisions/043-integrator-tokens.md): a token acts for its
 * one merchant with its own roles at the merchant's level, by the same rules. The rules are the domain's (effectiveRoles, hasRole,
 * effectiveMerchantLevel); `accessibleMerchantIds` states the same rules in
 * SQL for queries over many merchants, and a test holds the two together.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  canUseCampaignType,
  canUseTips,
  effectiveMerchantLevel,
  effectiveRoles,
  type AccountRole,
  type ApiTokenAccess,
  type CampaignType,
} from '@backoffice/domain';
import type { DbOrTx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { accounts, campaigns, merchants, users } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';

export type MerchantRow = typeof merchants.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** What an integrator token grants (platform/access/api-tokens.ts): one merchant, some roles, read or write. */
export interface TokenGrant {
  id: string;
  merchantId: string;
  roles: readonly AccountRole[];
  access: ApiTokenAccess;
}

/**
 * Who makes a request: a person (their user row), or an integrator token,
 * which acts in the name of the person who made it (their row, at user level
 * 'other') within its grant. Every module gets the caller from
 * identity/current-user.ts and hands it to this resolver.
 */
export type Caller = UserRow & { readonly token?: TokenGrant };

/** The grant of a token caller; undefined for a person. */
export const tokenGrantOf = (caller: Pick<Caller, 'id' | 'token'>): TokenGrant | undefined =>
  caller.token;

/**
 * The roles a caller holds for a merchant (undefined: may not act for it). A
 * person's come from the domain's rule (effectiveRoles); a token holds its own
 * roles for its own merchant and nothing elsewhere (its level is 'other', so
 * never an admin's or an agency's).
 */
function callerRoles(
  caller: Pick<Caller, 'id' | 'level' | 'token'>,
  merchantId: string,
  accountRoles: readonly AccountRole[] | null | undefined,
): readonly AccountRole[] | undefined {
  const grant = tokenGrantOf(caller);
  if (grant) return grant.merchantId === merchantId ? grant.roles : undefined;
  return effectiveRoles(caller, accountRoles ?? undefined);
}

export interface MerchantAccess {
  merchant: MerchantRow;
  roles: readonly AccountRole[];
  /** The merchant level the user acts with (admins 10, agencies 5, else the merchant's). */
  level: number;
}

/** What an action needs beyond being allowed to act for the merchant. */
export interface AccessNeed {
  role?: AccountRole;
  /** A level rule of the domain, e.g. canClone; refused with 403 when false. */
  feature?: (merchantLevel: number) => boolean;
}

/**
 * The access a caller has to a merchant row read with the caller's account
 * roles (undefined: may not act for it); also for a query that reads the row
 * together with something else (the session check, identity/sessions.ts).
 */
export function accessOf(
  user: Pick<Caller, 'id' | 'level' | 'token'>,
  merchant: MerchantRow,
  accountRoles: readonly AccountRole[] | null | undefined,
): MerchantAccess | undefined {
  const roles = callerRoles(user, merchant.id, accountRoles);
  if (!roles) return undefined;
  return { merchant, roles, level: effectiveMerchantLevel(user.level, merchant.level) };
}

/** Throws 403 when the access lacks what the action needs. */
export function checkNeed(access: MerchantAccess, need: AccessNeed | undefined): void {
  if (need?.role && !access.roles.includes(need.role)) throw forbidden();
  if (need?.feature && !need.feature(access.level)) throw forbidden();
}

/** The user's account with the merchant, as a left join of a query that has `merchants`. */
export const accountJoin = and(
  eq(accounts.merchantId, merchants.id),
  eq(accounts.userId, sql.placeholder('userId')),
  eq(accounts.pendingInvitation, false),
);

/**
 * The merchant with the user's roles, or undefined when the user may not act
 * for it (pending invitations grant nothing).
 */
export async function findMerchantAccess(
  db: DbOrTx,
  user: Caller,
  merchantId: string,
): Promise<MerchantAccess | undefined> {
  // Every merchant-scoped request asks this: one prepared statement.
  const query = prepared(db, 'merchant-access', (name) =>
    db
      .select({ merchant: merchants, roles: accounts.roles })
      .from(merchants)
      .leftJoin(accounts, accountJoin)
      .where(eq(merchants.id, sql.placeholder('merchantId')))
      .prepare(name),
  );
  const [row] = await query.execute({ userId: user.id, merchantId });
  return row ? accessOf(user, row.merchant, row.roles) : undefined;
}

/**
 * What managing a campaign of a type needs (docs/product.md#roles-and-access): the manage-campaigns
 * role, and for a tip a user who may use tips (admins, agencies); 403 without.
 */
export function checkCampaignNeed(user: Caller, access: MerchantAccess, type: CampaignType): void {
  checkNeed(access, { role: 'manage-campaigns' });
  if (!canUseCampaignType(user, type)) throw forbidden();
}

export interface CampaignAccess {
  campaign: Pick<typeof campaigns.$inferSelect, 'id' | 'merchantId' | 'type' | 'status'>;
  access: MerchantAccess;
}

/**
 * Access to a campaign, through its merchant (checkCampaignNeed). One
 * statement reads the campaign's merchant with the user's roles, without its
 * content or a lock: a caller who may not act for the merchant learns nothing
 * (404) and never holds the campaign's row.
 */
export async function requireCampaignAccess(
  db: DbOrTx,
  user: Caller,
  campaignId: string,
): Promise<CampaignAccess> {
  const query = prepared(db, 'campaign-access', (name) =>
    db
      .select(campaignAccessSelection)
      .from(campaigns)
      .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
      .leftJoin(accounts, accountJoin)
      .where(eq(campaigns.id, sql.placeholder('campaignId')))
      .prepare(name),
  );
  const [row] = await query.execute({ userId: user.id, campaignId });
  return campaignAccessOf(user, row);
}

/**
 * What the campaign access is read from: the campaign's identity, its
 * merchant and the user's account roles (the `accountJoin` placeholder
 * `userId`); also selected by the session check of a campaign's route
 * (identity/sessions.ts).
 */
export const campaignAccessSelection = {
  campaign: {
    id: campaigns.id,
    merchantId: campaigns.merchantId,
    type: campaigns.type,
    status: campaigns.status,
  },
  merchant: merchants,
  roles: accounts.roles,
};

/** A row of campaignAccessSelection (undefined: no such campaign). */
export interface CampaignAccessRow {
  campaign: CampaignAccess['campaign'] | null;
  merchant: MerchantRow | null;
  roles: readonly AccountRole[] | null;
}

/**
 * The caller's access to a campaign read with campaignAccessSelection: 404
 * when there is no such campaign or the caller may not act for its merchant,
 * 403 when it lacks what managing the campaign's type needs.
 */
export function campaignAccessOf(user: Caller, row: CampaignAccessRow | undefined): CampaignAccess {
  const access = row?.merchant ? accessOf(user, row.merchant, row.roles) : undefined;
  if (!row?.campaign || !access) throw notFound();
  checkCampaignNeed(user, access, row.campaign.type);
  return { campaign: row.campaign, access };
}

/**
 * The merchant, if the user may act for it and holds what the action needs.
 * A merchant the user may not see answers 404, so that its existence is not
 * told; a missing role or level answers 403.
 */
export async function requireMerchantAccess(
  db: DbOrTx,
  user: Caller,
  { merchantId, ...need }: { merchantId: string } & AccessNeed,
): Promise<MerchantAccess> {
  return requireFound(await findMerchantAccess(db, user, merchantId), need);
}

/**
 * The access found (findMerchantAccess, or read with the session check),
 * checked against the need: 404 when there is none, 403 when it lacks what
 * the action needs.
 */
export function requireFound(access: MerchantAccess | undefined, need: AccessNeed): MerchantAccess {
  if (!access) throw notFound();
  checkNeed(access, need);
  return access;
}

/**
 * The same rule in SQL: "the merchant id is one the user may act for (with
 * the role)". Undefined for admins, who may act for every merchant. `column`
 * is the merchant id column of the query it goes into. A token caller's is
 * its own merchant, if the token holds the role.
 */
export function accessibleMerchants(
  user: Pick<Caller, 'id' | 'level' | 'token'>,
  column: AnyPgColumn | SQL,
  {
    role,
    userId = user.id,
  }: {
    role?: AccountRole;
    /** The user's id as the query binds it (a placeholder of a prepared query); the user's own by default. */
    userId?: unknown;
  } = {},
): SQL | undefined {
  const grant = tokenGrantOf(user);
  if (grant) {
    return role && !grant.roles.includes(role) ? sql`false` : sql`${column} = ${grant.merchantId}`;
  }
  if (user.level === 'admin') return undefined;
  // Agencies hold every role for their linked merchants (effectiveRoles).
  const roleCheck =
    role && user.level !== 'agency' ? sql` and ${accounts.roles} ? ${sql.raw(`'${role}'`)}` : sql``;
  return sql`${column} in (select ${accounts.merchantId} from ${accounts} where ${accounts.userId} = ${userId} and ${accounts.pendingInvitation} = false${roleCheck})`;
}

/**
 * canUseCampaignType in SQL, for queries over many campaigns: the condition
 * that leaves out the tip family (the types named `tip/…`), for a caller who
 * may not use tips; `column` is the campaign type column of the query.
 */
export function withoutTips(column: AnyPgColumn | SQL): SQL {
  return sql`${column} not like 'tip/%'`;
}

/** withoutTips's rule in code: whether a campaign type is a tip's. */
export const isTipType = (type: string): boolean => type.startsWith('tip/');

/**
 * Which of the campaigns of a merchant a user acts for the user may open
 * (canUseCampaignType: every one, or all but tips). The one rule of every
 * query over campaigns: the campaign list, site search, the dashboard and the
 * chart ask it, so that a number never counts a campaign its list hides.
 */
export interface CampaignVisibility {
  /** Whether tip campaigns are visible. */
  includeTips: boolean;
}

export const campaignVisibility = (user: Pick<Caller, 'level'>): CampaignVisibility => ({
  includeTips: canUseTips(user),
});

/** The visibility as a condition on a campaign type column; undefined when every campaign is visible. */
export function visibleCampaignsCondition(
  visibility: CampaignVisibility,
  typeColumn: AnyPgColumn | SQL,
): SQL | undefined {
  return visibility.includeTips ? undefined : withoutTips(typeColumn);
}

/** The opposite: the campaigns the user may not open; undefined when there are none by rule. */
export function hiddenCampaignsCondition(
  visibility: CampaignVisibility,
  typeColumn: AnyPgColumn | SQL,
): SQL | undefined {
  const visible = visibleCampaignsCondition(visibility, typeColumn);
  return visible ? sql`not (${visible})` : undefined;
}
