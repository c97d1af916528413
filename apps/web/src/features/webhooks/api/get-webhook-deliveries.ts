/** GET /webhooks/{id}/deliveries?page=: the endpoint's delivery log, newest first. */
import type { TWebhookDeliveryPage } from '@backoffice/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { webhookKeys, webhookPath } from './webhook-keys';

/** How often the log is asked again while one of its deliveries is pending. */
export const DELIVERY_POLL_MS = 2000;

export function fetchWebhookDeliveries(id: string, page: number, signal?: AbortSignal) {
  return apiRequestRequired<TWebhookDeliveryPage>({
    path: webhookPath(id, '/deliveries'),
    query: { page: page > 1 ? page : undefined },
    ...(signal ? { signal } : {}),
  });
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) => fetchWebhookDeliveries(id, page, signal),
    placeholderData: keepPreviousData,
    // The deliveries run in the background a few seconds later: asked again until none waits.
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? DELIVERY_POLL_MS
        : false,
  });
}
