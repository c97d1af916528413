/** GET /access-code-sets/{ident}/code-usage: which codes were used, when, for which campaign. */
import { CODE_USAGE_PAGE_MAX, type TCodeUsage, type TCodeUse } from '@backoffice/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { accessCodeSetKeys } from './access-code-set-keys';

function fetchUsage(
  id: string,
  query: { page: number; q: string; per_page?: number },
  signal?: AbortSignal,
) {
  return answer<TCodeUsage>(
    api.GET('/api/access-code-sets/{id}/code-usage', {
      params: {
        path: { id },
        query: { page: query.page, q: query.q || undefined, per_page: query.per_page },
      },
      signal,
    }),
  );
}

export function useCodeUsage(id: string, page: number, q: string) {
  return useQuery({
    queryKey: accessCodeSetKeys.usage(id, page, q),
    queryFn: ({ signal }) => fetchUsage(id, { page, q }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every use matching the search, page by page, for the CSV download. */
export async function fetchAllUses(id: string, q: string): Promise<TCodeUse[]> {
  const rows: TCodeUse[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchUsage(id, { page, q, per_page: CODE_USAGE_PAGE_MAX });
    rows.push(...answer.rows);
    if (!answer.pager.links.some((link) => link.rel === 'next')) return rows;
  }
}
