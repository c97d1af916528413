/**
 * The built-in provider with a real OAuth2 client: openid-client (v6) in its
 * strict default mode, against the server listening on a real port. It
 * discovers the provider from its RFC 8414 metadata, signs in through the
 * form as a browser does (authorization code flow with PKCE), calls the API
 * with the token, revokes the token and is then refused with a
 * WWW-Authenticate challenge. Only plain HTTP to this machine is allowed
 * (allowInsecureRequests); nothing else is relaxed.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../fixtures/ports.js';
import { createMerchantWithOwner, type CreatedPerson } from '../../factories/index.js';
import { CLIENT_ID, createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let url: string;
let owner: CreatedPerson;
beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: url });
  ({ owner } = await createMerchantWithOwner(t.ctx.db));
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const decodeHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * What a browser does with the authorization URL: loads the sign-in page,
 * fills in its form (the hidden fields carry the request) and posts it; the
 * provider's redirect back to the client, with the code.
 */
async function signInLikeABrowser(
  authorizationUrl: URL,
  { email, password }: CreatedPerson,
): Promise<URL> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  expect(form).not.toBeNull();
  const fields = new URLSearchParams();
  for (const [, name, value] of String(form?.[2]).matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)">/g,
  )) {
    fields.set(decodeHtml(String(name)), decodeHtml(String(value)));
  }
  fields.set('email', email);
  fields.set('password', password);
  const answer = await fetch(new URL(decodeHtml(String(form?.[1])), url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  expect(answer.status).toBe(302);
  return new URL(String(answer.headers.get('location')));
}

describe('openid-client against the provider', () => {
  it('discovers it, signs in with PKCE, calls the API, revokes the token', async () => {
    const config = await client.discovery(new URL(url), CLIENT_ID, undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    const server = config.serverMetadata();
    expect(server.issuer).toBe(url);
    expect(server.revocation_endpoint).toBe(`${url}/identity/revoke`);
    expect(server.supportsPKCE()).toBe(true);

    const redirectUri = `${url}/oauth2/postback`;
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'base',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    expect(authorizationUrl.href.startsWith(`${url}/identity/authorize?`)).toBe(true);

    const callback = await signInLikeABrowser(authorizationUrl, owner);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expiresIn()).toBeGreaterThan(0);

    const merchantsUrl = new URL(`${url}/api/merchants`);
    const before = await client.fetchProtectedResource(
      config,
      tokens.access_token,
      merchantsUrl,
      'GET',
    );
    expect(before.status).toBe(200);

    await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });

    const after = await fetch(merchantsUrl, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="backoffice", error="invalid_token"/,
    );
    // The client reads the challenge itself, too.
    const refused = await client
      .fetchProtectedResource(config, tokens.access_token, merchantsUrl, 'GET')
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    const challenge = (refused as client.WWWAuthenticateChallengeError).cause[0];
    expect(challenge?.scheme).toBe('bearer');
    expect(challenge?.parameters.error).toBe('invalid_token');
  });

  it('gets the implicit grant refused, as the metadata says', async () => {
    const config = await client.discovery(new URL(url), CLIENT_ID, undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    expect(config.serverMetadata().response_types_supported).toEqual(['code']);
    const implicitUrl = client.buildAuthorizationUrl(config, {
      response_type: 'token',
      redirect_uri: `${url}/oauth2/postback`,
      scope: 'base',
      state: 'implicit-state',
    });
    const answer = await fetch(implicitUrl, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(String(answer.headers.get('location')));
    expect(new URLSearchParams(back.hash.slice(1)).get('error')).toBe('unsupported_response_type');
  });
});
