import { describe, expect, it } from 'vitest';
import { campaignConversion, conversionPercent } from './conversion.js';

describe('conversion', () => {
  it('is the share of list views in percent', () => {
    expect(conversionPercent(1, 4)).toBe(25);
    expect(campaignConversion({ view_list: 405, view_detail: 81, participations: 27 })).toEqual({
      detail: 20,
      participation: (27 / 405) * 100,
    });
  });

  it('is null without list views, and may exceed 100 % (mails, links)', () => {
    expect(conversionPercent(3, 0)).toBeNull();
    expect(campaignConversion({ view_list: 0, view_detail: 0, participations: 0 })).toEqual({
      detail: null,
      participation: null,
    });
    expect(conversionPercent(6, 4)).toBe(150);
  });
});
