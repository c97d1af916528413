import { describe, expect, it } from 'vitest';
import {
  CODE_MAX_LENGTH,
  codesRunLow,
  collectCodes,
  couponHasNoCodes,
  isValidCode,
  neutraliseCsvCell,
  prizeCodeErrors,
  uniqueCodePrizeNeed,
} from './codes.js';
import { ZCodeAddBody, ZCodeGenerateOptions } from '../api/codes.js';
import { emptyCampaignContent, ZPrize, type TPrize } from './content.js';
import { validateCampaign } from './validation.js';

const prize = (changes: Partial<TPrize>): TPrize => ({ ...ZPrize.parse({}), ...changes });

describe('code formats', () => {
  it('accepts visible characters without spaces up to the maximum length', () => {
    expect(isValidCode('ABC-123_x!')).toBe(true);
    expect(isValidCode('Ä€ß')).toBe(true);
    expect(isValidCode('Z'.repeat(CODE_MAX_LENGTH))).toBe(true);
    expect(isValidCode('Z'.repeat(CODE_MAX_LENGTH + 1))).toBe(false);
    expect(isValidCode('')).toBe(false);
    expect(isValidCode('mit Leerzeichen')).toBe(false);
    expect(isValidCode('tab\there')).toBe(false);
    expect(isValidCode('nul\u0000')).toBe(false);
    expect(isValidCode('zero\u200bwidth')).toBe(false);
  });

  it('collects codes of lines: trimmed, blanks, a header and repeats counted, invalid lines listed', () => {
    expect(collectCodes(['Code', ' A1 ', '', 'B2', 'A1', '   ', 'x y', 'C3'])).toEqual({
      codes: ['A1', 'B2', 'C3'],
      blank: 3,
      duplicates: 1,
      invalidLines: [7],
    });
    // A header is only a header on the first line.
    expect(collectCodes(['A1', 'code']).codes).toEqual(['A1', 'code']);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=1+2', '+A', '-5', '@x', '\tx', 'ok', 'a=b'].map(neutraliseCsvCell)).toEqual([
      "'=1+2",
      "'+A",
      "'-5",
      "'@x",
      "'\tx",
      'ok',
      'a=b',
    ]);
  });

  it('takes generator options with limits and defaults', () => {
    expect(ZCodeGenerateOptions.parse({ count: 5 })).toEqual({ count: 5, prefix: '', length: 10 });
    expect(ZCodeGenerateOptions.safeParse({ count: 0 }).success).toBe(false);
    expect(ZCodeGenerateOptions.safeParse({ count: 100_001 }).success).toBe(false);
    expect(ZCodeGenerateOptions.safeParse({ count: 5, length: 5 }).success).toBe(false);
    expect(ZCodeGenerateOptions.safeParse({ count: 5, prefix: 'a b' }).success).toBe(false);
    expect(ZCodeAddBody.safeParse({ codes: 'A\nB' }).success).toBe(true);
    expect(ZCodeAddBody.safeParse({ codes: ['A', 'B'] }).success).toBe(true);
    expect(ZCodeAddBody.safeParse({}).success).toBe(false);
  });
});

describe('unique-code prizes and coupon codes', () => {
  const prizes = [
    prize({ count: 2, name: 'Reise', redemption: 'postal_delivery' }),
    prize({ count: 3, name: 'Gutschein A', redemption: 'unique_code' }),
    prize({ count: 4, name: 'Gutschein B', redemption: 'unique_code' }),
  ];

  it('needs one code per unit of every unique-code prize', () => {
    expect(uniqueCodePrizeNeed({ prizes })).toBe(7);
    expect(uniqueCodePrizeNeed({ prizes: [prizes[0] as TPrize] })).toBe(0);
  });

  it('names each prize the available codes no longer cover, in prize order', () => {
    const fld = (available: number) =>
      prizeCodeErrors('sweepstake/standard', { prizes }, available).map((error) => error.fld);
    expect(fld(0)).toEqual(['prizes.1.redemption', 'prizes.2.redemption']);
    expect(fld(3)).toEqual(['prizes.2.redemption']);
    expect(fld(6)).toEqual(['prizes.2.redemption']);
    expect(fld(7)).toEqual([]);
    expect(prizeCodeErrors('coupon/percent', { prizes }, 0)).toEqual([]);
  });

  it('is part of the campaign errors only when the codes are known', () => {
    const content = { ...emptyCampaignContent(), prizes };
    const benefit = (availableCodes?: number) =>
      validateCampaign(content, { type: 'sweepstake/standard', hasImage: true, availableCodes })
        .filter((error) => error.message === 'not_enough_codes')
        .map((error) => error.step);
    expect(benefit(undefined)).toEqual([]);
    expect(benefit(5)).toEqual(['benefit']);
  });

  it('warns about a coupon with multiple codes and none available', () => {
    const coupon = { ...emptyCampaignContent().coupon, code_type: 'multiple' as const };
    expect(couponHasNoCodes('coupon/percent', { coupon }, 0)).toBe(true);
    expect(couponHasNoCodes('coupon/percent', { coupon }, 1)).toBe(false);
    expect(
      couponHasNoCodes('coupon/percent', { coupon: { ...coupon, code_type: 'single' } }, 0),
    ).toBe(false);
    expect(couponHasNoCodes('sweepstake/standard', { coupon }, 0)).toBe(false);
  });
});

describe('codes running low (codes.low)', () => {
  it('means fewer than 100 left, or fewer than 10 % in a store of more than 1,000', () => {
    expect(codesRunLow({ total: 150, left: 100 })).toBe(false);
    expect(codesRunLow({ total: 150, left: 99 })).toBe(true);
    expect(codesRunLow({ total: 3, left: 3 })).toBe(true);
    expect(codesRunLow({ total: 1000, left: 100 })).toBe(false);
    expect(codesRunLow({ total: 2000, left: 200 })).toBe(false);
    expect(codesRunLow({ total: 2000, left: 199 })).toBe(true);
    expect(codesRunLow({ total: 100_000, left: 9_999 })).toBe(true);
    expect(codesRunLow({ total: 100_000, left: 10_000 })).toBe(false);
  });

  it('never for a campaign without codes', () => {
    expect(codesRunLow({ total: 0, left: 0 })).toBe(false);
  });
});
