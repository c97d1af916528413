/**
 * SQL expressions an index and a query must write alike, so that the query
 * can read the index: the schema's index and the list's order both take them
 * from here.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Characters of the German title that lists sort by. A btree entry holds at
 * most about 2,700 bytes; 200 characters are at most 800 bytes, so no title,
 * however long or incompressible, can make the index entry too large. Titles
 * are limited to the same length (CAMPAIGN_TEXT_LIMITS.title), so the order
 * is the full title's order.
 */
export const TITLE_SORT_LENGTH = 200;

/** The sort key of a campaign's title: its German text, lower-case, bounded; '' when untitled. */
export const titleSortKey = (title: AnyPgColumn): SQL =>
  sql`left(coalesce(lower(${title} ->> 'de'), ''), ${sql.raw(String(TITLE_SORT_LENGTH))})`;
