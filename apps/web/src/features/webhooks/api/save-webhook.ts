/** PUT /webhooks/{id}: changes an endpoint; with `version`, a save from an older one is refused (409). */
import type { TWebhookEndpoint, TWebhookSaveBody } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { WEBHOOK_HANDLED_STATUSES, webhookKeys } from './webhook-keys';

export function saveWebhook(id: string, body: TWebhookSaveBody): Promise<TWebhookEndpoint> {
  return answer<TWebhookEndpoint>(
    api.PUT('/api/webhooks/{id}', {
      params: { path: { id } },
      body,
      ...call({ quietStatuses: WEBHOOK_HANDLED_STATUSES }),
    }),
  );
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
