import { describe, expect, it } from 'vitest';
import { parseListFilters, withFilter } from './list-filters';

describe('campaign list filters in the URL', () => {
  it('reads the known filters and drops unknown values', () => {
    const search = new URLSearchParams(
      'filter_status=created&filter_type=coupon&filter_runtime=running&order_by=-title&filter_campaign=%20Herbst%20&page=3',
    );
    expect(parseListFilters(search)).toEqual({
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
});
