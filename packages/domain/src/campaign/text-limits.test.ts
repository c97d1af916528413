/**
 * One length limit per campaign text: the save schema
 * takes it from CAMPAIGN_TEXT_LIMITS, and no answer schema is stricter than
 * the save schema, so that a stored text can always be answered.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCampaign, ZCampaignRejectBody, ZCampaignRow } from '../api/campaigns.js';
import { ZTagCreateBody } from '../api/search.js';
import { hasUnsafeCharacters } from '../text/safe-text.js';
import { ZCampaignContent, ZCampaignContentPatch } from './content.js';
import {
  CAMPAIGN_TEXT_LIMITS,
  COPY_TITLE_MARK,
  copyTitle,
  truncateText,
  type CampaignTextField,
} from './text-limits.js';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Strings of a closed set or a fixed format (enums, dates, ids) are no free text. */
const isFreeText = (node: JsonSchema) =>
  node.enum === undefined &&
  node.const === undefined &&
  node.format !== 'date-time' &&
  node.format !== 'uuid';

/**
 * The length limit of every free text in a schema by path ('title.*' for any
 * locale, 'rules[]' for any rule): Infinity where a text has none.
 */
function textLimits(schema: z.ZodType, io: 'input' | 'output'): Map<string, number> {
  const limits = new Map<string, number>();
  const walk = (node: JsonSchema, path: string) => {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('string') && isFreeText(node)) {
      limits.set(path, Math.max(limits.get(path) ?? 0, node.maxLength ?? Infinity));
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      walk(child, path ? `${path}.${key}` : key);
    }
    if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${path}.*`);
    if (node.items) walk(node.items, `${path}[]`);
    for (const variant of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      walk(variant, path);
    }
  };
  walk(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema, '');
  return limits;
}

/** Where each limit of the table applies in the save schemas. */
const LIMIT_PATHS: Record<CampaignTextField, [z.ZodType, string]> = {
  title: [ZCampaignContentPatch, 'title.*'],
  short_description: [ZCampaignContentPatch, 'short_description.*'],
  description: [ZCampaignContentPatch, 'description.*'],
  rule: [ZCampaignContentPatch, 'rules[]'],
  landing_page: [ZCampaignContentPatch, 'landing_page'],
  thank_you_text: [ZCampaignContentPatch, 'thank_you_text'],
  tag: [ZCampaignContentPatch, 'tags[]'],
  prize_name: [ZCampaignContentPatch, 'prizes[].name'],
  prize_short_description: [ZCampaignContentPatch, 'prizes[].short_description'],
  prize_winner_instructions: [ZCampaignContentPatch, 'prizes[].winner_instructions'],
  coupon_single_code: [ZCampaignContentPatch, 'coupon.single_code'],
  coupon_action_instructions: [ZCampaignContentPatch, 'coupon.action_instructions'],
  reject_reason: [ZCampaignRejectBody, 'reason'],
};

describe('campaign text limits', () => {
  it('are the limits of the save schemas, field by field', () => {
    for (const [field, [schema, path]] of Object.entries(LIMIT_PATHS)) {
      expect(textLimits(schema, 'input').get(path), path).toBe(
        CAMPAIGN_TEXT_LIMITS[field as CampaignTextField],
      );
    }
    expect(textLimits(ZTagCreateBody, 'input').get('name')).toBe(CAMPAIGN_TEXT_LIMITS.tag);
  });

  it('bound every text the save schema takes', () => {
    for (const [path, limit] of textLimits(ZCampaignContentPatch, 'input')) {
      expect(limit, path).toBeLessThan(Infinity);
    }
  });

  it('are never stricter in an answer than in a save', () => {
    const saved = textLimits(ZCampaignContentPatch, 'input');
    for (const answer of [ZCampaign, ZCampaignContent]) {
      const answered = textLimits(answer, 'output');
      for (const [path, limit] of saved) {
        expect(answered.has(path), path).toBe(true);
        expect(answered.get(path), path).toBeGreaterThanOrEqual(limit);
      }
    }
    const rowTitle = textLimits(ZCampaignRow, 'output').get('title.*');
    expect(rowTitle).toBeGreaterThanOrEqual(CAMPAIGN_TEXT_LIMITS.title);
  });

  it('refuse a title over the limit with the field named', () => {
    const title = 'T'.repeat(CAMPAIGN_TEXT_LIMITS.title);
    expect(ZCampaignContentPatch.safeParse({ title: { de: title } }).success).toBe(true);
    const refused = ZCampaignContentPatch.safeParse({ title: { de: `${title}x` } });
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['title.de']);
  });
});

describe('copyTitle', () => {
  it('marks a copy and keeps a long title within the limit, copy after copy', () => {
    expect(copyTitle('Sommerfest')).toBe(`Sommerfest${COPY_TITLE_MARK}`);
    let title = 'L'.repeat(CAMPAIGN_TEXT_LIMITS.title);
    for (let copy = 0; copy < 3; copy += 1) {
      title = copyTitle(title);
      expect(title.length).toBeLessThanOrEqual(CAMPAIGN_TEXT_LIMITS.title);
      expect(title.endsWith(COPY_TITLE_MARK)).toBe(true);
    }
  });

  it('never cuts a character made of two code units in half', () => {
    const emoji = '\u{1F389}';
    const cut = truncateText(`a${emoji.repeat(10)}`, 4);
    expect(cut).toBe(`a${emoji}`);
    expect(hasUnsafeCharacters(cut)).toBe(false);
  });
});
