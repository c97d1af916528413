/**
 * Query keys and API paths of the merchant resource, for every feature that
 * reads or changes merchants (the selection, the merchant screens, the
 * merchant list). Invalidate by prefix: merchantKeys.lists() refreshes every
 * list, merchantKeys.detail(id) one merchant and all it holds.
 */
import type { TMerchantListQuery } from '@backoffice/domain';

export type MerchantListParams = Pick<TMerchantListQuery, 'page' | 'filter'>;

export const merchantKeys = {
  all: ['merchants'] as const,
  lists: () => [...merchantKeys.all, 'list'] as const,
  list: (params: MerchantListParams) => [...merchantKeys.lists(), params] as const,
  details: () => [...merchantKeys.all, 'detail'] as const,
  /** The merchant's profile; the prefix of everything below. */
  detail: (id: string) => [...merchantKeys.details(), id] as const,
  linkedWithAccount: (id: string) => [...merchantKeys.detail(id), 'linked-with-account'] as const,
  accounts: (id: string) => [...merchantKeys.detail(id), 'accounts'] as const,
  locations: (id: string) => [...merchantKeys.detail(id), 'locations'] as const,
  importJob: (id: string, jobId: string) =>
    [...merchantKeys.locations(id), 'import', jobId] as const,
  notifications: (id: string) => [...merchantKeys.detail(id), 'notifications'] as const,
};

export const merchantPath = (id: string, suffix = ''): string =>
  `/merchants/${encodeURIComponent(id)}${suffix}`;
