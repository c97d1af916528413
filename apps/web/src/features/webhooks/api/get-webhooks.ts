/** GET /merchants/{id}/webhooks or /admin/webhooks: an owner's endpoints (secrets never listed). */
import type { TWebhookEndpointList } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { webhookKeys, webhookListPath, type WebhookOwner } from './webhook-keys';

export function fetchWebhooks(owner: WebhookOwner, signal?: AbortSignal) {
  return apiRequestRequired<TWebhookEndpointList>({
    path: webhookListPath(owner),
    ...(signal ? { signal } : {}),
  });
}

export const webhooksQueryOptions = (owner: WebhookOwner) =>
  queryOptions({
    queryKey: webhookKeys.list(owner),
    queryFn: ({ signal }) => fetchWebhooks(owner, signal),
  });

export function useWebhooks(owner: WebhookOwner) {
  return useQuery(webhooksQueryOptions(owner));
}
