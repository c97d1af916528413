/**
 * Signing in at the built-in provider: the sign-in page, addresses with the
 * domain's final dot, the authorization code grant with PKCE, the implicit
 * grant where enabled, and the registration page.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loginTexts, renderLoginPage } from '../../../src/modules/identity-pages/login-page.js';
import {
  createAdmin,
  createMerchantWithOwner,
  createPerson,
  TEST_PASSWORD,
  type CreatedPerson,
} from '../../factories/index.js';
import { authorizeQuery, freshPem, pkce } from '../../fixtures/sign-in.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  decodeQuotedPrintable,
  mailsDuring,
  PUBLIC_URL,
  REDIRECT_URI,
  signInAttempt,
  tokenOf,
  type TestApp,
} from '../../helpers.js';

let t: TestApp;
/** Owns a merchant and invites; signs in with TEST_PASSWORD. */
let owner: CreatedPerson;
let merchant = '';
beforeAll(async () => {
  t = await createTestApp();
  ({
    owner,
    merchant: { id: merchant },
  } = await createMerchantWithOwner(t.ctx.db));
  await createPerson(t.ctx.db, { email: 'silver@example.com' });
});
afterAll(async () => {
  await t.close();
});

async function login(fields: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/identity/authorize', payload: fields });
}

async function codeFor(email: string, challenge: string) {
  const response = await login({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'base',
    state: 'abc',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    email,
    password: TEST_PASSWORD,
  });
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get('state')).toBe('abc');
  const code = location.searchParams.get('code');
  expect(code).toBeTruthy();
  return String(code);
}

