/**
 * Who may do what (docs/product.md#roles-and-access). The server enforces these rules; the web app
 * calls the same functions only to shape what it shows.
 */
import { accountLimit } from './account/limits.js';
import { ACCOUNT_ROLES, type AccountRole } from './account/roles.js';
import { campaignFamily, type CampaignType } from './campaign/types.js';
import type { MerchantSearchType } from './merchant/search-type.js';
import type { UserLevel } from './user/levels.js';

export interface Actor {
  level: UserLevel;
}

export const isAdmin = (actor: Actor): boolean => actor.level === 'admin';

/** Access-code sets and the admin link are for admins alone. */
export const canUseAccessCodeSets = (actor: Actor): boolean => isAdmin(actor);
export const canSeeAdminLink = (actor: Actor): boolean => isAdmin(actor);

/** The merchant list (docs/product.md#merchants) is for admins and agencies. */
export const canUseMerchantList = (actor: Actor): boolean =>
  actor.level === 'admin' || actor.level === 'agency';

/** Tip campaigns may be created and opened by admins and agencies. */
export const canUseTips = (actor: Actor): boolean =>
  actor.level === 'admin' || actor.level === 'agency';

/** Whether campaigns of a type are for the actor at all: tips only for those who may use tips. */
export const canUseCampaignType = (actor: Actor, type: CampaignType): boolean =>
  campaignFamily(type) !== 'tip' || canUseTips(actor);

/**
 * Merchant level 1 unlocks toggle-listable, clone (and follow-ups, which are
 * copies too) and the requireddata step. Each takes the level the user acts
 * with (effectiveMerchantLevel).
 */
export const SILVER_FEATURES_LEVEL = 1;
export const canToggleListable = (merchantLevel: number): boolean =>
  merchantLevel >= SILVER_FEATURES_LEVEL;
export const canClone = (merchantLevel: number): boolean => canToggleListable(merchantLevel);
export const canCreateFollowup = (merchantLevel: number): boolean => canClone(merchantLevel);
export const canUseRequiredDataStep = (merchantLevel: number): boolean =>
  canToggleListable(merchantLevel);

/** Merchant switching is hidden when the user has exactly one merchant. */
export const canSwitchMerchant = (searchType: MerchantSearchType): boolean =>
  searchType !== 'single';

/**
 * A level-0 user in single-merchant mode who opens merchant create or edit is
 * sent to the upgrade notice instead.
 */
export const mustUpgradeForMerchantProfile = (
  merchantLevel: number,
  searchType: MerchantSearchType,
): boolean => merchantLevel === 0 && searchType === 'single';

/**
 * The roles a user holds for a merchant, given the roles of their confirmed
 * account there (undefined: no account, or only a pending invitation). Admins
 * hold every role for every merchant, agencies every role for the merchants
 * they are linked to, everyone else their account's roles. Undefined: the
 * user may not act for the merchant at all.
 */
export function effectiveRoles(
  actor: Actor,
  accountRoles: readonly AccountRole[] | undefined,
): readonly AccountRole[] | undefined {
  if (actor.level === 'admin') return ACCOUNT_ROLES;
  if (!accountRoles) return undefined;
  return actor.level === 'agency' ? ACCOUNT_ROLES : accountRoles;
}

/**
 * Whether an account's roles grant a role. Admins hold every role for every
 * merchant; agencies hold every role for the merchants they are linked to.
 */
export function hasRole(
  actor: Actor,
  roles: readonly AccountRole[] | undefined,
  role: AccountRole,
): boolean {
  return effectiveRoles(actor, roles)?.includes(role) ?? false;
}

/**
 * The screens of one merchant (docs/product.md#roles-and-access "Merchant screens by role") and
 * the role each needs, as the server enforces it: the profile and the
 * notifications are open to every account of the merchant (saving the
 * profile needs manage-merchant), locations and webhooks need
 * manage-merchant, accounts and the integrators' tokens (API-Zugänge)
 * manage-accounts, campaigns manage-campaigns.
 */
