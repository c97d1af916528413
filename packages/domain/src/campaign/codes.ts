/**
 * Multiple codes of a campaign (docs/product.md#campaigns and Prize, docs/product.md#api-calls multiple-codes):
 * what a code may look like, how an upload's lines become codes, the
 * generator's options, and how many codes a campaign needs. One store per
 * campaign holds a multiple-codes coupon's codes and a sweepstake's codes for
 * its "unique code" prizes (docs/decisions/014-campaign-codes.md).
 */
import { isTypeableCode } from '../access-code-set/code-characters.js';
import type { TCampaignContent } from './content.js';
import { hasPrizeDraw, campaignFamily, type CampaignType } from './types.js';

/** The longest code; longer lines are refused. */
export const CODE_MAX_LENGTH = 64;
/** Codes one request may add (an upload's lines or a generation). */
export const CODES_PER_REQUEST_MAX = 100_000;
/**
 * Bytes of one uploaded code file: CODES_PER_REQUEST_MAX codes of the
 * longest length with Windows line ends (6.6 MB), with room for a second
 * column of a spreadsheet's export.
 */
export const CODE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Characters of generated codes: digits and capitals without those people
 * confuse when they read or type a code (0/O, 1/I/L).
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GENERATED_CODE_LENGTH = { min: 6, max: 32, default: 10 } as const;
export const CODE_PREFIX_MAX_LENGTH = 20;
/** A prefix: letters, digits, dash and underscore. */
export const CODE_PREFIX_PATTERN = /^[A-Za-z0-9_-]*$/;
/** A code: visible characters without spaces, at most CODE_MAX_LENGTH. */
export const CODE_PATTERN = /^[^\s\p{C}]+$/u;

/** The codes' one character rule (isTypeableCode), and no spaces at all in a campaign's codes. */
export const isValidCode = (code: string): boolean =>
  code.length > 0 &&
  code.length <= CODE_MAX_LENGTH &&
  CODE_PATTERN.test(code) &&
  isTypeableCode(code);

/** What an upload's or a pasted text's lines hold, before the store is asked. */
export interface ParsedCodes {
  /** Distinct codes, in the order of their first line. */
  codes: string[];
  /** Empty lines (and a header line named code or codes). */
  blank: number;
  /** Lines repeating a code of an earlier line. */
  duplicates: number;
  /** 1-based numbers of lines that are no valid code. */
  invalidLines: number[];
}

const HEADER_NAMES = new Set(['code', 'codes']);

/** Whether a list's cell is its header: the first line, named code or codes (a spreadsheet's column). */
export const isCodeListHeader = (cell: string, index: number): boolean =>
  index === 0 && HEADER_NAMES.has(cell.trim().toLowerCase());

/**
 * Turns the first cells of an upload's lines into codes: trimmed, blank lines
 * and repeats counted and left out, invalid ones listed by line.
 */
export function collectCodes(cells: readonly string[]): ParsedCodes {
  const seen = new Set<string>();
  const result: ParsedCodes = { codes: [], blank: 0, duplicates: 0, invalidLines: [] };
  cells.forEach((cell, index) => {
    const code = cell.trim();
    if (code === '' || isCodeListHeader(code, index)) {
      result.blank += 1;
    } else if (!isValidCode(code)) {
      result.invalidLines.push(index + 1);
    } else if (seen.has(code)) {
      result.duplicates += 1;
    } else {
      seen.add(code);
      result.codes.push(code);
    }
  });
  return result;
}

/** Codes a sweepstake's "unique code" prizes need: one per prize unit. */
export function uniqueCodePrizeNeed(content: Pick<TCampaignContent, 'prizes'>): number {
  return content.prizes
    .filter((prize) => prize.redemption === 'unique_code')
    .reduce((sum, prize) => sum + (prize.count ?? 0), 0);
}

/** Whether the campaign hands out codes from its multiple-codes store. */
export function usesMultipleCodes(type: CampaignType, content: TCampaignContent): boolean {
  if (hasPrizeDraw(type)) return content.prizes.some((p) => p.redemption === 'unique_code');
  return campaignFamily(type) === 'coupon' && content.coupon.code_type === 'multiple';
}

/**
 * docs/product.md#campaigns: a "unique code" prize needs as many available codes as its
 * count. The prizes draw on the campaign's codes in their order; each prize
 * the codes no longer cover gets an error on its redemption.
 */
export function prizeCodeErrors(
  type: CampaignType,
  content: Pick<TCampaignContent, 'prizes'>,
  availableCodes: number,
): { step: 'benefit'; fld: string; message: 'not_enough_codes' }[] {
  if (!hasPrizeDraw(type)) return [];
  let needed = 0;
  const errors: { step: 'benefit'; fld: string; message: 'not_enough_codes' }[] = [];
  content.prizes.forEach((prize, index) => {
    if (prize.redemption !== 'unique_code') return;
    needed += prize.count ?? 0;
    if (needed > availableCodes)
      errors.push({
        step: 'benefit',
        fld: `prizes.${index}.redemption`,
        message: 'not_enough_codes',
      });
  });
  return errors;
}

/**
 * docs/product.md#validation: a coupon with multiple codes and none left to
 * hand out gets a warning. It does not block submit: codes may be added while
 * the coupon runs (docs/decisions/014-campaign-codes.md).
 */
export function couponHasNoCodes(
  type: CampaignType,
  content: Pick<TCampaignContent, 'coupon'>,
  availableCodes: number,
): boolean {
  return (
    campaignFamily(type) === 'coupon' &&
    content.coupon.code_type === 'multiple' &&
    availableCodes === 0
  );
}

/**
 * When a campaign's codes run low (the webhook event `codes.low`,
 * docs/product.md#webhooks): fewer than 10 % of its codes or fewer than 100
 * left, whichever comes first, so that a large store warns at a tenth and a
 * small one at a hundred, both early enough for an import.
 */
export const CODES_LOW_SHARE_PERCENT = 10;
export const CODES_LOW_LEFT = 100;

/** Whether `left` of `total` codes are below the `codes.low` threshold (none stored: not low). */
export function codesRunLow({ total, left }: { total: number; left: number }): boolean {
  if (total === 0) return false;
  return left < CODES_LOW_LEFT || left * 100 < total * CODES_LOW_SHARE_PERCENT;
}

/** Campaign statuses whose codes may still be added: all but the finished ones. */
export const CODES_CLOSED_STATUSES = ['ended', 'deleted'] as const;

/**
 * A CSV cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets
 * a leading apostrophe (OWASP "CSV injection").
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
