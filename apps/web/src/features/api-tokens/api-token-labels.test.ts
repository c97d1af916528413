/**
 * The API-Zugänge screen's rules (docs/product.md#tokens-for-integrators): a
 * token's state, and the roles a new token may be given.
 */
import { describe, expect, it } from 'vitest';
import { apiTokenState, grantableRoles } from './api-token-labels';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

describe('a token’s state', () => {
  it('is active without expiry, or before it', () => {
    expect(apiTokenState({ expiresAt: null, revokedAt: null }, NOW)).toBe('active');
    expect(apiTokenState({ expiresAt: '2026-11-28T12:00:01.000Z', revokedAt: null }, NOW)).toBe(
      'active',
    );
  });

  it('is expired from its expiry on', () => {
    expect(apiTokenState({ expiresAt: '2026-11-28T12:00:00.000Z', revokedAt: null }, NOW)).toBe(
      'expired',
    );
  });

  it('is revoked once revoked, also past its expiry', () => {
    expect(
      apiTokenState(
        { expiresAt: '2026-11-01T00:00:00.000Z', revokedAt: '2026-10-20T08:00:00.000Z' },
        NOW,
      ),
    ).toBe('revoked');
    expect(apiTokenState({ expiresAt: null, revokedAt: '2026-11-20T08:00:00.000Z' }, NOW)).toBe(
      'revoked',
    );
  });
});

describe('the roles a new token may carry', () => {
  it('are the roles the user holds, in the product’s order', () => {
    expect(grantableRoles({ level: 'other' }, ['contact', 'manage-accounts'])).toEqual([
      'manage-accounts',
      'contact',
    ]);
  });

  it('are every role for admins and for agencies linked to the merchant', () => {
    const all = ['manage-merchant', 'manage-campaigns', 'manage-accounts', 'contact'];
    expect(grantableRoles({ level: 'admin' }, undefined)).toEqual(all);
    expect(grantableRoles({ level: 'agency' }, [])).toEqual(all);
  });

  it('are none without an account of the merchant', () => {
    expect(grantableRoles({ level: 'other' }, undefined)).toEqual([]);
    expect(grantableRoles({ level: 'agency' }, undefined)).toEqual([]);
  });
});
