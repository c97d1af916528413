/**
 * The end of a session while the app is open (docs/product.md#identity-and-sign-in): the token
 * expired (after a failed refresh, or while the computer slept), another tab
 * signed out, or the server answered 401 (the session was ended there). The
 * tab ends it the way logout does: the token is forgotten at once, the user
 * is taken to the login route with a message saying so, and the page they
 * were at is kept for after the sign-in. User, merchant and the cached
 * answers are cleared when the signed-in screens are left
 * (`useSessionWatch`): a page with unsaved input may hold the navigation with
 * its "unsaved changes" question, and keeps showing what was typed until the
 * user leaves it.
 */
import type { DataRouter } from 'react-router';
import { i18n } from '../../shared/i18n/i18n';
import { paths, PUBLIC_PATHS } from '../../shared/paths';
import { notifyError } from '../../shared/ui/notify';
import { endSessionFor } from './sign-in';
import { clearToken, getStoredToken, hasValidToken, saveTargetPath } from './token-storage';

/** The query of the login route that shows the "session ended" message. */
export const SESSION_ENDED_PARAM = 'session';
const SESSION_ENDED_VALUE = 'ended';

/** The login route with the "session ended" message. */
export function sessionEndedPath(): string {
  return `${paths.oauth.login()}?${SESSION_ENDED_PARAM}=${SESSION_ENDED_VALUE}`;
}

/** Whether the login route was opened to say that the session has ended. */
export function saysSessionEnded(search: URLSearchParams): boolean {
  return search.get(SESSION_ENDED_PARAM) === SESSION_ENDED_VALUE;
}

/** What of the app's router the end of a session uses. */
export type SessionRouter = Pick<DataRouter, 'navigate' | 'state'>;

let router: SessionRouter | undefined;

/** The app's router, which takes the user to the login route (see app.tsx). */
export function setSessionRouter(next: SessionRouter | undefined): void {
  router = next;
}

const isPublic = (pathname: string | undefined): boolean =>
  pathname !== undefined && PUBLIC_PATHS.includes(pathname);

/** Whether a page holds the navigation with its question about unsaved input. */
const isHeld = (at: SessionRouter): boolean =>
  [...at.state.blockers.values()].some((blocker) => blocker.state === 'blocked');

let ending = false;

/**
 * Ends this tab's session, unless it has not ended: reported with the token
 * a 401 answered, it ends only when that token is still the stored one (a
 * new sign-in in another tab may have replaced it meanwhile); otherwise only
 * when there is no valid token. Nothing happens on the sign-in, logout and
 * postback routes, nor while the app is on its way to one of them (a logout
 * clears the token itself and its last calls are skipped).
 */
export function reportSessionEnded(answeredToken?: string): void {
  const stored = getStoredToken();
  if (answeredToken !== undefined && stored !== undefined && stored.token !== answeredToken) return;
  if (answeredToken === undefined && hasValidToken()) return;
  if (!router) {
    // Before the app has rendered: leave by a document load.
    const { pathname, search } = window.location;
    if (isPublic(pathname)) return;
    endSessionFor(`${pathname}${search}`);
    window.location.assign(sessionEndedPath());
    return;
  }
  const { location, navigation } = router.state;
  if (isPublic(location.pathname) || isPublic(navigation.location?.pathname)) return;
  if (stored) clearToken();
  // Under way already, or the page's question is open and answers the last attempt.
  if (ending || isHeld(router)) return;
  ending = true;
  const at = navigation.location ?? location;
  saveTargetPath(`${at.pathname}${at.search}`);
  const going = router;
  void going.navigate(sessionEndedPath()).finally(() => {
    ending = false;
    // Held by the page's question: say why it asks (the user may stay to copy their input).
    if (isHeld(going)) {
      notifyError(i18n.t('auth.sessionEnded.text'), i18n.t('auth.sessionEnded.title'));
    }
  });
}
