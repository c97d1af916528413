/**
 * The closed lists of message keys and field names cover what the domain's
 * own rules produce: validation keys that travel as messages, and the fields
 * of every campaign step error.
 */
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TYPES,
  FIELD_NAMES,
  LOCATION_VALIDATION_KEYS,
  MERCHANT_VALIDATION_KEYS,
  MESSAGE_KEYS,
  STEP_MESSAGES,
  ZCampaignContent,
  fieldParts,
  isMessageKey,
  validateCampaign,
  type TCampaignContent,
} from '../index.js';

describe('message keys', () => {
  it('are unique', () => {
    expect(new Set(MESSAGE_KEYS).size).toBe(MESSAGE_KEYS.length);
  });

  it('include every step message and every validation key that travels as a message', () => {
    // 'required' is answered as the spec's required_field_missing.
    const travelling = [...MERCHANT_VALIDATION_KEYS, ...LOCATION_VALIDATION_KEYS].filter(
      (key) => key !== 'required',
    );
    const missing = [...STEP_MESSAGES, ...travelling].filter((key) => !isMessageKey(key));
    expect(missing).toEqual([]);
  });
});

/** Contents that break every rule a step has, so that every field that can be named is. */
function brokenContents(): TCampaignContent[] {
  const empty = ZCampaignContent.parse({});
  const emptyPrizes = ZCampaignContent.parse({ prizes: [{}] }).prizes;
  const day = 24 * 60 * 60 * 1000;
  return [
    empty,
    {
      ...empty,
      prizes: emptyPrizes,
      benefit: { ...empty.benefit, pay_n: 3, get_m: 2, original_value: 5, abs_discount: 9 },
      description: { de: 'kurz', en: 'x'.repeat(30_000) },
      landing_page: 'kein Link',
      valid_from: new Date(2 * day).toISOString(),
      valid_until: new Date(day).toISOString(),
      coupon: { ...empty.coupon, code_type: 'single', redemption: 'user_action' },
      required_data: {
        ...empty.required_data,
        name: { usage: false, required: true },
        birthdate: { usage: false, required: true },
        postal_address: { usage: false, required: true },
        kids: { usage: false, required: true },
        telephone: { usage: false, required: true },
      },
    },
  ];
}

describe('field names', () => {
  it('are unique, and the parents of every pattern are field names too', () => {
    expect(new Set(FIELD_NAMES).size).toBe(FIELD_NAMES.length);
    const orphans = FIELD_NAMES.filter((name) => {
      const parent = name.split('.').slice(0, -1).join('.');
      return parent !== '' && !(FIELD_NAMES as readonly string[]).includes(parent);
    });
    expect(orphans).toEqual([]);
  });

  it('take a named field apart into its pattern, list positions and languages', () => {
    expect(fieldParts('prizes.2.count')).toEqual({
      pattern: 'prizes.#.count',
      indexes: [2],
      keys: [],
    });
    expect(fieldParts('title.de')).toEqual({ pattern: 'title.*', indexes: [], keys: ['de'] });
    expect(fieldParts('required_data.kids.usage')?.pattern).toBe('required_data.kids.usage');
    expect(fieldParts('no_such_field')).toBeUndefined();
  });

  it('cover the field of every step error the rules can give', () => {
    const fields = new Set<string>();
    for (const type of CAMPAIGN_TYPES) {
      for (const content of brokenContents()) {
        for (const hasImage of [false, true]) {
          for (const error of validateCampaign(content, { type, hasImage })) fields.add(error.fld);
        }
      }
    }
    expect(fields.size).toBeGreaterThan(20);
    expect([...fields].filter((field) => fieldParts(field) === undefined)).toEqual([]);
  });
});
