/** The account endpoints (docs/product.md#api-calls "Merchants"): list, add, invite, roles, remove. */
import type {
  AccountRole,
  TAccount,
  TAccountListResponse,
  TInviteAccountResponse,
} from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { merchantKeys } from '../../../shared/resources/merchants/merchant-keys';
import { HANDLED_STATUSES } from './handled-statuses';
import { refreshCurrentMerchant } from './merchant-profile';

export function useAccounts(id: string) {
  return useQuery({
    queryKey: merchantKeys.accounts(id),
    queryFn: ({ signal }) =>
      answer<TAccountListResponse>(
        api.GET('/api/merchants/{id}/accounts', { params: { path: { id } }, signal }),
      ),
  });
}

function useAccountMutation<TVariables, TResult>(
  id: string,
  request: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantKeys.accounts(id) }),
        // What the server recomputes from the accounts and their roles: the
        // profile's validity ('Kein Ansprechpartner definiert!'; the profile
        // alone, not the locations under its key), the validity the merchant
        // lists show, and the effective notification settings.
        queryClient.invalidateQueries({ queryKey: merchantKeys.detail(id), exact: true }),
        queryClient.invalidateQueries({ queryKey: merchantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: merchantKeys.notifications(id) }),
      ]);
      // The shell's bell shows the same validity. Should that refresh fail (the
      // client shows its alert), the change itself was made and is reported so.
      await refreshCurrentMerchant(id).catch(() => undefined);
    },
  });
}

export interface AccountByEmail {
  user_email: string;
  roles: AccountRole[];
}

export const useAddAccount = (id: string) =>
  useAccountMutation(id, (body: AccountByEmail) =>
    answer<TAccount>(
      api.POST('/api/merchants/{id}/accounts', {
        params: { path: { id } },
        body,
        ...call({ quietStatuses: HANDLED_STATUSES }),
      }),
    ),
  );

export const useInviteAccount = (id: string) =>
  useAccountMutation(id, (body: AccountByEmail) =>
    answer<TInviteAccountResponse>(
      api.POST('/api/merchants/{id}/invite-account', {
        params: { path: { id } },
        body,
        ...call({ quietStatuses: HANDLED_STATUSES }),
      }),
    ),
  );

export const useChangeRoles = (id: string) =>
  useAccountMutation(id, ({ accountId, roles }: { accountId: string; roles: AccountRole[] }) =>
    answer<TAccount>(
      api.POST('/api/merchants/{id}/accounts/{accountId}', {
        params: { path: { id, accountId } },
        body: { roles },
        ...call({ quietStatuses: HANDLED_STATUSES }),
      }),
    ),
  );

export const useRemoveAccount = (id: string) =>
  useAccountMutation(id, (accountId: string) =>
    answer(
      api.DELETE('/api/merchants/{id}/accounts/{accountId}', {
        params: { path: { id, accountId } },
        ...call({ quietStatuses: HANDLED_STATUSES }),
      }),
    ),
  );

/** Admins: resets the account's two-factor sign-in (its sessions end, it is told by mail). */
export const useResetTwoFactor = (id: string) =>
  useAccountMutation(id, (accountId: string) =>
    answer(
      api.DELETE('/api/merchants/{id}/accounts/{accountId}/two-factor', {
        params: { path: { id, accountId } },
      }),
    ),
  );
