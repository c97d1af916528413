/** Step rules of every campaign type (docs/product.md#validation) with their boundary values. */
import { describe, expect, it } from 'vitest';
import {
  emptyCampaignContent,
  ZCampaignContentPatch,
  type TCampaignContent,
  type TPrize,
} from './content.js';
import { totalPrizeValue } from './prize-value.js';
import { CAMPAIGN_TYPES, type CampaignType } from './types.js';
import {
  DESCRIPTION_MAX_LENGTH,
  descriptionLength,
  validateCampaign,
  validateStep,
  validators,
  type StepError,
} from './validation.js';

type ContentChanges = Partial<Omit<TCampaignContent, 'benefit' | 'coupon'>> & {
  benefit?: Partial<TCampaignContent['benefit']>;
  coupon?: Partial<TCampaignContent['coupon']>;
};

function content(changes: ContentChanges = {}): TCampaignContent {
  const base = emptyCampaignContent();
  return {
    ...base,
    ...changes,
    benefit: { ...base.benefit, ...changes.benefit },
    coupon: { ...base.coupon, ...changes.coupon },
  };
}

const prize = (changes: Partial<TPrize> = {}): TPrize => ({
  count: 1,
  value: 5000,
  name: 'Wellness-Wochenende',
  short_description: '',
  win_needs_response: false,
  winner_instructions: '',
  redemption: 'postal_delivery',
  ...changes,
});

const step = (type: CampaignType, stepName: StepError['step'], data: TCampaignContent) =>
  validateStep(stepName, data, { type, hasImage: true });

const fields = (errors: StepError[]) => errors.map((error) => [error.fld, error.message]);

const DESCRIPTION = 'x'.repeat(200);
const DAY = 86_400_000;

/** Content that passes every step of the type. */
function complete(type: CampaignType): TCampaignContent {
  const benefits: Record<CampaignType, ContentChanges> = {
    'sweepstake/standard': { prizes: [prize()] },
    'tip/sweepstake': { prizes: [prize()] },
    'coupon/percent': { benefit: { percent_discount: 20 } },
    'coupon/absolute': { benefit: { abs_discount: 500, original_value: 2000 } },
    'coupon/free': { benefit: { original_value: 990 } },
    'coupon/m_for_n': { benefit: { get_m: 3, pay_n: 2 } },
    'coupon/offer': { benefit: { original_value: 2000, discounted_value: 1500 } },
    'tip/offer': { benefit: { original_value: 2000, discounted_value: 1500 } },
    'tip/standard': {},
    'tip/generic': {},
  };
  const changes = benefits[type];
  return content({
    ...changes,
    title: { de: 'Titel' },
    description: { de: DESCRIPTION },
    tags: type.startsWith('tip/') ? ['essen'] : [],
    valid_from: new Date(Date.UTC(2030, 0, 1)).toISOString(),
    valid_until: new Date(Date.UTC(2030, 0, 1) + 30 * DAY).toISOString(),
    coupon: { redemption: 'offline' },
  });
}

