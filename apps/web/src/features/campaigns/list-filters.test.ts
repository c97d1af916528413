import { describe, expect, it } from 'vitest';
import { parseListFilters, typeFiltersFor, withFilter } from './list-filters';

const admin = { level: 'admin' } as const;
const agency = { level: 'agency' } as const;
const merchantUser = { level: 'other' } as const;

describe('campaign list filters in the URL', () => {
  it('reads the known filters and drops unknown values', () => {
    const search = new URLSearchParams(
      'filter_status=created&filter_type=coupon&filter_runtime=running&order_by=-title&filter_campaign=%20Herbst%20&page=3',
    );
    expect(parseListFilters(search, merchantUser)).toEqual({
      filter_status: 'created',
      filter_type: 'coupon',
      filter_runtime: 'running',
      order_by: '-title',
      filter_campaign: 'Herbst',
      page: 3,
    });
    expect(
      parseListFilters(
        new URLSearchParams('filter_status=nope&filter_type=x&order_by=-x&page=-1&page=abc'),
        admin,
      ),
    ).toEqual({});
  });

  it('starts again on page 1 when a filter changes', () => {
    const filters = { filter_status: 'created' as const, page: 4 };
    expect(withFilter(filters, { filter_type: 'tip' })).toEqual({
      filter_status: 'created',
      filter_type: 'tip',
    });
    expect(withFilter(filters, { page: 5 })).toEqual({ filter_status: 'created', page: 5 });
    expect(withFilter(filters, { filter_status: undefined })).toEqual({});
  });

  it('offers tips only to admins and agencies, and drops a tip filter for everyone else', () => {
    expect(typeFiltersFor(merchantUser)).not.toContain('tip');
    expect(typeFiltersFor(merchantUser)).toEqual([
      'sweepstake/standard',
      'coupon/free',
      'coupon/absolute',
      'coupon/m_for_n',
      'coupon/offer',
      'coupon/percent',
      'coupon',
    ]);
    expect(typeFiltersFor(admin)).toContain('tip');
    expect(typeFiltersFor(agency)).toContain('tip');
    const tips = new URLSearchParams('filter_type=tip&filter_status=active');
    expect(parseListFilters(tips, merchantUser)).toEqual({ filter_status: 'active' });
    expect(parseListFilters(tips, agency)).toEqual({ filter_type: 'tip', filter_status: 'active' });
  });
});
