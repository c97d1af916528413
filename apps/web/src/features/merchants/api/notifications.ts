/** Notification settings per account. */
import type { NotificationSettings, TNotificationListResponse } from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { merchantKeys } from '../../../shared/resources/merchants/merchant-keys';
import { HANDLED_STATUSES } from './handled-statuses';

export function useNotifications(id: string) {
  return useQuery({
    queryKey: merchantKeys.notifications(id),
    queryFn: ({ signal }) =>
      answer<TNotificationListResponse>(
        api.GET('/api/merchants/{id}/notifications', { params: { path: { id } }, signal }),
      ),
  });
}

export function useSaveNotifications(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, settings }: { accountId: string; settings: NotificationSettings }) =>
      answer<TNotificationListResponse>(
        api.POST('/api/merchants/{id}/notifications/{accountId}', {
          params: { path: { id, accountId } },
          body: { settings },
          ...call({ quietStatuses: HANDLED_STATUSES }),
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(merchantKeys.notifications(id), answer),
  });
}
