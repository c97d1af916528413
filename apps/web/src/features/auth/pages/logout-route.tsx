/**
 * /oauth2/logout: ends the server-side session, clears token, user and
 * merchant (docs/product.md#identity-and-sign-in) and shows the login route.
 */
import { redirect } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { clearSession, getSession } from '../../../shared/session/session-store';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { notifyInfo } from '../../../shared/ui/notify';
import { endServerSession } from '../api/logout';
import { clearToken, getStoredToken } from '../token-storage';

export async function loader(): Promise<Response> {
  const wasSignedIn = getStoredToken() !== undefined || getSession().user !== null;
  // The token is forgotten even when the server cannot be reached (the failure is shown).
  await endServerSession().catch(() => undefined);
  clearToken();
  clearSession();
  queryClient.clear();
  if (wasSignedIn) notifyInfo(i18n.t('auth.logout.done'));
  return redirect(paths.oauth.login());
}

export function Component() {
  return <FullPageLoader />;
}
