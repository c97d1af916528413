/**
 * Notices, while the signed-in screens show, that the session is over
 * without any request of the app being refused (see `session-end.ts`): the
 * token expired, or another tab signed out (its token disappeared). Expiry is
 * checked by a timer, and again whenever the tab comes back (a computer that
 * slept holds its timers back). Leaving the signed-in screens without a
 * valid token clears user, merchant and the cached answers, as logout does.
 * When another person signs in in another tab, the token this tab would send
 * is theirs: the tab starts afresh as that person (a document load, which
 * asks first when a page has unsaved input), instead of showing one person's
 * screens and acting with the other's rights.
 */
import { useEffect } from 'react';
import { queryClient } from '../../shared/api/query-client';
import { clearSession, getSession } from '../../shared/session/session-store';
import { jwtSubject } from './jwt';
import { reportSessionEnded } from './session-end';
import { hasValidToken, useStoredToken } from './token-storage';

/** setTimeout's upper bound (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

export function useSessionWatch(): void {
  const stored = useStoredToken();

  useEffect(() => {
    if (!stored || stored.expiresAt <= Date.now()) {
      reportSessionEnded();
      return undefined;
    }
    const signedIn = getSession().user?.token.sub;
    const holder = jwtSubject(stored.token);
    if (signedIn !== undefined && holder !== undefined && holder !== signedIn) {
      window.location.assign('/');
      return undefined;
    }
    const check = () => {
      if (!hasValidToken()) reportSessionEnded();
    };
    const checkWhenVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setTimeout(check, Math.min(MAX_TIMEOUT_MS, stored.expiresAt - Date.now() + 1));
    window.addEventListener('focus', check);
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', checkWhenVisible);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', check);
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', checkWhenVisible);
    };
  }, [stored]);

  useEffect(
    () => () => {
      if (hasValidToken()) return;
      clearSession();
      queryClient.clear();
    },
    [],
  );
}
