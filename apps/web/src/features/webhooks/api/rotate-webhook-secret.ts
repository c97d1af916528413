/** POST /webhooks/{id}/secret: a new secret (in this answer only); the old one signs nothing more. */
import type { TWebhookWithSecret } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { webhookKeys, webhookPath } from './webhook-keys';

export function rotateWebhookSecret(id: string): Promise<TWebhookWithSecret> {
  return apiRequestRequired<TWebhookWithSecret>({
    method: 'POST',
    path: webhookPath(id, '/secret'),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: ({ endpoint }) =>
      queryClient.setQueryData(webhookKeys.detail(endpoint.id), endpoint),
  });
}
