/** Schemas shared by every endpoint: errors, pager, ids. */
import { z } from 'zod';

/** Every error answer of the API has this shape. */
export const ZErrorResponse = z.object({
  statusCode: z.number().int(),
  /** A message key of MESSAGE_KEYS, or a plain message where none fits. */
  message: z.string(),
  /** The field the message is about, for the field-related keys. */
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/**
 * An id: a UUID in its canonical 8-4-4-4-12 hex form. Every such text is a
 * value of PostgreSQL's uuid type (so none fails the cast), and every id the
 * database makes (gen_random_uuid, version 4) has this form. zod's stricter
 * z.uuid() would also refuse ids of other versions a database may hold.
 * Capital hex digits are taken (Swift's and .NET's UUIDs are written so) and
 * the id is parsed into lower case, as PostgreSQL writes uuids: the server
 * compares ids from a request with ids from the database in maps and sets,
 * where 'A' is not 'a'.
 */
export const ZUuid = z
  .guid({ error: 'invalid_value' })
  .toLowerCase()
  .meta({ examples: ['0b9f6c1e-5d1a-4c57-9a43-2f7d9e0c1a11'] });

/**
 * The version a save of a record edited in a form was made from (the
 * answer's `version`: merchants, locations, access-code sets). When given, a
 * save from an older version is refused with 409 (`merchant_changed`,
 * `location_changed`, `access_code_set_changed`) instead of overwriting a
 * change made meanwhile; a client that sends none saves as before.
 */
export const ZSaveVersion = z.object({ version: z.number().int().min(1).optional() });

/** The earliest and latest instants a date of the domain may name (UTC, inclusive). */
export const DATE_TIME_MIN = '1970-01-01T00:00:00.000Z';
export const DATE_TIME_MAX = '9999-12-31T23:59:59.999Z';
const DATE_TIME_MIN_MS = Date.parse(DATE_TIME_MIN);
const DATE_TIME_MAX_MS = Date.parse(DATE_TIME_MAX);

/**
 * A date with time, ISO 8601 with an offset, between DATE_TIME_MIN and
 * DATE_TIME_MAX: the range in which JavaScript, ISO 8601's four-digit years
 * and PostgreSQL agree (year 0, BC years and five-digit years do not survive
 * a round trip). The one schema for every datetime the domain takes.
 */
export const ZDateTime = z.iso
  .datetime({ offset: true, error: 'invalid_value' })
  .refine((value) => {
    const instant = Date.parse(value);
    return instant >= DATE_TIME_MIN_MS && instant <= DATE_TIME_MAX_MS;
  }, 'invalid_value')
  .meta({ examples: ['2026-05-20T14:03:11+02:00'] });

export const DEFAULT_PAGE_SIZE = 10;

/** The multipart field every upload sends its file in (docs/product.md#api-calls). */
export const UPLOAD_FIELD = 'upload';

export const ZPagerLink = z.object({
  rel: z.enum(['first', 'prev', 'next', 'last']),
  page: z.number().int().min(1),
});
export const ZPager = z.object({
  links: z.array(ZPagerLink),
  entries_per_page: z.number().int(),
  total_entries: z.number().int(),
  /**
   * Present (true) when total_entries is an estimate: a very long list is not
   * counted row by row. The next link is exact all the same.
   */
  total_entries_estimated: z.literal(true).optional(),
});
export type TPager = z.infer<typeof ZPager>;

export const ZPageQuery = z.coerce.number().int().min(1).max(100_000).default(1);

export interface PagerOptions {
  entriesPerPage?: number;
  /** Whether a next page exists, when the caller knows it better than the total (an estimate). */
  hasNext?: boolean;
  /** The total is an estimate. */
  estimated?: boolean;
}

/**
 * The pager of docs/product.md#records-and-fields: first and last always (when there is anything), prev
 * and next where they exist.
 */
export function buildPager(page: number, totalEntries: number, options: PagerOptions = {}): TPager {
  const entriesPerPage = options.entriesPerPage ?? DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(totalEntries / entriesPerPage));
  const links: TPager['links'] = [{ rel: 'first', page: 1 }];
  if (page > 1) links.push({ rel: 'prev', page: Math.min(page - 1, lastPage) });
  if (options.hasNext ?? page < lastPage) links.push({ rel: 'next', page: page + 1 });
  links.push({ rel: 'last', page: lastPage });
  const pager: TPager = { links, entries_per_page: entriesPerPage, total_entries: totalEntries };
  if (options.estimated) pager.total_entries_estimated = true;
  return pager;
}

/** How many pages a pager spans (at least one; an estimate when the total is one). */
export function pageCount(pager: TPager): number {
  return Math.max(1, Math.ceil(pager.total_entries / Math.max(1, pager.entries_per_page)));
}
