/** Ids and dates as every endpoint takes them. */
import { describe, expect, it } from 'vitest';
import { ZCampaignContentPatch } from '../campaign/content.js';
import { DATE_TIME_MAX, DATE_TIME_MIN, ZDateTime, ZUuid } from './common.js';
import { isIdent } from './ident.js';

describe('ZUuid', () => {
  it('takes UUIDs in either case, as the database writes them, and refuses 36 hex and dash characters that are none', () => {
    for (const id of [
      '3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b',
      '3F2B8C1E-9D4A-4B6E-8F7A-1C2D3E4F5A6B',
      '00000000-0000-0000-0000-000000000000',
      '0190f5a2-7b3c-7d4e-8f5a-6b7c8d9e0f1a',
    ]) {
      expect(ZUuid.parse(id), id).toBe(id.toLowerCase());
    }
    for (const id of [
      '-'.repeat(36),
      'a'.repeat(36),
      '3f2b8c1e9d4a-4b6e-8f7a-1c2d3e4f5a6b-',
      '3f2b8c1e-9d4a-4b6e-8f7a1c2d3e4f5a6b0',
      '3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6g',
      '3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b0',
      '{3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b}',
    ]) {
      expect(ZUuid.safeParse(id).error?.issues[0]?.message, id).toBe('invalid_value');
    }
  });

  it('takes the same ids as isIdent, the zod-free check of the route guards', () => {
    for (const id of [
      '3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b',
      '3F2B8C1E-9D4A-4B6E-8F7A-1C2D3E4F5A6B',
      '00000000-0000-0000-0000-000000000000',
      '-'.repeat(36),
      'a'.repeat(36),
      '3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6g',
      '3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b0',
      '{3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b}',
      ' 3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b',
      '3f2b8c1e-9d4a-4b6e-8f7a-1c2d3e4f5a6b\n',
      '',
    ]) {
      expect(isIdent(id), JSON.stringify(id)).toBe(ZUuid.safeParse(id).success);
    }
    expect(isIdent(undefined)).toBe(false);
  });
});

describe('ZDateTime', () => {
  it('takes dates from 1970 to 9999 with any offset and refuses those outside', () => {
    for (const date of [
      DATE_TIME_MIN,
      DATE_TIME_MAX,
      '2025-06-01T10:00:00+02:00',
      '2025-06-01T10:00:00.123Z',
      '1970-01-01T01:00:00+01:00',
    ]) {
      expect(ZDateTime.safeParse(date).success, date).toBe(true);
    }
    // Also where only the offset carries a date out of the range.
    for (const date of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '1970-01-01T00:30:00+01:00',
      '9999-12-31T23:30:00-01:00',
      '2025-02-30T00:00:00Z',
      '2025-06-01',
    ]) {
      expect(ZDateTime.safeParse(date).error?.issues[0]?.message, date).toBe('invalid_value');
    }
  });

  it('is the date of every datetime field of a campaign', () => {
    const refused = ZCampaignContentPatch.safeParse({
      valid_from: '0000-01-01T00:00:00Z',
      valid_until: '0000-01-01T00:00:00Z',
      coupon: { expiry: '0000-01-01T00:00:00Z' },
    });
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'coupon.expiry',
      'valid_from',
      'valid_until',
    ]);
  });
});
