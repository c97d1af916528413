/** Notification settings per account. */
import type { NotificationSettings, TNotificationListResponse } from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { HANDLED_STATUSES, merchantFeatureKeys, merchantPath } from './merchant-keys';

export function useNotifications(id: string) {
  return useQuery({
    queryKey: merchantFeatureKeys.notifications(id),
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
    onSuccess: (answer) => queryClient.setQueryData(merchantFeatureKeys.notifications(id), answer),
  });
}
