/**
 * /oauth2/postback: completes the sign-in and continues at the saved target
 * path; any failure (no answer, provider error, state mismatch, failed code
 * exchange) goes back to the login route.
 */
import { redirect } from 'react-router';
import { getConfig } from '../../../shared/config/runtime-config';
import { i18n } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { notifyError } from '../../../shared/ui/notify';
import { completeSignIn, parsePostback } from '../postback';
import { redirectUriFor } from '../sign-in';

export async function loader(): Promise<Response> {
  const config = getConfig();
  const { origin, search, hash } = window.location;
  const answer = parsePostback(search, hash);
  // Keep the token and the code out of the history and of any later Referer.
  window.history.replaceState(null, '', paths.oauth.postback());
  try {
    const target = await completeSignIn(
      answer,
      redirectUriFor(config, origin),
      config.oauth.clientId,
      config.oauth.tokenUrl,
    );
    return redirect(target);
  } catch {
    notifyError(i18n.t('auth.errors.signInFailed'));
    return redirect(paths.oauth.login());
  }
}

export function Component() {
  return <FullPageLoader />;
}
