/** POST /merchants/{id}/webhooks or /admin/webhooks: a new endpoint; its secret is in this answer only. */
import type { TWebhookSaveBody, TWebhookWithSecret } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { WEBHOOK_HANDLED_STATUSES, webhookKeys, type WebhookOwner } from './webhook-keys';

export function createWebhook(
  owner: WebhookOwner,
  body: TWebhookSaveBody,
): Promise<TWebhookWithSecret> {
  const options = { body, ...call({ quietStatuses: WEBHOOK_HANDLED_STATUSES }) };
  return answer<TWebhookWithSecret>(
    owner === null
      ? api.POST('/api/admin/webhooks', options)
      : api.POST('/api/merchants/{id}/webhooks', { params: { path: { id: owner } }, ...options }),
  );
}

export function useCreateWebhook(owner: WebhookOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWebhookSaveBody) => createWebhook(owner, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}
