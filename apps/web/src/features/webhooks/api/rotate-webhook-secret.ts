/** POST /webhooks/{id}/secret: a new secret (in this answer only); the old one signs nothing more. */
import type { TWebhookWithSecret } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { webhookKeys } from './webhook-keys';

export function rotateWebhookSecret(id: string): Promise<TWebhookWithSecret> {
  return answer<TWebhookWithSecret>(
    api.POST('/api/webhooks/{id}/secret', { params: { path: { id } } }),
  );
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: ({ endpoint }) =>
      queryClient.setQueryData(webhookKeys.detail(endpoint.id), endpoint),
  });
}
