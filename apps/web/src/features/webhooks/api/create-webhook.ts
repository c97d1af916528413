/** POST /merchants/{id}/webhooks or /admin/webhooks: a new endpoint; its secret is in this answer only. */
import type { TWebhookSaveBody, TWebhookWithSecret } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import {
  WEBHOOK_HANDLED_STATUSES,
  webhookKeys,
  webhookListPath,
  type WebhookOwner,
} from './webhook-keys';

export function createWebhook(
  owner: WebhookOwner,
  body: TWebhookSaveBody,
): Promise<TWebhookWithSecret> {
  return apiRequestRequired<TWebhookWithSecret>({
    method: 'POST',
    path: webhookListPath(owner),
    json: body,
    quietStatuses: WEBHOOK_HANDLED_STATUSES,
  });
}

export function useCreateWebhook(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWebhookSaveBody) => createWebhook(owner, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}
