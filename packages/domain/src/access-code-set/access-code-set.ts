/**
 * Access-code sets (docs/product.md#access-code-sets, docs/product.md#validation, docs/product.md#limits): reusable codes may be used any
 * number of times, unique codes once each. The rules of the edit form, which
 * the server enforces and the web form shows.
 */
import { z } from 'zod';
import { ZDateTime } from '../api/common.js';
import { isCodeListHeader } from '../campaign/codes.js';
import { isTypeableCode } from './code-characters.js';

export { isTypeableCode };

export const ACCESS_CODE_SET_TYPES = ['reusable', 'unique'] as const;
export type AccessCodeSetType = (typeof ACCESS_CODE_SET_TYPES)[number];

/** docs/product.md#limits: the name has at least 10 characters. */
export const ACCESS_CODE_SET_NAME_MIN = 10;
export const ACCESS_CODE_SET_NAME_MAX = 200;
export const ACCESS_CODE_SET_HINT_TITLE_MAX = 200;
export const ACCESS_CODE_SET_HINT_TEXT_MAX = 5000;
/** A code's length; longer lines of an import are refused with their line number. */
export const ACCESS_CODE_MAX_LENGTH = 100;
/** Lines (codes and blank lines) one import may hold. */
export const ACCESS_CODE_IMPORT_MAX_LINES = 200_000;
/** Bytes of one pasted or uploaded list: 200,000 codes of up to 30 characters. */
export const ACCESS_CODE_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Up to this many codes, the code section lists them (spec "code list if allowed"). */
export const ACCESS_CODE_LIST_MAX = 500;

const requiredText = (max: number) =>
  z
    .string({ error: 'required_field_missing' })
    .trim()
    .min(1, 'required_field_missing')
    .max(max, 'too_long');

/** The fields an admin edits (docs/product.md#access-code-sets "Edit form", docs/product.md#validation "Access code set"). */
export const ZAccessCodeSetInput = z
  .object({
    type: z.enum(ACCESS_CODE_SET_TYPES, { error: 'required_field_missing' }),
    name: z
      .string({ error: 'required_field_missing' })
      .trim()
      .min(1, 'required_field_missing')
      .min(ACCESS_CODE_SET_NAME_MIN, 'min_length')
      .max(ACCESS_CODE_SET_NAME_MAX, 'too_long'),
    hint_title: requiredText(ACCESS_CODE_SET_HINT_TITLE_MAX),
    hint_text: requiredText(ACCESS_CODE_SET_HINT_TEXT_MAX),
    is_promo_code: z.boolean().default(false),
    is_bonuscard: z.boolean().default(false),
    valid_from: ZDateTime.nullable().default(null),
    valid_until: ZDateTime.nullable().default(null),
  })
  .superRefine((input, context) => {
    const { valid_from: from, valid_until: until } = input;
    if (from && until && Date.parse(until) <= Date.parse(from)) {
      context.addIssue({ code: 'custom', path: ['valid_until'], message: 'invalid_value' });
    }
  });
export type TAccessCodeSetInput = z.input<typeof ZAccessCodeSetInput>;
export type TAccessCodeSetFields = z.output<typeof ZAccessCodeSetInput>;

/** What an import of codes (one per line) holds: the distinct codes and what was left out. */
export interface CodeLines {
  codes: string[];
  /** Lines repeating a code of an earlier line of the same list. */
  repeated: number;
  blankLines: number;
  /** 1-based numbers of lines longer than ACCESS_CODE_MAX_LENGTH. */
  tooLong: number[];
  /** 1-based numbers of lines whose code holds a character no code may hold (isTypeableCode). */
  untypeable: number[];
}

/**
 * The codes of a pasted or uploaded list, given as the first cell of each of
 * its lines (a list, or a spreadsheet's columns): trimmed; blank lines and a
 * header line named code or codes left out. A line that is too long or holds
 * a character no code may hold is listed by its number (the list is then
 * refused as a whole).
 */
export function collectAccessCodes(cells: readonly string[]): CodeLines {
  const lines = cells.map((cell, index) => (index === 0 ? cell.replace(/^\uFEFF/, '') : cell));
  const seen = new Set<string>();
  const tooLong: number[] = [];
  const untypeable: number[] = [];
  let repeated = 0;
  let blankLines = 0;
  lines.forEach((line, index) => {
    const code = line.trim();
    if (code === '' || isCodeListHeader(code, index)) {
      blankLines += 1;
      return;
    }
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- the limit counts code points, as spreading does
    if ([...code].length > ACCESS_CODE_MAX_LENGTH) {
      tooLong.push(index + 1);
      return;
    }
    if (!isTypeableCode(code)) {
      untypeable.push(index + 1);
      return;
    }
    if (seen.has(code)) repeated += 1;
    else seen.add(code);
  });
  return { codes: [...seen], repeated, blankLines, tooLong, untypeable };
}
