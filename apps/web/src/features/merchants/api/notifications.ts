/** Notification settings per account. */
import type { NotificationSettings, TNotificationListResponse } from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { merchantKeys, merchantPath } from '../../../shared/resources/merchants/merchant-keys';
import { HANDLED_STATUSES } from './handled-statuses';

export function useNotifications(id: string) {
  return useQuery({
    queryKey: merchantKeys.notifications(id),
    queryFn: ({ signal }) =>
      apiRequestRequired<TNotificationListResponse>({
        path: merchantPath(id, '/notifications'),
        signal,
      }),
  });
}

export function useSaveNotifications(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, settings }: { accountId: string; settings: NotificationSettings }) =>
      apiRequestRequired<TNotificationListResponse>({
        method: 'POST',
        path: merchantPath(id, `/notifications/${encodeURIComponent(accountId)}`),
        json: { settings },
        quietStatuses: HANDLED_STATUSES,
      }),
    onSuccess: (answer) => queryClient.setQueryData(merchantKeys.notifications(id), answer),
  });
}
