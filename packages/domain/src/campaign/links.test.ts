/** Co-registration availability and the checks of chosen co-participation and exclusion lists. */
import { describe, expect, it } from 'vitest';
import { isCoregAvailable, linkProblem, type LinkedCampaignFacts } from './links.js';

const SELF = '00000000-0000-4000-8000-000000000001';
const SIBLING = '00000000-0000-4000-8000-000000000002';
const OTHER = '00000000-0000-4000-8000-000000000003';
const GONE = '00000000-0000-4000-8000-000000000004';
const MISSING = '00000000-0000-4000-8000-000000000005';
const TIP = '00000000-0000-4000-8000-000000000006';

const facts = new Map<string, LinkedCampaignFacts>([
  [SELF, { merchantId: 'm1', status: 'created', type: 'coupon/percent' }],
  [SIBLING, { merchantId: 'm1', status: 'active', type: 'sweepstake/standard' }],
  [OTHER, { merchantId: 'm2', status: 'active', type: 'coupon/free' }],
  [GONE, { merchantId: 'm1', status: 'deleted', type: 'coupon/free' }],
  [TIP, { merchantId: 'm1', status: 'active', type: 'tip/offer' }],
]);
const check = (chosen: string[], stored: string[] = [], tipsAllowed = true) =>
  linkProblem(chosen, { campaignId: SELF, merchantId: 'm1', stored, facts, tipsAllowed });

describe('co-registration availability', () => {
  const terms = {
    sponsor_name: 'Bäckerei',
    unsubscribe_email: 'abmelden@example.com',
    privacy_url: 'https://example.com/datenschutz',
    contact_text: 'Hauptstraße 1',
  };
  it('needs the switch and every term', () => {
    expect(isCoregAvailable({ coreg_enabled: true, coreg_terms: terms })).toBe(true);
    expect(isCoregAvailable({ coreg_enabled: false, coreg_terms: terms })).toBe(false);
    expect(
      isCoregAvailable({ coreg_enabled: true, coreg_terms: { ...terms, privacy_url: ' ' } }),
    ).toBe(false);
  });
});

describe('chosen campaigns', () => {
  it('accepts other campaigns of the same merchant, and an empty list', () => {
    expect(check([SIBLING])).toBeUndefined();
    expect(check([])).toBeUndefined();
  });

  it('refuses the campaign itself, duplicates, deleted, unknown and foreign campaigns', () => {
    expect(check([SIBLING, SELF])).toEqual({ index: 1, problem: 'self' });
    expect(check([SIBLING, SIBLING.toUpperCase()])).toEqual({ index: 1, problem: 'duplicate' });
    expect(check([GONE])).toEqual({ index: 0, problem: 'deleted' });
    expect(check([MISSING])).toEqual({ index: 0, problem: 'unknown' });
    // Another merchant's campaign reads like one that does not exist.
    expect(check([SIBLING, OTHER])).toEqual({ index: 1, problem: 'unknown' });
  });

  it('keeps an entry already stored even when that campaign was deleted since', () => {
    expect(check([GONE], [GONE])).toBeUndefined();
    expect(check([GONE, GONE], [GONE])).toEqual({ index: 1, problem: 'duplicate' });
    expect(check([SELF], [SELF])).toEqual({ index: 0, problem: 'self' });
  });

  it('reads a tip as unknown to a user who may not use tips, unless it was stored before', () => {
    expect(check([TIP])).toBeUndefined();
    expect(check([SIBLING, TIP], [], false)).toEqual({ index: 1, problem: 'unknown' });
    expect(check([TIP], [TIP], false)).toBeUndefined();
  });
});
