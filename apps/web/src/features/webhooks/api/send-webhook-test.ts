/** POST /webhooks/{id}/test: a `webhook.test` message, sent in the background (one attempt). */
import type { TWebhookDelivery } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { webhookKeys, webhookPath } from './webhook-keys';

export function sendWebhookTest(id: string): Promise<TWebhookDelivery> {
  return apiRequestRequired<TWebhookDelivery>({ method: 'POST', path: webhookPath(id, '/test') });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: [...webhookKeys.detail(id), 'deliveries'] }),
  });
}
