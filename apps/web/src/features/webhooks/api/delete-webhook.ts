/** DELETE /webhooks/{id}: the endpoint and its delivery log are gone. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { webhookKeys } from './webhook-keys';

export function deleteWebhook(id: string): Promise<{ deleted: true }> {
  return answer<{ deleted: true }>(api.DELETE('/api/webhooks/{id}', { params: { path: { id } } }));
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: [...webhookKeys.all, 'list'] });
    },
  });
}
