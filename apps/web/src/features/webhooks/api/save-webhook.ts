/** PUT /webhooks/{id}: changes an endpoint; with `version`, a save from an older one is refused (409). */
import type { TWebhookEndpoint, TWebhookSaveBody } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { WEBHOOK_HANDLED_STATUSES, webhookKeys, webhookPath } from './webhook-keys';

export function saveWebhook(id: string, body: TWebhookSaveBody): Promise<TWebhookEndpoint> {
  return apiRequestRequired<TWebhookEndpoint>({
    method: 'PUT',
    path: webhookPath(id),
    json: body,
    quietStatuses: WEBHOOK_HANDLED_STATUSES,
  });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TWebhookSaveBody }) => saveWebhook(id, body),
    onSuccess: (endpoint) => {
      queryClient.setQueryData(webhookKeys.detail(endpoint.id), endpoint);
      return queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
}
