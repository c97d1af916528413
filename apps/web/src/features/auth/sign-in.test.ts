// @vitest-environment jsdom
/**
 * Starting a sign-in and completing it at the postback, against a provider
 * that checks PKCE as the identity provider does: the code it hands out is
 * bound to the challenge of the authorize URL the browser followed, and the
 * token request must bring that URL's verifier. The route guard may start
 * the sign-in twice on the first load (docs/product.md#identity-and-sign-in);
 * whichever of the URLs the browser follows, the sign-in completes.
 */
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from '../../shared/config/runtime-config';
import { mockApi } from '../../shared/testing/msw/mock-api';
import { server } from '../../shared/testing/msw/server';
import { base64UrlEncode } from './jwt';
import { codeChallengeS256 } from './pkce';
import { completeSignIn, parsePostback, SignInError } from './postback';
import { prepareSignIn, redirectUriFor } from './sign-in';
import { clearToken, getValidToken, saveTargetPath } from './token-storage';

const CODE = 'code-1';

function accessToken(): string {
  const part = (value: object) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  const iat = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'ES256', typ: 'at+jwt' })}.${part({ sub: 'u1', iat, exp: iat + 3600 })}.sig`;
}

/** The provider signs in on the authorize URL followed and redirects back with a code. */
function providerAnswers(authorizeUrl: string): { postback: string; tokenRequests: number } {
  const challenge = new URL(authorizeUrl).searchParams.get('code_challenge');
  const state = new URL(authorizeUrl).searchParams.get('state') ?? '';
  const provider = {
    postback: `?code=${CODE}&state=${encodeURIComponent(state)}`,
    tokenRequests: 0,
  };
  server.use(
    http.post('*/identity/token', async ({ request }) => {
      provider.tokenRequests += 1;
      const form = new URLSearchParams(await request.text());
      const verifier = form.get('code_verifier') ?? '';
      if (form.get('code') !== CODE || (await codeChallengeS256(verifier)) !== challenge) {
        return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
      }
      return HttpResponse.json({
        access_token: accessToken(),
        token_type: 'Bearer',
        expires_in: 3600,
      });
    }),
  );
  return provider;
}

function complete(postback: string): Promise<string> {
  const config = getConfig();
  return completeSignIn(
    parsePostback(postback, ''),
    redirectUriFor(config, window.location.origin),
    config.oauth.clientId,
    config.oauth.tokenUrl,
  );
}

beforeEach(() => {
  mockApi([]);
  sessionStorage.clear();
  clearToken();
  saveTargetPath('/campaigns');
});

describe('starting the sign-in twice before the page leaves', () => {
  it('completes when the browser follows the first authorize URL', async () => {
    const first = await prepareSignIn();
    const second = await prepareSignIn();
    expect(second).not.toBe(first);
    const provider = providerAnswers(first);

    await expect(complete(provider.postback)).resolves.toBe('/campaigns');
    expect(provider.tokenRequests).toBe(1);
    expect(getValidToken()).toBeDefined();
  });

  it('completes when the browser follows the second authorize URL', async () => {
    await prepareSignIn();
    const provider = providerAnswers(await prepareSignIn());

    await expect(complete(provider.postback)).resolves.toBe('/campaigns');
    expect(getValidToken()).toBeDefined();
  });

  it('shares one attempt between concurrent callers', async () => {
    const [first, second] = await Promise.all([prepareSignIn(), prepareSignIn()]);
    expect(second).toBe(first);
    const provider = providerAnswers(first);

    await expect(complete(provider.postback)).resolves.toBe('/campaigns');
  });
});

describe('the state', () => {
  it('answers once: a replayed postback is refused without a token request', async () => {
    const provider = providerAnswers(await prepareSignIn());
    await complete(provider.postback);
    clearToken();

    await expect(complete(provider.postback)).rejects.toThrow(SignInError);
    expect(provider.tokenRequests).toBe(1);
    expect(getValidToken()).toBeUndefined();
  });

  it('ends the other pending attempt too once one completed', async () => {
    const first = await prepareSignIn();
    const second = await prepareSignIn();
    await complete(providerAnswers(first).postback);
    clearToken();

    const other = providerAnswers(second);
    await expect(complete(other.postback)).rejects.toThrow('State mismatch');
    expect(other.tokenRequests).toBe(0);
  });

  it('refuses a state this tab did not start', async () => {
    await prepareSignIn();
    const forged = providerAnswers(
      'https://bo.example/identity/authorize?state=forged&code_challenge=x',
    );

    await expect(complete(forged.postback)).rejects.toThrow('State mismatch');
    expect(forged.tokenRequests).toBe(0);
  });
});