export const MERCHANT_SCREENS = [
  'profile',
  'accounts',
  'locations',
  'notifications',
  'webhooks',
  'apiTokens',
  'campaigns',
] as const;
export type MerchantScreen = (typeof MERCHANT_SCREENS)[number];

export const MERCHANT_SCREEN_ROLES: Readonly<Record<MerchantScreen, AccountRole | null>> = {
  profile: null,
  accounts: 'manage-accounts',
  locations: 'manage-merchant',
  notifications: null,
  webhooks: 'manage-merchant',
  apiTokens: 'manage-accounts',
  campaigns: 'manage-campaigns',
};

/** Whether a user with these roles for a merchant may open one of its screens. */
export function canOpenMerchantScreen(
  actor: Actor,
  roles: readonly AccountRole[] | undefined,
  screen: MerchantScreen,
): boolean {
  const role = MERCHANT_SCREEN_ROLES[screen];
  if (role === null) return actor.level === 'admin' || roles !== undefined;
  return hasRole(actor, roles, role);
}

/**
 * The screens of a merchant's own section ("Händler" in the side menu, the
 * tabs of its pages), in the order they are offered.
 */
export const MERCHANT_SECTION_SCREENS = [
  'profile',
  'accounts',
  'locations',
  'notifications',
  'webhooks',
  'apiTokens',
] as const satisfies readonly MerchantScreen[];

export type MerchantScreenAccess = 'open' | 'upgrade' | 'closed';

/**
 * How a user reaches one of a merchant's screens: `open`; `upgrade` when the
 * roles open it but the merchant's level sends the user to the upgrade notice
 * instead (the profile, for a basic merchant's users with no other merchant);
 * `closed` when the roles do not open it.
 *
 * @param merchantLevel the level the user acts with (effectiveMerchantLevel)
 */
export function merchantScreenAccess(
  actor: Actor,
  roles: readonly AccountRole[] | undefined,
  screen: MerchantScreen,
  merchantLevel: number,
  searchType: MerchantSearchType,
): MerchantScreenAccess {
  if (!canOpenMerchantScreen(actor, roles, screen)) return 'closed';
  if (screen === 'profile' && mustUpgradeForMerchantProfile(merchantLevel, searchType)) {
    return 'upgrade';
  }
  return 'open';
}

/**
 * Where a merchant's section starts for a user: the first of its screens
 * that opens without an upgrade. Undefined when none does.
 */
export function merchantHomeScreen(
  actor: Actor,
  roles: readonly AccountRole[] | undefined,
  merchantLevel: number,
  searchType: MerchantSearchType,
): MerchantScreen | undefined {
  return MERCHANT_SECTION_SCREENS.find(
    (screen) => merchantScreenAccess(actor, roles, screen, merchantLevel, searchType) === 'open',
  );
}

/**
 * What a higher merchant level unlocks, each decided by the rule above that
 * governs it: the merchant profile (please-upgrade), more accounts (the
 * account limit), copies and follow-ups, hiding campaigns from lists, and
 * the required-data step.
 */
export const UPGRADE_FEATURES = [
  'merchant-profile',
  'accounts',
  'copies',
  'listable',
  'required-data',
] as const;
export type UpgradeFeature = (typeof UPGRADE_FEATURES)[number];

const FEATURE_RULES: Readonly<
  Record<UpgradeFeature, (merchantLevel: number, searchType: MerchantSearchType) => boolean>
> = {
  'merchant-profile': (level, searchType) => !mustUpgradeForMerchantProfile(level, searchType),
  accounts: (level) => accountLimit(level) === null,
  copies: (level) => canClone(level) && canCreateFollowup(level),
  listable: (level) => canToggleListable(level),
  'required-data': (level) => canUseRequiredDataStep(level),
};

/** The features closed at `fromLevel` that `toLevel` opens, in the order of UPGRADE_FEATURES. */
export function featuresUnlocked(
  fromLevel: number,
  toLevel: number,
  searchType: MerchantSearchType,
): UpgradeFeature[] {
  return UPGRADE_FEATURES.filter(
    (feature) =>
      !FEATURE_RULES[feature](fromLevel, searchType) && FEATURE_RULES[feature](toLevel, searchType),
  );
}
