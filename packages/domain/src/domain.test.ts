import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROLES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  buildPager,
  campaignFamily,
  canClone,
  canOpenMerchantScreen,
  canSeeAdminLink,
  canSwitchMerchant,
  canToggleListable,
  canUseAccessCodeSets,
  canUseRequiredDataStep,
  canUseTips,
  currencyForLocale,
  effectiveMerchantLevel,
  hasRole,
  isCampaignType,
  MERCHANT_SCREENS,
  merchantLevelName,
  merchantSearchType,
  mustUpgradeForMerchantProfile,
  pageCount,
  phaseColour,
} from './index.js';

describe('user levels', () => {
  it('maps admin to 10, agency to 5 and others to the merchant level (default 0)', () => {
    expect(effectiveMerchantLevel('admin', 0)).toBe(10);
    expect(effectiveMerchantLevel('agency', 2)).toBe(5);
    expect(effectiveMerchantLevel('other', 1)).toBe(1);
    expect(effectiveMerchantLevel('other', undefined)).toBe(0);
    expect(effectiveMerchantLevel('other', null)).toBe(0);
  });

  it('names merchant levels 0 basic, 1 silver, 2 gold', () => {
    expect([0, 1, 2].map(merchantLevelName)).toEqual(['basic', 'silver', 'gold']);
    expect(merchantLevelName(10)).toBeUndefined();
  });
});

describe('permissions', () => {
  const admin = { level: 'admin' as const };
  const agency = { level: 'agency' as const };
  const other = { level: 'other' as const };

  it('keeps access-code sets and the admin link for admins', () => {
    expect([admin, agency, other].map(canUseAccessCodeSets)).toEqual([true, false, false]);
    expect([admin, agency, other].map(canSeeAdminLink)).toEqual([true, false, false]);
  });

  it('offers tips to admins and agencies only', () => {
    expect([admin, agency, other].map(canUseTips)).toEqual([true, true, false]);
  });

  it('unlocks clone, toggle-listable and requireddata from merchant level 1', () => {
    for (const rule of [canClone, canToggleListable, canUseRequiredDataStep]) {
      expect(rule(0)).toBe(false);
      expect(rule(1)).toBe(true);
      expect(rule(10)).toBe(true);
    }
  });

  it('hides merchant switching for the single search type only', () => {
    expect(canSwitchMerchant('single')).toBe(false);
    expect(canSwitchMerchant('select')).toBe(true);
    expect(canSwitchMerchant('autocomplete')).toBe(true);
  });

  it('sends level-0 single-merchant users to the upgrade notice for the merchant profile', () => {
    expect(mustUpgradeForMerchantProfile(0, 'single')).toBe(true);
    expect(mustUpgradeForMerchantProfile(1, 'single')).toBe(false);
    expect(mustUpgradeForMerchantProfile(0, 'select')).toBe(false);
  });

  it('grants roles by account, every role to admins and linked agencies', () => {
    expect(hasRole(other, ['manage-campaigns'], 'manage-campaigns')).toBe(true);
    expect(hasRole(other, ['manage-campaigns'], 'manage-accounts')).toBe(false);
    expect(hasRole(other, undefined, 'contact')).toBe(false);
    expect(hasRole(admin, undefined, 'manage-accounts')).toBe(true);
    expect(hasRole(agency, [], 'manage-merchant')).toBe(true);
    expect(hasRole(agency, undefined, 'manage-merchant')).toBe(false);
  });
});

describe('merchant search type', () => {
  it('is none, single, select up to ten, then autocomplete', () => {
    expect([0, 1, 2, 10, 11, 500].map(merchantSearchType)).toEqual([
      'none',
      'single',
      'select',
      'select',
      'autocomplete',
      'autocomplete',
    ]);
  });
});

