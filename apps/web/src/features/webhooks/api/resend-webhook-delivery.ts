/** POST /webhooks/{id}/deliveries/{deliveryId}/resend: the message once more, now (the same id). */
import type { TWebhookDelivery } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { webhookKeys, webhookPath } from './webhook-keys';

export function resendWebhookDelivery(id: string, deliveryId: string): Promise<TWebhookDelivery> {
  return apiRequestRequired<TWebhookDelivery>({
    method: 'POST',
    path: webhookPath(id, `/deliveries/${encodeURIComponent(deliveryId)}/resend`),
  });
}

export function useResendWebhookDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery(id, deliveryId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...webhookKeys.detail(id), 'deliveries'] }),
  });
}
