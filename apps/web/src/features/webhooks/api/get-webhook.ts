/** GET /webhooks/{id}: one endpoint. */
import type { TWebhookEndpoint } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { webhookKeys, webhookPath } from './webhook-keys';

export function fetchWebhook(id: string, signal?: AbortSignal) {
  return apiRequestRequired<TWebhookEndpoint>({
    path: webhookPath(id),
    ...(signal ? { signal } : {}),
  });
}

export const webhookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) => fetchWebhook(id, signal),
  });

export function useWebhook(id: string) {
  return useQuery(webhookQueryOptions(id));
}
