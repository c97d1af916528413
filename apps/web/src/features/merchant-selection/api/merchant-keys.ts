/** Query-key factory of the merchant resource; invalidate by prefix (e.g. merchantKeys.all). */
import type { TMerchantListQuery } from '@backoffice/domain';

export type MerchantListParams = Pick<TMerchantListQuery, 'page' | 'filter'>;

export const merchantKeys = {
  all: ['merchants'] as const,
  lists: () => [...merchantKeys.all, 'list'] as const,
  list: (params: MerchantListParams) => [...merchantKeys.lists(), params] as const,
  details: () => [...merchantKeys.all, 'detail'] as const,
  detail: (id: string) => [...merchantKeys.details(), id] as const,
  linkedWithAccount: (id: string) => [...merchantKeys.detail(id), 'linked-with-account'] as const,
};
