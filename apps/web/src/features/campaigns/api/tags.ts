/**
 * GET /ac/tags and POST /tags (docs/product.md#api-calls "Tags and search"): tag suggestions
 * for tips and new tags (admins and agencies).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';

export const tagKeys = {
  all: ['tags'] as const,
  search: (q: string) => [...tagKeys.all, q] as const,
};

export const tagSuggestionsOptions = (q: string) =>
  queryOptions({
    queryKey: tagKeys.search(q),
    queryFn: ({ signal }) => answer(api.GET('/api/ac/tags', { params: { query: { q } }, signal })),
    staleTime: 30_000,
  });

export function useTagSuggestions(q: string) {
  return useQuery(tagSuggestionsOptions(q));
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => answer(api.POST('/api/tags', { body: { name } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
