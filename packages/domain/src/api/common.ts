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

export const ZUuid = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'invalid_value');

export const DEFAULT_PAGE_SIZE = 10;

export const ZPagerLink = z.object({
  rel: z.enum(['first', 'prev', 'next', 'last']),
  page: z.number().int().min(1),
});
export const ZPager = z.object({
  links: z.array(ZPagerLink),
  entries_per_page: z.number().int(),
  total_entries: z.number().int(),
});
export type TPager = z.infer<typeof ZPager>;

export const ZPageQuery = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * The pager of spec §3: first and last always (when there is anything), prev
 * and next where they exist.
 */
export function buildPager(
  page: number,
  totalEntries: number,
  entriesPerPage: number = DEFAULT_PAGE_SIZE,
): TPager {
  const lastPage = Math.max(1, Math.ceil(totalEntries / entriesPerPage));
  const links: TPager['links'] = [{ rel: 'first', page: 1 }];
  if (page > 1) links.push({ rel: 'prev', page: Math.min(page - 1, lastPage) });
  if (page < lastPage) links.push({ rel: 'next', page: page + 1 });
  links.push({ rel: 'last', page: lastPage });
  return { links, entries_per_page: entriesPerPage, total_entries: totalEntries };
}
