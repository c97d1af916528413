import type { MerchantSearchType, TInitUserResponse, TMerchantSummary } from '@backoffice/domain';
import { describe, expect, it } from 'vitest';
import { decideMerchant, pathAfterChoice } from './merchant-decision';

const merchant = (uuid: string, level = 0): TMerchantSummary => ({
  uuid,
  name: `Merchant ${uuid}`,
  brand_name: null,
  level,
  is_valid: true,
  errors: [],
  image: null,
  roles: ['manage-merchant'],
});

const init = (
  searchtype: MerchantSearchType,
  merchants: TMerchantSummary[],
): TInitUserResponse => ({
  user: {
    email: 'a@example.com',
    locale: 'de-DE',
    level: 'other',
    token: { sub: 'u', iss: 'i', exp: 1 },
  },
  merchantinfo: { searchtype, merchants, total: merchants.length },
});

describe('decideMerchant (docs/product.md#merchant-selection)', () => {
  it('uses a remembered merchant that is still linked, preferring fresh data', () => {
    const fresh = merchant('m1', 2);
    expect(decideMerchant(init('select', [fresh]), merchant('m1', 0))).toEqual({
      kind: 'use',
      merchant: fresh,
    });
  });

  it('keeps the remembered merchant when it is not on the first page', () => {
    const remembered = merchant('m9');
    expect(decideMerchant(init('autocomplete', [merchant('m1')]), remembered)).toEqual({
      kind: 'use',
      merchant: remembered,
    });
  });

  it('sends users without merchant to creation', () => {
    expect(decideMerchant(init('none', []), undefined)).toEqual({ kind: 'create' });
  });

  it('selects the only merchant', () => {
    const only = merchant('m1');
    expect(decideMerchant(init('single', [only]), undefined)).toEqual({
      kind: 'use',
      merchant: only,
    });
  });

  it('lets users with several merchants choose', () => {
    expect(decideMerchant(init('select', [merchant('a'), merchant('b')]), undefined)).toEqual({
      kind: 'choose',
    });
    expect(decideMerchant(init('autocomplete', [merchant('a')]), undefined)).toEqual({
      kind: 'choose',
    });
  });
});

describe('pathAfterChoice', () => {
  const chosen = '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';
  const other = '1c2d3e4f-5061-7283-94a5-b6c7d8e9f0a1';

  it('keeps a page of the chosen merchant, with its query', () => {
    const path = `/${chosen}/campaigns/coupon/${other}/handling?field=title`;
    expect(pathAfterChoice(path, chosen)).toBe(path);
  });

  it('keeps a page that belongs to no merchant', () => {
    expect(pathAfterChoice(`/access-code-sets/${other}`, chosen)).toBe(
      `/access-code-sets/${other}`,
    );
    expect(pathAfterChoice('/review', chosen)).toBe('/review');
    expect(pathAfterChoice('/', chosen)).toBe('/');
  });

  it('leads from a page of another merchant to the dashboard', () => {
    expect(pathAfterChoice(`/${other}/campaigns/list`, chosen)).toBe('/');
    expect(pathAfterChoice(`/${other}/accounts`, chosen)).toBe('/');
  });

  it('leads from merchant creation to the dashboard: the choice answered it', () => {
    expect(pathAfterChoice('/create', chosen)).toBe('/');
  });
});
