/**
 * Checks an OAuth2 authorization request (RFC 6749 §4.1/§4.2, RFC 7636).
 * A wrong client or redirect URI is never redirected to (it could be an
 * attacker's); every other problem goes back to the client as ?error=…
 * (#error=… for a request of the implicit grant). The implicit grant
 * (`response_type=token`) is answered only when the client's flow is
 * `implicit` (OAUTH_FLOW) or OAUTH_ALLOW_IMPLICIT is set; otherwise it is
 * `unsupported_response_type`, as for any other unknown response type.
 */
export interface AuthorizeParams {
  response_type?: string | undefined;
  client_id?: string | undefined;
  redirect_uri?: string | undefined;
  scope?: string | undefined;
  state?: string | undefined;
  login_hint?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
  ui_locales?: string | undefined;
}

export const AUTHORIZE_PARAM_NAMES = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'login_hint',
  'code_challenge',
  'code_challenge_method',
  'ui_locales',
] as const;

export interface ValidAuthorizeRequest {
  responseType: 'code' | 'token';
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  codeChallenge: string | undefined;
}

export type AuthorizeCheck =
  | { kind: 'ok'; request: ValidAuthorizeRequest }
  | { kind: 'fatal' }
  | {
      kind: 'redirect-error';
      redirectUri: string;
      useFragment: boolean;
      error: string;
      state: string | undefined;
    };

export const ALLOWED_SCOPES = ['base'];
const CODE_CHALLENGE = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface AuthorizeClient {
  clientId: string;
  redirectUris: readonly string[];
  /** Whether `response_type=token` (the implicit grant) is answered. */
  implicitAllowed: boolean;
}

/** The response types the provider answers: `code`, and `token` when the implicit grant is on. */
export const responseTypesOf = (client: { implicitAllowed: boolean }): string[] =>
  client.implicitAllowed ? ['code', 'token'] : ['code'];

export function checkAuthorizeRequest(
  params: AuthorizeParams,
  client: AuthorizeClient,
): AuthorizeCheck {
  if (params.client_id !== client.clientId) return { kind: 'fatal' };
  if (!params.redirect_uri || !client.redirectUris.includes(params.redirect_uri))
    return { kind: 'fatal' };
  const redirectUri = params.redirect_uri;
  const state = params.state;
  const fail = (error: string, useFragment: boolean): AuthorizeCheck => ({
    kind: 'redirect-error',
    redirectUri,
    useFragment,
    error,
    state,
  });
  const responseType = params.response_type;
  // The answer to a request of the implicit grant is read from the fragment (§4.2.2.1).
  const useFragment = responseType === 'token';
  if (responseType !== 'code' && !(responseType === 'token' && client.implicitAllowed))
    return fail('unsupported_response_type', useFragment);
  const scopes = (params.scope ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !ALLOWED_SCOPES.includes(scope))) {
    return fail('invalid_scope', useFragment);
  }
  if (responseType === 'code') {
    if (!params.code_challenge || !CODE_CHALLENGE.test(params.code_challenge))
      return fail('invalid_request', false);
    if (params.code_challenge_method !== 'S256') return fail('invalid_request', false);
  }
  return {
    kind: 'ok',
    request: {
      responseType,
      clientId: client.clientId,
      redirectUri,
      scope: scopes.join(' '),
      state,
      codeChallenge: params.code_challenge,
    },
  };
}

/** Builds the redirect back to the client, with the answer in the query or the fragment. */
export function redirectWith(
  redirectUri: string,
  values: Record<string, string | undefined>,
  useFragment: boolean,
): string {
  const answer = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) answer.set(name, value);
  const url = new URL(redirectUri);
  if (useFragment) {
    url.hash = answer.toString();
  } else {
    for (const [name, value] of answer) url.searchParams.set(name, value);
  }
  return url.toString();
}
