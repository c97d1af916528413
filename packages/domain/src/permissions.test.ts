/** The merchant section's screens and what an upgrade unlocks. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROLES } from './account/roles.js';
import {
  featuresUnlocked,
  MERCHANT_SECTION_SCREENS,
  merchantHomeScreen,
  merchantScreenAccess,
  UPGRADE_FEATURES,
} from './permissions.js';
import { effectiveMerchantLevel, nextMerchantLevel } from './user/levels.js';

const admin = { level: 'admin' as const };
const agency = { level: 'agency' as const };
const other = { level: 'other' as const };
const ALL = ACCOUNT_ROLES;

describe('merchant screen access', () => {
  it('sends a basic merchant’s only users to the upgrade for the profile, opens the rest', () => {
    expect(
      MERCHANT_SECTION_SCREENS.map((screen) =>
        merchantScreenAccess(other, ALL, screen, 0, 'single'),
      ),
    ).toEqual(['upgrade', 'open', 'open', 'open', 'open', 'open']);
    expect(merchantHomeScreen(other, ALL, 0, 'single')).toBe('accounts');
  });

  it('opens the profile from silver, and for users of several merchants', () => {
    expect(merchantScreenAccess(other, ALL, 'profile', 1, 'single')).toBe('open');
    expect(merchantScreenAccess(other, ALL, 'profile', 0, 'select')).toBe('open');
    expect(merchantHomeScreen(other, ALL, 1, 'single')).toBe('profile');
    expect(merchantHomeScreen(other, ALL, 0, 'autocomplete')).toBe('profile');
  });

  it('closes what the roles do not open, before any upgrade', () => {
    const staff = ['manage-campaigns'] as const;
    expect(
      MERCHANT_SECTION_SCREENS.map((screen) =>
        merchantScreenAccess(other, staff, screen, 0, 'single'),
      ),
    ).toEqual(['upgrade', 'closed', 'closed', 'open', 'closed', 'closed']);
    expect(merchantHomeScreen(other, staff, 0, 'single')).toBe('notifications');
    expect(merchantScreenAccess(other, undefined, 'notifications', 1, 'select')).toBe('closed');
    expect(merchantHomeScreen(other, undefined, 1, 'select')).toBeUndefined();
  });

  it('never asks admins and agencies to upgrade', () => {
    for (const actor of [admin, agency]) {
      const level = effectiveMerchantLevel(actor.level, 0);
      expect(merchantScreenAccess(actor, ALL, 'profile', level, 'single')).toBe('open');
      expect(merchantHomeScreen(actor, ALL, level, 'single')).toBe('profile');
    }
  });
});

describe('what an upgrade unlocks', () => {
  it('names the next merchant level', () => {
    expect([0, 1, 2, 5].map(nextMerchantLevel)).toEqual([1, 2, undefined, undefined]);
  });

  it('unlocks every feature from basic to silver for a single merchant’s user', () => {
    expect(featuresUnlocked(0, 1, 'single')).toEqual(UPGRADE_FEATURES);
  });

  it('leaves out what is open already', () => {
    expect(featuresUnlocked(0, 1, 'select')).toEqual([
      'accounts',
      'copies',
      'listable',
      'required-data',
    ]);
    expect(featuresUnlocked(1, 2, 'single')).toEqual([]);
  });
});
