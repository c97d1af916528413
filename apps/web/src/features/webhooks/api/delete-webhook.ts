/** DELETE /webhooks/{id}: the endpoint and its delivery log are gone. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { webhookKeys, webhookPath } from './webhook-keys';

export function deleteWebhook(id: string): Promise<{ deleted: true }> {
  return apiRequestRequired<{ deleted: true }>({ method: 'DELETE', path: webhookPath(id) });
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
