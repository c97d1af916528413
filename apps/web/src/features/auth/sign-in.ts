/**
 * Starting the sign-in at the identity provider: authorization code with PKCE
 * by default, the implicit flow when configured (ARCHITECTURE.md "Sign-in").
 */
import type { TRuntimeConfig } from '@backoffice/domain';
import { getConfig } from '../../shared/config/runtime-config';
import { paths } from '../../shared/paths';
import { clearSession } from '../../shared/session/session-store';
import { rememberSignIn } from './pending-sign-in';
import { codeChallengeS256, createCodeVerifier, randomToken } from './pkce';
import { clearToken, saveTargetPath } from './token-storage';

/** The redirect_uri: the configured one, or this app's postback route. */
export function redirectUriFor(config: TRuntimeConfig, origin: string): string {
  return config.oauth.redirectUri || `${origin}${paths.oauth.postback()}`;
}

export interface AuthorizeRequest {
  state: string;
  /** Only for the code flow. */
  codeChallenge?: string;
}

/** The provider's authorize URL with the standard OAuth2 query. */
export function buildAuthorizeUrl(
  config: TRuntimeConfig,
  origin: string,
  request: AuthorizeRequest,
): string {
  const url = new URL(config.oauth.authorizeUrl, origin);
  const implicit = config.oauth.flow === 'implicit';
  url.searchParams.set('response_type', implicit ? 'token' : 'code');
  url.searchParams.set('client_id', config.oauth.clientId);
  url.searchParams.set('redirect_uri', redirectUriFor(config, origin));
  url.searchParams.set('scope', config.oauth.scope);
  url.searchParams.set('state', request.state);
  if (config.oauth.loginHint) url.searchParams.set('login_hint', config.oauth.loginHint);
  if (!implicit && request.codeChallenge) {
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

let pending: Promise<string> | undefined;

/**
 * Creates state (and PKCE verifier), keeps them beside the sign-ins already
 * pending (pending-sign-in.ts) and returns the authorize URL. Concurrent
 * callers share one attempt; a later call starts another without voiding the
 * first, so whichever URL the browser follows completes.
 */
export function prepareSignIn(): Promise<string> {
  pending ??= (async () => {
    const config = getConfig();
    const origin = window.location.origin;
    const state = randomToken(16);
    let verifier: string | null = null;
    let codeChallenge: string | undefined;
    if (config.oauth.flow === 'code') {
      verifier = createCodeVerifier();
      codeChallenge = await codeChallengeS256(verifier);
    }
    rememberSignIn({ state, verifier });
    return buildAuthorizeUrl(config, origin, {
      state,
      ...(codeChallenge ? { codeChallenge } : {}),
    });
  })().finally(() => {
    pending = undefined;
  });
  return pending;
}

/**
 * The route guard's first half (docs/product.md#identity-and-sign-in): remember the target, forget the
 * token and the session. The caller then follows prepareSignIn()'s URL.
 */
export function endSessionFor(targetPath: string | undefined): void {
  if (targetPath !== undefined) saveTargetPath(targetPath);
  clearToken();
  clearSession();
}
