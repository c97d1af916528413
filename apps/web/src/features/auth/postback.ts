/**
 * The provider's answer at /oauth2/postback: a fragment with the access token
 * (implicit flow) or a query with an authorization code (code flow).
 */
import { exchangeCode } from './api/exchange-code';
import { takeSignIn } from './pending-sign-in';
import { storeToken, takeTargetPath } from './token-storage';

export type PostbackAnswer =
  | { kind: 'token'; accessToken: string; expiresIn: number | undefined; state: string | null }
  | { kind: 'code'; code: string; state: string | null }
  | { kind: 'error'; error: string; state: string | null }
  | { kind: 'none' };

/** Reads the answer from location.search and location.hash. */
export function parsePostback(search: string, hash: string): PostbackAnswer {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  for (const params of [fragment, query]) {
    const error = params.get('error');
    if (error) return { kind: 'error', error, state: params.get('state') };
  }
  const accessToken = fragment.get('access_token');
  if (accessToken) {
    const expiresRaw = Number(fragment.get('expires_in'));
    return {
      kind: 'token',
      accessToken,
      expiresIn: Number.isFinite(expiresRaw) && expiresRaw > 0 ? expiresRaw : undefined,
      state: fragment.get('state'),
    };
  }
  const code = query.get('code');
  if (code) return { kind: 'code', code, state: query.get('state') };
  return { kind: 'none' };
}

export class SignInError extends Error {
  override readonly name = 'SignInError';
}

/**
 * Completes the sign-in: checks the state, stores the token (exchanging the
 * code first in the code flow) and returns the path to continue at.
 */
export async function completeSignIn(
  answer: PostbackAnswer,
  redirectUri: string,
  clientId: string,
  tokenUrl: string,
): Promise<string> {
  // State and verifier are single-use: every pending sign-in ends here.
  const attempt = takeSignIn(answer.kind === 'none' ? null : answer.state);

  if (answer.kind === 'none') throw new SignInError('No answer from the provider');
  if (answer.kind === 'error') throw new SignInError(`Provider error: ${answer.error}`);
  if (!attempt) throw new SignInError('State mismatch');

  if (answer.kind === 'token') {
    if (!storeToken(answer.accessToken, answer.expiresIn)) throw new SignInError('Unusable token');
    return takeTargetPath();
  }

  const { verifier } = attempt;
  if (!verifier) throw new SignInError('PKCE verifier missing');
  const tokens = await exchangeCode({
    tokenUrl,
    code: answer.code,
    redirectUri,
    clientId,
    verifier,
  });
  if (!storeToken(tokens.access_token, tokens.expires_in)) throw new SignInError('Unusable token');
  return takeTargetPath();
}
