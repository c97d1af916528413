/**
 * Text filters shared by every list and search: LIKE patterns with the
 * user's text taken literally, and the campaign text match (every title and
 * the id, through the stored `search_text` and its trigram index; never the
 * JSON keys of the title).
 */
import { sql, type SQL } from 'drizzle-orm';
import { campaigns, merchants } from './schema.js';

/** The text with LIKE's wildcards and escape character taken literally. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that contain the text. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE pattern matching values that start with the text. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

/**
 * Campaigns whose titles or id contain the pattern (containsPattern).
 * `useIndex: false` filters the rows another condition found, instead of
 * reading the trigram index (cheaper within a few merchants' campaigns).
 */
export function campaignTextMatches(pattern: unknown, options: { useIndex: boolean }): SQL {
  const searched = options.useIndex
    ? sql`${campaigns.searchText}`
    : sql`(${campaigns.searchText} || '')`;
  return sql`${searched} ilike ${pattern}`;
}

/**
 * Merchants whose name or brand contains the text as German readers compare
 * it (migration 0022's `fold_name`: "back" finds "Bäckerei", "strasse"
 * "Straße", "MULLER" "Müller"), on PostgreSQL and PGlite alike.
 */
export function merchantNameMatches(text: string): SQL {
  return merchantNamePatternMatches(containsPattern(text));
}

/**
 * The same with the pattern (containsPattern) given as a value or a
 * placeholder of a prepared query.
 */
export function merchantNamePatternMatches(pattern: unknown): SQL {
  const folded = sql`fold_name(${pattern})`;
  return sql`(${merchants.nameKey} like ${folded} or fold_name(coalesce(${merchants.brandName}, '')) like ${folded})`;
}

/**
 * The order of merchants by name as German readers sort them: by the folded
 * key (unique, so the order is total) compared byte by byte, the same on every
 * database whatever its collation.
 */
export const merchantNameOrder = (): SQL => sql`${merchants.nameKey} collate "C"`;