const exchange = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/identity/token',
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      ...fields,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('sign-in page', () => {
  it('is German, prefills the login hint and lists the demo accounts in demo mode', async () => {
    const response = await t.app.inject(
      `/identity/authorize?${authorizeQuery({ login_hint: 'owner@example.com' })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('E-Mail-Adresse');
    expect(response.body).toContain('value="owner@example.com"');
    expect(response.body).toContain('Anmelden als multi@example.com');
  });

  it('lists no demo accounts outside demo mode', async () => {
    const other = await createTestApp({ DEMO: 'false', JWT_PRIVATE_KEY: await freshPem() });
    try {
      const response = await other.app.inject(`/identity/authorize?${authorizeQuery()}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Demo-Zugänge');
    } finally {
      await other.close();
    }
  });

  it('refuses an unknown client or a redirect URI that does not match exactly, without redirecting', async () => {
    const extras: Record<string, string>[] = [
      { client_id: 'evil' },
      { redirect_uri: 'https://evil.example.com/oauth2/postback' },
      { redirect_uri: `${REDIRECT_URI}/extra` },
      { redirect_uri: `${REDIRECT_URI}?x=1` },
    ];
    for (const extra of extras) {
      const response = await t.app.inject(`/identity/authorize?${authorizeQuery(extra)}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('Die Anmeldeanfrage ist ungültig');
    }
  });

  it('sends a code request without S256 PKCE back with invalid_request', async () => {
    const response = await t.app.inject(
      `/identity/authorize?${authorizeQuery({ code_challenge_method: 'plain' })}`,
    );
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('xyz');
  });

  it('sends an unknown scope back with invalid_scope', async () => {
    const response = await t.app.inject(
      `/identity/authorize?${authorizeQuery({ scope: 'admin' })}`,
    );
    expect(new URL(String(response.headers.location)).searchParams.get('error')).toBe(
      'invalid_scope',
    );
  });

  it('marks a page with the language its texts are in', async () => {
    const query = (extra: Record<string, string>) => authorizeQuery({ ...extra });
    // No French catalogue: German texts, marked German.
    const french = await t.app.inject(`/identity/authorize?${query({ ui_locales: 'fr' })}`);
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('E-Mail-Adresse');
    expect(french.body).toContain('<html lang="de">');
    // The first preferred language that has a catalogue.
    const english = await t.app.inject(`/identity/authorize?${query({ ui_locales: 'fr en-GB' })}`);
    expect(english.body).toContain('Email address');
    expect(english.body).toContain('<html lang="en">');
    // The error page of a refused request too.
    const refused = await t.app.inject(
      `/identity/authorize?${query({ ui_locales: 'en', client_id: 'unknown' })}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The sign-in request is invalid');
    expect(refused.body).toContain('<html lang="en">');
  });

  it('names a demo account as it is, $ signs included', () => {
    const { language, texts } = loginTexts('de');
    const page = renderLoginPage({
      texts,
      language,
      action: '/identity/authorize',
      params: {},
      email: '',
      error: undefined,
      demoAccounts: [{ email: "a$'b@example.com", description: 'Demo' }],
    });
    expect(page).toContain('Anmelden als a$&#39;b@example.com');
  });

  it('answers wrong credentials with one message that does not say which part was wrong', async () => {
    const base = {
      response_type: 'code',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'base',
    };
    const wrongPassword = await login({ ...base, email: owner.email, password: 'nope' });
    const unknownUser = await login({
      ...base,
      email: 'nobody@example.com',
      password: TEST_PASSWORD,
    });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('E-Mail-Adresse oder Passwort ist falsch.');
    }
  });
});

describe('an address with its domain’s final dot', () => {
  it('signs in as the account without the dot, however the dot is written', async () => {
    for (const address of ['silver@example.com.', 'Silver@Example.com\u3002']) {
      const response = await signInAttempt(t.app, address, TEST_PASSWORD);
      expect(response.statusCode, address).toBe(302);
      const token = await tokenOf(t.app, response);
      const init = await t.app.inject({
        method: 'POST',
        url: '/api/init-user',
        headers: bearer(String(token)),
      });
      expect(init.json().user.email).toBe('silver@example.com');
    }
  });

  it('counts failed sign-ins at the dotted address against the account', async () => {
    const limited = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_FAILURES_PER_HOUR: '3',
    });
    try {
      await createPerson(limited.ctx.db, { email: 'staff@example.com' });
      for (let i = 0; i < 3; i += 1) {
        const guess = await signInAttempt(limited.app, 'staff@example.com.', 'x', `203.0.113.${i}`);
        expect(guess.statusCode).toBe(401);
      }
      const right = await signInAttempt(
        limited.app,
        'staff@example.com',
        TEST_PASSWORD,
        '203.0.113.9',
      );
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('authorization code grant with PKCE', () => {
  it('issues a token for the right verifier, once', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(owner.email, challenge);
    const response = await exchange({ code, code_verifier: verifier });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ access_token: string; token_type: string; expires_in: number }>();
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: bearer(body.access_token),
    });
    expect(init.statusCode).toBe(200);
    expect(init.json().user.email).toBe(owner.email);

    const again = await exchange({ code, code_verifier: verifier });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier and burns the code', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(owner.email, challenge);
    const wrong = await exchange({ code, code_verifier: pkce().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant' });
    const right = await exchange({ code, code_verifier: verifier });
    expect(right.statusCode).toBe(400);
  });

  it('refuses a code presented with another redirect URI or client', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(owner.email, challenge);
    const otherRedirect = await exchange({
      code,
      code_verifier: verifier,
      redirect_uri: `${PUBLIC_URL}/elsewhere`,
    });
    expect(otherRedirect.statusCode).toBe(400);
    const { verifier: v2, challenge: c2 } = pkce();
    const code2 = await codeFor(owner.email, c2);
    const otherClient = await exchange({ code: code2, code_verifier: v2, client_id: 'evil' });
    expect(otherClient.statusCode).toBe(401);
    expect(otherClient.json()).toEqual({ error: 'invalid_client' });
  });

  it('refuses other grant types and incomplete requests', async () => {
    const password = await exchange({ grant_type: 'password', code: 'x', code_verifier: 'y' });
    expect(password.json()).toEqual({ error: 'unsupported_grant_type' });
    const incomplete = await exchange({ code: 'x' });
    expect(incomplete.json()).toEqual({ error: 'invalid_request' });
  });
});

describe('implicit grant', () => {
  it('puts the token, its lifetime and the state in the fragment', async () => {
    const implicit = await createTestApp({ OAUTH_ALLOW_IMPLICIT: 'true' });
    onTestFinished(() => implicit.close());
    await createAdmin(implicit.ctx.db, { email: 'admin@example.com' });
    const response = await implicit.app.inject({
      method: 'POST',
      url: '/identity/authorize',
      payload: {
        response_type: 'token',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        scope: 'base',
        state: 'st4te',
        email: 'ADMIN@example.com',
        password: TEST_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.search).toBe('');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('st4te');
    expect(fragment.get('token_type')).toBe('Bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    const init = await implicit.app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: bearer(String(fragment.get('access_token'))),
    });
    expect(init.json().user.level).toBe('admin');
  });
});

describe('registration page', () => {
  it('names the invited address as it is, $ signs included, in a German page', async () => {
    await t.signInAs({ owner });
    const email = "a$'b@example.com";
    const mails = await mailsDuring(t, async () => {
      const invite = await t.api('POST', `/merchants/${merchant}/invite-account`, 'owner', {
        user_email: email,
        roles: ['manage-campaigns'],
      });
      expect(invite.statusCode, invite.body).toBe(200);
    });
    const token = /register\?token=([A-Za-z0-9_-]+)/.exec(
      decodeQuotedPrintable(String(mails[0])),
    )?.[1];
    expect(token).toBeTruthy();
    const page = await t.app.inject(`/identity/register?token=${String(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    // escape-html writes ' as &#39;
    expect(page.body).toContain('Passwort für a$&#39;b@example.com fest.');
  });
});