describe('campaign enums', () => {
  it('lists the spec statuses, types and roles', () => {
    expect(CAMPAIGN_STATUSES).toHaveLength(8);
    expect(CAMPAIGN_TYPES).toHaveLength(10);
    expect(ACCOUNT_ROLES).toEqual([
      'manage-merchant',
      'manage-campaigns',
      'manage-accounts',
      'contact',
    ]);
    expect(campaignFamily('coupon/m_for_n')).toBe('coupon');
    expect(isCampaignType('tip/generic')).toBe(true);
    expect(isCampaignType('coupon')).toBe(false);
  });

  it('colours phases as docs/product.md#campaign-states says', () => {
    expect(phaseColour('running', 'active')).toBe('green');
    expect(phaseColour('running', 'approved')).toBe('light-red');
    expect(phaseColour('missing_approval', 'submitted')).toBe('red');
    expect(phaseColour('pending', 'approved')).toBe('yellow');
    expect(phaseColour('ended', 'ended')).toBe('grey-blue');
    expect(phaseColour('invalid', 'created')).toBe('light-red');
    expect(phaseColour('running', 'deleted')).toBeUndefined();
    expect(phaseColour('ended', 'rejected')).toBeUndefined();
  });
});

describe('pager', () => {
  it('has first and last always, prev and next where they exist', () => {
    expect(buildPager(1, 0).links).toEqual([
      { rel: 'first', page: 1 },
      { rel: 'last', page: 1 },
    ]);
    expect(buildPager(2, 35).links).toEqual([
      { rel: 'first', page: 1 },
      { rel: 'prev', page: 1 },
      { rel: 'next', page: 3 },
      { rel: 'last', page: 4 },
    ]);
    expect(buildPager(4, 35)).toMatchObject({ entries_per_page: 10, total_entries: 35 });
    expect(buildPager(4, 35).links.map((l) => l.rel)).toEqual(['first', 'prev', 'last']);
    expect(buildPager(4, 35, { entriesPerPage: 5 }).links.at(-1)).toEqual({ rel: 'last', page: 7 });
  });

  it('marks an estimated total and takes the next link from what the caller knows', () => {
    const estimated = buildPager(3, 12_000, { hasNext: false, estimated: true });
    expect(estimated.total_entries_estimated).toBe(true);
    expect(estimated.links.map((l) => l.rel)).toEqual(['first', 'prev', 'last']);
    expect(buildPager(3, 25, { hasNext: true }).links).toContainEqual({ rel: 'next', page: 4 });
    expect(buildPager(1, 35)).not.toHaveProperty('total_entries_estimated');
  });

  it('counts the pages it spans, at least one', () => {
    expect(pageCount(buildPager(1, 0))).toBe(1);
    expect(pageCount(buildPager(1, 10))).toBe(1);
    expect(pageCount(buildPager(1, 11))).toBe(2);
    expect(pageCount(buildPager(1, 12_345, { estimated: true }))).toBe(1235);
  });
});

describe('currency', () => {
  it('is CHF for the Swiss locale only', () => {
    expect(currencyForLocale('de-CH')).toBe('CHF');
    expect(currencyForLocale('de-DE')).toBe('EUR');
    expect(currencyForLocale('de-AT')).toBe('EUR');
  });
});

describe('merchant screens', () => {
  const staff = { level: 'other' as const };
  it('open to the roles the server asks for', () => {
    const campaignsOnly = ['manage-campaigns'] as const;
    expect(canOpenMerchantScreen(staff, campaignsOnly, 'campaigns')).toBe(true);
    expect(canOpenMerchantScreen(staff, campaignsOnly, 'profile')).toBe(true);
    expect(canOpenMerchantScreen(staff, campaignsOnly, 'notifications')).toBe(true);
    expect(canOpenMerchantScreen(staff, campaignsOnly, 'accounts')).toBe(false);
    expect(canOpenMerchantScreen(staff, campaignsOnly, 'locations')).toBe(false);
    expect(canOpenMerchantScreen(staff, ['manage-accounts'], 'accounts')).toBe(true);
    expect(canOpenMerchantScreen(staff, ['manage-merchant'], 'locations')).toBe(true);
    // The integrators' tokens are managed with manage-accounts, as the server asks.
    expect(canOpenMerchantScreen(staff, ['manage-accounts'], 'apiTokens')).toBe(true);
    expect(canOpenMerchantScreen(staff, ['manage-merchant'], 'apiTokens')).toBe(false);
  });

  it('closed to users without an account of the merchant, open to admins', () => {
    for (const screen of MERCHANT_SCREENS) {
      expect(canOpenMerchantScreen(staff, undefined, screen)).toBe(false);
      expect(canOpenMerchantScreen({ level: 'admin' }, undefined, screen)).toBe(true);
      expect(canOpenMerchantScreen({ level: 'agency' }, [], screen)).toBe(true);
    }
  });
});
