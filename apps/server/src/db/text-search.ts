/**
 * Text filters shared by every list and search: LIKE patterns with the
 * user's text taken literally, and the campaign text match (every title and
 * the id, through the stored `search_text` and its trigram index; never the
 * JSON keys of the title).
 */
import { sql, type SQL } from 'drizzle-orm';
import { campaigns } from './schema.js';

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