describe('validators', () => {
  it('required refuses empty strings, null and empty lists only', () => {
    const required = validators.required();
    expect(required('')).toBe('required_field_missing');
    expect(required('   ')).toBe('required_field_missing');
    expect(required(null)).toBe('required_field_missing');
    expect(required(undefined)).toBe('required_field_missing');
    expect(required([])).toBe('required_field_missing');
    expect(required('a')).toBeUndefined();
    expect(required(0)).toBeUndefined();
    expect(required(false)).toBeUndefined();
    expect(required(['a'])).toBeUndefined();
  });

  it('min and max count characters; empty values are left to required', () => {
    expect(validators.min(3)('ab')).toBe('min_length');
    expect(validators.min(3)('abc')).toBeUndefined();
    expect(validators.min(3)('')).toBeUndefined();
    expect(validators.max(3)('abcd')).toBe('max_length');
    expect(validators.max(3)('abc')).toBeUndefined();
  });

  it('min_value and max_value include their bounds', () => {
    expect(validators.min_value(1)(0)).toBe('invalid_value');
    expect(validators.min_value(1)(1)).toBeUndefined();
    expect(validators.max_value(100)(100)).toBeUndefined();
    expect(validators.max_value(100)(101)).toBe('invalid_value');
    expect(validators.min_value(1)(null)).toBeUndefined();
  });

  it('regex checks non-empty values', () => {
    const url = validators.regex(/^https?:\/\//);
    expect(url('ftp://x')).toBe('invalid_value');
    expect(url('https://x')).toBeUndefined();
    expect(url('')).toBeUndefined();
  });
});

describe('complete campaigns', () => {
  it.each(CAMPAIGN_TYPES)('%s with every step filled has no errors', (type) => {
    expect(validateCampaign(complete(type), { type, hasImage: true })).toEqual([]);
  });

  it.each(CAMPAIGN_TYPES)('%s without an image has only the image error', (type) => {
    expect(validateCampaign(complete(type), { type, hasImage: false })).toEqual([
      { step: 'image', fld: 'image', message: 'required_field_missing' },
    ]);
  });

  it.each(CAMPAIGN_TYPES)(
    '%s when empty has errors on benefit (if any), content, image and handling',
    (type) => {
      const steps = new Set(
        validateCampaign(emptyCampaignContent(), { type, hasImage: false }).map(
          (error) => error.step,
        ),
      );
      const noBenefit = type === 'tip/standard' || type === 'tip/generic';
      expect(steps.has('benefit')).toBe(!noBenefit);
      expect(steps.has('content')).toBe(true);
      expect(steps.has('image')).toBe(true);
      expect(steps.has('handling')).toBe(true);
      expect(steps.has('requireddata')).toBe(false);
    },
  );
});

describe('benefit: sweepstakes and sweepstake tips', () => {
  for (const type of ['sweepstake/standard', 'tip/sweepstake'] as const) {
    it(`${type} needs at least one prize`, () => {
      expect(fields(step(type, 'benefit', content()))).toEqual([
        ['prizes', 'required_field_missing'],
      ]);
    });

    it(`${type} needs count, value, name and redemption of every prize`, () => {
      const data = content({
        prizes: [prize(), prize({ count: null, value: null, name: ' ', redemption: null })],
      });
      expect(fields(step(type, 'benefit', data))).toEqual([
        ['prizes.1.count', 'required_field_missing'],
        ['prizes.1.value', 'required_field_missing'],
        ['prizes.1.name', 'required_field_missing'],
        ['prizes.1.redemption', 'required_field_missing'],
      ]);
    });

    it(`${type} refuses a count of 0 and accepts 1 and a value of 0 cents`, () => {
      expect(fields(step(type, 'benefit', content({ prizes: [prize({ count: 0 })] })))).toEqual([
        ['prizes.0.count', 'invalid_value'],
      ]);
      expect(step(type, 'benefit', content({ prizes: [prize({ count: 1, value: 0 })] }))).toEqual(
        [],
      );
    });
  }

  it('totals the prize value as the sum of value × count / 100', () => {
    expect(totalPrizeValue([])).toBe(0);
    expect(totalPrizeValue([prize({ value: 1999, count: 3 }), prize({ value: 1, count: 1 })])).toBe(
      59.98,
    );
    expect(
      totalPrizeValue([prize({ value: null, count: 5 }), prize({ value: 100, count: null })]),
    ).toBe(0);
  });

  it('totals large counts exactly', () => {
    const prizes = [
      prize({ value: 999_999, count: 1_000_000 }),
      prize({ value: 999_999, count: 1_000_000 }),
      prize({ value: 1, count: 3 }),
    ];
    expect(totalPrizeValue(prizes)).toBe(19_999_980_000.03);
    expect(
      totalPrizeValue(Array.from({ length: 100 }, () => prize({ value: 1, count: 1_000_000 }))),
    ).toBe(1_000_000);
  });
});

describe('benefit: coupons', () => {
  const percent = (value: number | null) =>
    fields(step('coupon/percent', 'benefit', content({ benefit: { percent_discount: value } })));

  it('percent accepts 1 to 100', () => {
    expect(percent(null)).toEqual([['benefit.percent_discount', 'required_field_missing']]);
    expect(percent(0)).toEqual([['benefit.percent_discount', 'invalid_value']]);
    expect(percent(1)).toEqual([]);
    expect(percent(100)).toEqual([]);
    expect(percent(101)).toEqual([['benefit.percent_discount', 'invalid_value']]);
  });

  it('absolute needs a discount of at least 1 cent below the original value', () => {
    const absolute = (abs: number | null, original: number | null) =>
      fields(
        step(
          'coupon/absolute',
          'benefit',
          content({ benefit: { abs_discount: abs, original_value: original } }),
        ),
      );
    expect(absolute(null, null)).toEqual([
      ['benefit.abs_discount', 'required_field_missing'],
      ['benefit.original_value', 'required_field_missing'],
    ]);
    expect(absolute(0, 100)).toEqual([['benefit.abs_discount', 'invalid_value']]);
    expect(absolute(500, 500)).toEqual([['benefit.original_value', 'invalid_value']]);
    expect(absolute(500, 501)).toEqual([]);
  });

  it('free needs an original value of at least 1 cent', () => {
    const free = (original: number | null) =>
      fields(step('coupon/free', 'benefit', content({ benefit: { original_value: original } })));
    expect(free(null)).toEqual([['benefit.original_value', 'required_field_missing']]);
    expect(free(0)).toEqual([['benefit.original_value', 'invalid_value']]);
    expect(free(1)).toEqual([]);
  });

  it('m_for_n needs get_m > pay_n ≥ 1', () => {
    const mForN = (m: number | null, n: number | null) =>
      fields(step('coupon/m_for_n', 'benefit', content({ benefit: { get_m: m, pay_n: n } })));
    expect(mForN(null, null)).toEqual([
      ['benefit.pay_n', 'required_field_missing'],
      ['benefit.get_m', 'required_field_missing'],
    ]);
    expect(mForN(2, 0)).toEqual([['benefit.pay_n', 'invalid_value']]);
    expect(mForN(2, 2)).toEqual([['benefit.get_m', 'invalid_value']]);
    expect(mForN(1, 2)).toEqual([['benefit.get_m', 'invalid_value']]);
    expect(mForN(3, 2)).toEqual([]);
    expect(mForN(2, 1)).toEqual([]);
  });

  for (const type of ['coupon/offer', 'tip/offer'] as const) {
    it(`${type} needs a discounted value below the original value`, () => {
      const offer = (original: number | null, discounted: number | null) =>
        fields(
          step(
            type,
            'benefit',
            content({ benefit: { original_value: original, discounted_value: discounted } }),
          ),
        );
      expect(offer(null, null)).toEqual([
        ['benefit.original_value', 'required_field_missing'],
        ['benefit.discounted_value', 'required_field_missing'],
      ]);
      expect(offer(1000, 1000)).toEqual([['benefit.discounted_value', 'invalid_value']]);
      expect(offer(1000, 1001)).toEqual([['benefit.discounted_value', 'invalid_value']]);
      expect(offer(1000, 999)).toEqual([]);
      expect(offer(1000, 0)).toEqual([]);
      expect(offer(0, 0)).toEqual([
        ['benefit.original_value', 'invalid_value'],
        ['benefit.discounted_value', 'invalid_value'],
      ]);
    });
  }

  it('ignores the benefit fields of other types', () => {
    const data = content({ benefit: { percent_discount: 500, get_m: 1, pay_n: 5 } });
    expect(
      step('coupon/free', 'benefit', { ...data, benefit: { ...data.benefit, original_value: 1 } }),
    ).toEqual([]);
  });
});

describe('benefit: tips without a benefit of their own', () => {
  it.each(['tip/standard', 'tip/generic'] as const)('%s needs nothing', (type) => {
    expect(step(type, 'benefit', content())).toEqual([]);
  });
});

describe('content', () => {
  const withDescription = (description: string, type: CampaignType = 'coupon/percent') =>
    fields(step(type, 'content', { ...complete(type), description: { de: description } }));

  it('needs a German title', () => {
    const data = { ...complete('coupon/percent'), title: { de: '  ', en: 'Title' } };
    expect(fields(step('coupon/percent', 'content', data))).toEqual([
      ['title.de', 'required_field_missing'],
    ]);
  });

  it('needs a description of at least 200 visible characters', () => {
    expect(withDescription('')).toEqual([['description.de', 'required_field_missing']]);
    expect(withDescription('x'.repeat(199))).toEqual([['description.de', 'min_length']]);
    expect(withDescription('x'.repeat(200))).toEqual([]);
  });

  it('counts a WYSIWYG description without its markup', () => {
    expect(descriptionLength(`<p>${'x'.repeat(199)}</p>`)).toBe(199);
    expect(withDescription(`<p><strong>${'x'.repeat(199)}</strong></p>`)).toEqual([
      ['description.de', 'min_length'],
    ]);
    expect(withDescription(`<p>${'x'.repeat(199)}&amp;</p>`)).toEqual([]);
    expect(withDescription(`   ${'x'.repeat(199)}   `)).toEqual([['description.de', 'min_length']]);
  });

  it('refuses a description longer than the maximum', () => {
    expect(withDescription('x'.repeat(DESCRIPTION_MAX_LENGTH))).toEqual([]);
    expect(withDescription('x'.repeat(DESCRIPTION_MAX_LENGTH + 1))).toEqual([
      ['description.de', 'max_length'],
    ]);
  });

  it('accepts an empty landing page or an http(s) URL', () => {
    const landing = (url: string) =>
      fields(
        step('coupon/percent', 'content', { ...complete('coupon/percent'), landing_page: url }),
      );
    expect(landing('')).toEqual([]);
    expect(landing('https://example.com/aktion')).toEqual([]);
    expect(landing('http://example.com')).toEqual([]);
    expect(landing('example.com')).toEqual([['landing_page', 'invalid_value']]);
    expect(landing('javascript:alert(1)')).toEqual([['landing_page', 'invalid_value']]);
  });

  it('needs tags for tips only', () => {
    for (const type of ['tip/offer', 'tip/standard', 'tip/generic', 'tip/sweepstake'] as const) {
      expect(fields(step(type, 'content', { ...complete(type), tags: [] }))).toEqual([
        ['tags', 'required_field_missing'],
      ]);
    }
    expect(
      step('sweepstake/standard', 'content', { ...complete('sweepstake/standard'), tags: [] }),
    ).toEqual([]);
  });
});

describe('image', () => {
  it('needs a stored image', () => {
    const data = complete('coupon/free');
    expect(validateStep('image', data, { type: 'coupon/free', hasImage: false })).toEqual([
      { step: 'image', fld: 'image', message: 'required_field_missing' },
    ]);
    expect(validateStep('image', data, { type: 'coupon/free', hasImage: true })).toEqual([]);
  });
});

describe('handling', () => {
  const handling = (type: CampaignType, changes: ContentChanges) =>
    fields(step(type, 'handling', { ...complete(type), ...content(changes), title: { de: 't' } }));

  it('needs a runtime that ends after it starts', () => {
    const from = '2030-01-01T10:00:00.000Z';
    expect(handling('sweepstake/standard', { valid_from: null, valid_until: null })).toEqual([
      ['valid_from', 'required_field_missing'],
      ['valid_until', 'required_field_missing'],
    ]);
    expect(handling('sweepstake/standard', { valid_from: from, valid_until: from })).toEqual([
      ['valid_until', 'invalid_value'],
    ]);
    expect(
      handling('sweepstake/standard', {
        valid_from: from,
        valid_until: '2030-01-01T10:01:00.000Z',
      }),
    ).toEqual([]);
  });

  const runtime = {
    valid_from: '2030-01-01T10:00:00.000Z',
    valid_until: '2030-02-01T10:00:00.000Z',
  };

  it('lets a coupon expire on its first day or later, never before it starts', () => {
    const expiring = (expiry: string | null) =>
      handling('coupon/percent', { ...runtime, coupon: { redemption: 'online', expiry } });
    expect(expiring('2030-01-01T09:59:00.000Z')).toEqual([['coupon.expiry', 'invalid_value']]);
    expect(expiring(runtime.valid_from)).toEqual([]);
    expect(expiring('2030-03-01T00:00:00.000Z')).toEqual([]);
    expect(expiring(null)).toEqual([]);
    // Without a start there is nothing to compare with: only the start is missing.
    expect(
      handling('coupon/percent', {
        ...runtime,
        valid_from: null,
        coupon: { redemption: 'online', expiry: '2000-01-01T00:00:00.000Z' },
      }),
    ).toEqual([['valid_from', 'required_field_missing']]);
    // Sweepstakes have no coupon: a stale expiry is ignored.
    expect(
      handling('sweepstake/standard', {
        ...runtime,
        coupon: { expiry: '2000-01-01T00:00:00.000Z' },
      }),
    ).toEqual([]);
  });

  it('needs the redemption of coupons and their action handler; the single code on the benefit step', () => {
    expect(handling('coupon/percent', { ...runtime, coupon: { redemption: null } })).toEqual([
      ['coupon.redemption', 'required_field_missing'],
    ]);
    expect(
      handling('coupon/percent', {
        ...runtime,
        coupon: { redemption: 'online', code_type: 'single', single_code: '' },
      }),
    ).toEqual([]);
    const withoutCode = complete('coupon/percent');
    withoutCode.coupon = { ...withoutCode.coupon, code_type: 'single', single_code: ' ' };
    expect(fields(step('coupon/percent', 'benefit', withoutCode))).toEqual([
      ['coupon.single_code', 'required_field_missing'],
    ]);
    expect(
      handling('coupon/percent', {
        ...runtime,
        coupon: { redemption: 'user_action', action_handler: null },
      }),
    ).toEqual([['coupon.action_handler', 'required_field_missing']]);
    expect(
      handling('coupon/percent', {
        ...runtime,
        coupon: {
          redemption: 'user_action',
          action_handler: 'merchant',
          code_type: 'single',
          single_code: 'HERBST',
        },
      }),
    ).toEqual([]);
  });

  it('asks sweepstakes and tips for no coupon data', () => {
    expect(handling('tip/offer', { ...runtime, coupon: { redemption: null } })).toEqual([]);
  });
});

describe('required data', () => {
  it('refuses a field that is required but not used', () => {
    const data = complete('sweepstake/standard');
    const withFields = (usage: boolean, required: boolean) => ({
      ...data,
      required_data: { ...data.required_data, telephone: { usage, required } },
    });
    expect(fields(step('sweepstake/standard', 'requireddata', withFields(false, true)))).toEqual([
      ['required_data.telephone.usage', 'invalid_value'],
    ]);
    expect(step('sweepstake/standard', 'requireddata', withFields(true, true))).toEqual([]);
    expect(step('sweepstake/standard', 'requireddata', withFields(true, false))).toEqual([]);
  });
});

describe('content patch', () => {
  it('keeps absent fields absent, so that a save of one step keeps the others', () => {
    expect(ZCampaignContentPatch.parse({ title: { de: 'Titel' } })).toEqual({
      title: { de: 'Titel' },
    });
    expect(ZCampaignContentPatch.parse({ benefit: { percent_discount: 20 } })).toEqual({
      benefit: {
        percent_discount: 20,
        abs_discount: null,
        original_value: null,
        discounted_value: null,
        get_m: null,
        pay_n: null,
      },
    });
    expect(ZCampaignContentPatch.safeParse({ points: 'viele' }).success).toBe(false);
    expect(ZCampaignContentPatch.safeParse({ landing_page: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});
