import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { createAppContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/platform/config/config.js';
import type { Database } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/http/logging.js';
import { loginTexts, renderLoginPage } from '../src/modules/identity-pages/login-page.js';
import { seedDemoData } from '../src/ops/seed/demo-data.js';
import { deleteKeys, redisAnswers } from './fixtures/redis-server.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  decodeQuotedPrintable,
  mailsDuring,
  openTestDatabase,
  PUBLIC_URL,
  REDIRECT_URI,
  signInAttempt,
  tokenOf,
  type TestApp,
  type TestDatabase,
} from './helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const redisUp = REDIS_URL !== undefined && (await redisAnswers(REDIS_URL));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
};

const authorizeQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'base',
    state: 'xyz',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();

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
    password: 'demo',
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
    const wrongPassword = await login({ ...base, email: 'owner@example.com', password: 'nope' });
    const unknownUser = await login({ ...base, email: 'nobody@example.com', password: 'demo' });
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
      const response = await signInAttempt(t.app, address, 'demo');
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
      for (let i = 0; i < 3; i += 1) {
        const guess = await signInAttempt(limited.app, 'staff@example.com.', 'x', `203.0.113.${i}`);
        expect(guess.statusCode).toBe(401);
      }
      const right = await signInAttempt(limited.app, 'staff@example.com', 'demo', '203.0.113.9');
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('authorization code grant with PKCE', () => {
  it('issues a token for the right verifier, once', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('owner@example.com', challenge);
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
    expect(init.json().user.email).toBe('owner@example.com');

    const again = await exchange({ code, code_verifier: verifier });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier and burns the code', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('owner@example.com', challenge);
    const wrong = await exchange({ code, code_verifier: pkce().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant' });
    const right = await exchange({ code, code_verifier: verifier });
    expect(right.statusCode).toBe(400);
  });

  it('refuses a code presented with another redirect URI or client', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('owner@example.com', challenge);
    const otherRedirect = await exchange({
      code,
      code_verifier: verifier,
      redirect_uri: `${PUBLIC_URL}/elsewhere`,
    });
    expect(otherRedirect.statusCode).toBe(400);
    const { verifier: v2, challenge: c2 } = pkce();
    const code2 = await codeFor('owner@example.com', c2);
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
        password: 'demo',
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

async function freshPem() {
  const { exportPKCS8 } = await import('jose');
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return exportPKCS8(privateKey);
}

describe('token checks of the merchant API', () => {
  // A real session of the owner: the signed tokens below claim it.
  let session = { sid: '', sub: '' };
  beforeAll(async () => {
    const payload = decodeJwt(await t.signIn('owner@example.com'));
    session = { sid: String(payload.sid), sub: String(payload.sub) };
  });
  const sign = (
    claims: { iss?: string; aud?: string; exp?: number; sid?: string | null },
    key = t.ctx.signingKey.privateKey,
    kid = t.ctx.signingKey.kid,
  ) =>
    new SignJWT({
      email: 'owner@example.com',
      ...(claims.sid === null ? {} : { sid: claims.sid ?? session.sid }),
    })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject(session.sub)
      .setIssuer(claims.iss ?? PUBLIC_URL)
      .setAudience(claims.aud ?? 'campaign-backoffice')
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(key);

  const initWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/init-user', headers });

  it('accepts a well-formed token of its own', async () => {
    expect((await initWith(bearer(await sign({})))).statusCode).toBe(200);
  });

  it('refuses missing, expired, tampered, wrong-issuer, wrong-audience and foreign-key tokens with 401', async () => {
    const valid = await sign({});
    const [header, payload, signature] = valid.split('.');
    const forged = JSON.parse(Buffer.from(String(payload), 'base64url').toString());
    forged.email = 'admin@example.com';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    const foreign = await generateKeyPair('ES256');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      malformed: bearer('not-a-token'),
      expired: bearer(await sign({ exp: Math.floor(Date.now() / 1000) - 5 })),
      tampered: bearer(tampered),
      wrongIssuer: bearer(await sign({ iss: 'https://evil.example.com' })),
      wrongAudience: bearer(await sign({ aud: 'another-api' })),
      foreignKey: bearer(await sign({}, foreign.privateKey)),
      algNone: bearer(unsigned),
      basicScheme: { authorization: `Basic ${valid}` },
      // As issued before sessions existed, or claiming a session that never was.
      withoutSession: bearer(await sign({ sid: null })),
      unknownSession: bearer(await sign({ sid: '00000000-0000-4000-8000-000000000000' })),
    };
    for (const [name, headers] of Object.entries(cases)) {
      const response = await initWith(headers);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ statusCode: 401, message: 'unauthorized' });
    }
  });
});

describe('verified-token cache', () => {
  it('stops accepting a token once it expires, even after it was verified', async () => {
    const token = await t.signIn('owner@example.com');
    const headers = bearer(token);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/init-user', headers })).statusCode,
    ).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601 * 1000 });
    try {
      expect(await t.ctx.tokenVerifier.verify(token)).toBeNull();
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/init-user', headers })).statusCode,
      ).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('auth API', () => {
  it('GET /api/v2/my/tokens returns a fresh token for the configured realm', async () => {
    const token = await t.signIn('silver@example.com');
    const response = await t.app.inject({ url: '/api/v2/my/tokens', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { tokens } = response.json<{ tokens: { name: string; token: string }[] }>();
    expect(tokens.map((entry) => entry.name)).toEqual(['backoffice']);
    const fresh = String(tokens[0]?.token);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: bearer(fresh),
    });
    expect(init.json().user.email).toBe('silver@example.com');
  });

  it('refuses the refresh without a valid token', async () => {
    expect((await t.app.inject({ url: '/api/v2/my/tokens' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v2/my/tokens', headers: bearer('x.y.z') })).statusCode,
    ).toBe(401);
  });

  it('publishes the public key only, and its metadata (no OpenID discovery)', async () => {
    const jwks = (await t.app.inject('/identity/jwks.json')).json<{
      keys: Record<string, unknown>[];
    }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', kid: t.ctx.signingKey.kid });
    const metadata = (await t.app.inject('/.well-known/oauth-authorization-server')).json();
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect((await t.app.inject('/.well-known/openid-configuration')).statusCode).toBe(404);
  });
});

describe('brute-force protection', () => {
  it('limits sign-in attempts per client and says so in German', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () => signInAttempt(limited.app, 'owner@example.com', 'guess');
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toContain('Zu viele Anmeldeversuche');
      // Even the right password is refused while the limit holds.
      const right = await signInAttempt(limited.app, 'owner@example.com', 'demo');
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('brute-force protection behind proxies', () => {
  const guess = (app: TestApp, email: string, address: string, password = 'guess') =>
    signInAttempt(app.app, email, password, address);

  it('does not believe X-Forwarded-For by default: 200 guesses with forged addresses get 429s', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        // Another account each time, so that only the address limit can apply.
        const response = await guess(limited, `guess${i}@example.com`, `198.51.100.${i}`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.body).toContain('Zu viele Anmeldeversuche');
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(190);
    } finally {
      await limited.close();
    }
  });

  it('limits failed sign-ins per account from any address, with TRUST_PROXY set', async () => {
    const limited = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10',
      LOGIN_FAILURES_PER_HOUR: '5',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        statuses.push((await guess(limited, 'Owner@Example.com', `203.0.113.${i}`)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // Even the right password is refused from yet another address while the limit holds.
      const right = await guess(limited, 'owner@example.com', '203.0.113.99', 'demo');
      expect(right.statusCode).toBe(429);
      expect(right.body).toContain('Zu viele Anmeldeversuche');
      // Other accounts are not affected, and the addresses are told apart (10 per minute each).
      expect((await guess(limited, 'staff@example.com', '203.0.113.0', 'demo')).statusCode).toBe(
        302,
      );
    } finally {
      await limited.close();
    }
  });

  it('holds the account limit for guesses that arrive at the same time from different addresses', async () => {
    const limited = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10',
      LOGIN_FAILURES_PER_HOUR: '5',
    });
    try {
      const attempts = Array.from({ length: 30 }, (_, i) =>
        guess(limited, 'owner@example.com', `203.0.113.${i}`, i === 29 ? 'demo' : `guess-${i}`),
      );
      const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
      // At most five passwords are checked and found wrong; the others wait.
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
      // The right password, sent after 29 guesses, does not sign in.
      expect(statuses[29]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('uses up no attempts of an account with successful sign-ins, one after another or at once', async () => {
    const limited = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_FAILURES_PER_HOUR: '2',
    });
    try {
      const signIn = (i: number, password = 'demo') =>
        guess(limited, 'owner@example.com', `203.0.113.${i}`, password);
      for (let i = 0; i < 5; i += 1) expect((await signIn(i)).statusCode).toBe(302);
      const together = await Promise.all([signIn(10), signIn(11)]);
      expect(together.map((response) => response.statusCode)).toEqual([302, 302]);
      // The account still has both of its failures, and no more.
      const wrong = [];
      for (let i = 20; i < 23; i += 1) wrong.push((await signIn(i, 'guess')).statusCode);
      expect(wrong).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits the token endpoint and the registration form per address too', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const register = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/identity/register',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { token: `guess-${i}`, password: 'x', password_repeat: 'x' },
        });
      const registrations = [];
      for (let i = 0; i < 3; i += 1) registrations.push((await register(i)).statusCode);
      expect(registrations).toEqual([400, 400, 429]);
      const tokens = [];
      for (let i = 0; i < 13; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/identity/token',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `198.51.100.${i}`,
          },
          payload: new URLSearchParams({
            grant_type: 'authorization_code',
            code: `guess-${i}`,
            client_id: CLIENT_ID,
            redirect_uri: REDIRECT_URI,
            code_verifier: pkce().verifier,
          }).toString(),
        });
        tokens.push(response.statusCode);
      }
      expect(tokens.slice(0, 12).every((status) => status === 400)).toBe(true);
      expect(tokens[12]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('registration page', () => {
  it('names the invited address as it is, $ signs included, in a German page', async () => {
    await t.signInAs('owner');
    const merchant = await t.merchantId('Bäckerei Sonnenschein');
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

describe.runIf(redisUp)('the account limit of two apps counting in one Redis', () => {
  const redisUrl = String(REDIS_URL);
  const prefix = `identity-${randomBytes(4).toString('hex')}:`;
  let database: TestDatabase;
  let secondPool: Database;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10',
      LOGIN_FAILURES_PER_HOUR: '5',
      JWT_PRIVATE_KEY: await freshPem(),
    };
    a = await createTestApp(env, { database });
    secondPool = await database.connectAgain();
    b = await createTestApp(env, { database: secondPool });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await secondPool.close();
    await database.close();
    await deleteKeys(redisUrl, prefix);
  });

  const signIn = (app: TestApp, email: string, password: string, address: string) =>
    signInAttempt(app.app, email, password, address);

  it('holds for guesses that arrive at both at the same time', async () => {
    const attempts = Array.from({ length: 30 }, (_, i) =>
      signIn(i % 2 ? b : a, 'owner@example.com', `guess-${i}`, `203.0.113.${i}`),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked);
    // Every attempt gave its place back.
    const client = new Redis(redisUrl);
    try {
      expect(await client.keys(`${prefix}*in-flight*`)).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('counts the places of a process that died during its attempts for a minute only', async () => {
    const client = new Redis(redisUrl);
    try {
      const key = `${prefix}rate-limit:sign-in:in-flight:silver@example.com`;
      const [seconds] = await client.time();
      const now = Number(seconds) * 1000;
      // Five attempts that never ended: one of 61 s ago no longer counts, four of now do.
      await client.zadd(key, now - 61_000, 'gone', now, 'p1', now, 'p2', now, 'p3', now, 'p4');
      const right = (address: string) => signIn(b, 'silver@example.com', 'demo', address);
      expect((await right('198.51.100.1')).statusCode).toBe(302);
      await client.zadd(key, now, 'p5');
      expect((await right('198.51.100.2')).statusCode).toBe(429);
      expect(await client.pttl(key)).toBeLessThanOrEqual(60_000);
    } finally {
      client.disconnect();
    }
  });
});

describe('server-side sessions', () => {
  const renew = (token: string) =>
    t.app.inject({ url: '/api/v2/my/tokens', headers: bearer(token) });
  const renewedToken = async (token: string) => {
    const response = await renew(token);
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json<{ tokens: { token: string }[] }>().tokens[0]?.token);
  };
  const init = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(token) });

  it('logout ends the token and every token renewed from it; other sessions go on', async () => {
    const token = await t.signIn('owner@example.com');
    const renewed = await renewedToken(token);
    expect(decodeJwt(renewed).sid).toBe(decodeJwt(token).sid);
    const otherSession = await t.signIn('owner@example.com');
    // Verified once, so the verifier's cache knows both tokens.
    expect((await init(token)).statusCode).toBe(200);
    expect((await init(renewed)).statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: bearer(renewed),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ended: true });

    for (const ended of [token, renewed]) {
      expect((await init(ended)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ url: '/api/merchants', headers: bearer(ended) })).json(),
      ).toEqual({ statusCode: 401, message: 'unauthorized' });
      expect((await renew(ended)).statusCode).toBe(401);
    }
    expect((await init(otherSession)).statusCode).toBe(200);
  });

  it('documents the logout endpoint', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).toContain('/api/session/logout');
  });

  it('renews within the session, never past its maximum age', async () => {
    const short = await createTestApp({ SESSION_MAX_AGE_HOURS: '1' });
    const start = Date.now();
    try {
      const token = await short.signIn('owner@example.com');
      const sessionEnd = Math.floor(start / 1000) + 3600;
      vi.useFakeTimers({ toFake: ['Date'], now: start + 50 * 60_000 });
      const response = await short.app.inject({ url: '/api/v2/my/tokens', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const renewed = String(response.json<{ tokens: { token: string }[] }>().tokens[0]?.token);
      // The token lives to the session's end, not a full TOKEN_TTL_SECONDS from now.
      expect(decodeJwt(renewed).exp).toBeLessThanOrEqual(sessionEnd + 5);

      vi.setSystemTime(start + 61 * 60_000);
      const late = await short.app.inject({ url: '/api/v2/my/tokens', headers: bearer(renewed) });
      expect(late.statusCode).toBe(401);
      // A token of the session that claims a longer life is refused as well.
      const { sid, sub } = decodeJwt(renewed);
      const longLived = await new SignJWT({ email: 'owner@example.com', sid })
        .setProtectedHeader({ alg: 'ES256', kid: short.ctx.signingKey.kid })
        .setSubject(String(sub))
        .setIssuer(PUBLIC_URL)
        .setAudience('campaign-backoffice')
        .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
        .sign(short.ctx.signingKey.privateKey);
      for (const url of ['/api/v2/my/tokens', '/api/merchants']) {
        const refused = await short.app.inject({ url, headers: bearer(longLived) });
        expect(refused.statusCode, url).toBe(401);
      }
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('request logs', () => {
  it('never carry invitation tokens, codes, login hints, passwords or bearer tokens', async () => {
    const lines: string[] = [];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'log-test-'));
    const database = await openTestDatabase();
    await seedDemoData(database.db);
    const config = loadConfig({
      DEMO: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      PUBLIC_URL,
      SCHEDULER_INTERVAL_SECONDS: '0',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    });
    const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
    const app = await buildApp({
      ...ctx,
      log: createLogger('trace', { write: (line: string) => void lines.push(line) }),
    });
    try {
      const secrets = {
        invitation: 'InvitationSecret0123456789',
        code: 'CodeSecret0123456789',
        hint: 'hinted.person@example.com',
        password: 'PasswordSecret0123',
        verifier: 'VerifierSecret0123456789012345678901234567890',
      };
      await app.inject(`/identity/register?token=${secrets.invitation}`);
      await app.inject(`/oauth2/postback?code=${secrets.code}&state=s`);
      await app.inject(
        `/identity/authorize?${authorizeQuery({ login_hint: secrets.hint })}&token=${secrets.invitation}`,
      );
      await signInAttempt(app, 'owner@example.com', secrets.password);
      await app.inject({
        method: 'POST',
        url: '/identity/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code: secrets.code,
          client_id: CLIENT_ID,
          redirect_uri: REDIRECT_URI,
          code_verifier: secrets.verifier,
        }).toString(),
      });
      await app.inject({
        method: 'POST',
        url: '/identity/register',
        payload: { token: secrets.invitation, password: secrets.password },
      });
      const signedIn = await signInAttempt(app, 'owner@example.com', 'demo');
      const accessToken = String(await tokenOf(app, signedIn));
      await app.inject({ url: '/api/merchants', headers: bearer(accessToken) });

      const log = lines.join('');
      // The requests were logged, their secrets were not.
      expect(log).toContain('/identity/register?token=[redacted]');
      expect(log).toContain('/oauth2/postback?code=[redacted]&state=s');
      for (const [name, secret] of Object.entries({ ...secrets, accessToken })) {
        expect(log, name).not.toContain(secret);
        expect(log, name).not.toContain(encodeURIComponent(secret));
      }
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
