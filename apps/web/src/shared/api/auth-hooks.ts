/**
 * How the API client reaches the auth feature's token: the app wires the
 * hooks once at start (app/providers). A module of its own, so that the
 * wiring is part of the first load while the client itself (its errors and
 * alerts) loads with the first screen that calls the API.
 */
export interface ApiAuthHooks {
  /** The current valid access token, or undefined. */
  getToken: () => string | undefined;
  /**
   * Called on a 401 of an authenticated call, with the token it was sent
   * with: the session has ended on the server, so it ends in the app too.
   */
  onUnauthorized: (token?: string) => void;
  /**
   * Called when an authenticated call is skipped for want of a valid token
   * (docs/product.md#api-calls: the call itself is skipped silently): the app notices that its
   * session is over and ends it.
   */
  onMissingToken?: () => void;
}

let hooks: ApiAuthHooks = {
  getToken: () => undefined,
  onUnauthorized: () => undefined,
};

/** Wires token access into the client; the auth feature owns the token (see app/providers). */
export function configureApiAuth(next: ApiAuthHooks): void {
  hooks = next;
}

/** The wired hooks. */
export function apiAuth(): ApiAuthHooks {
  return hooks;
}
