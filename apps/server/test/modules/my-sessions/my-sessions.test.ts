/**
 * The account's signed-in devices (GET /my/sessions, DELETE /my/sessions/{id},
 * POST /my/sessions/end-others): each sign-in keeps its browser and address,
 * the list marks the asking device, and a device signed out from the list
 * is signed out at its next request; nobody reaches another person's
 * sessions. Sign-ins come from distinct browsers and addresses (TRUST_PROXY,
 * so X-Forwarded-For names the address).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMySessionList } from '@backoffice/domain';
import {
  createAdmin,
  createMerchant,
  createPerson,
  TEST_PASSWORD,
  type CreatedPerson,
} from '../../factories/index.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  decodeQuotedPrintable,
  mailsDuring,
  REDIRECT_URI,
  type TestApp,
} from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

/** These tests sign in with the implicit grant too (its form post is the shortest way to a token). */
const IMPLICIT = { OAUTH_ALLOW_IMPLICIT: 'true' };

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let admin: CreatedPerson;
beforeAll(async () => {
  t = await createTestApp({
    ...IMPLICIT,
    TRUST_PROXY: 'true',
  });
  const merchant = await createMerchant(t.ctx.db);
  for (const name of ['owner', 'silver', 'staff', 'agency', 'multi']) {
    await createPerson(t.ctx.db, { email: `${name}@example.com`, memberships: [merchant.id] });
  }
  admin = await createAdmin(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

/** A sign-in through the provider's form (implicit grant) from a browser at an address. */
async function signInFrom(email: string, userAgent: string, address: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/identity/authorize',
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
    payload: {
      response_type: 'token',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'base',
      state: 's',
      email,
      password: TEST_PASSWORD,
    },
  });
  expect(response.statusCode).toBe(302);
  const hash = new URL(String(response.headers.location)).hash.slice(1);
  const token = new URLSearchParams(hash).get('access_token');
  if (!token) throw new Error(`no token for ${email}`);
  return token;
}

const listOf = async (token: string): Promise<TMySessionList> => {
  const response = await t.app.inject({ url: '/api/my/sessions', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMySessionList>();
};
const currentId = async (token: string) =>
  (await listOf(token)).sessions.find((session) => session.current)?.id ?? '';
const endOne = (token: string, id: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/my/sessions/${id}`,
    headers: { ...bearer(token), ...headers },
  });
const endOthers = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/my/sessions/end-others', headers: bearer(token) });
/** What a signed-in device does next: the app's bootstrap and its token renewal. */
const statusesOf = async (token: string) => [
  (await t.app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(token) }))
    .statusCode,
  (await t.app.inject({ url: '/api/v2/my/tokens', headers: bearer(token) })).statusCode,
];
const securityMails = (mails: string[]) =>
  mails
    .map(decodeQuotedPrintable)
    .filter((mail) => mail.includes('Angemeldete Geräte wurden abgemeldet'));

describe('GET /my/sessions', () => {
  it('lists each sign-in with its browser, system and address, marking the asking device', async () => {
    const laptop = await signInFrom('silver@example.com', CHROME_LINUX, '203.0.113.5');
    const desktop = await signInFrom('silver@example.com', FIREFOX_WINDOWS, '198.51.100.7');
    // Another person's sign-in is not the account's.
    await signInFrom('owner@example.com', SAFARI_IPHONE, '192.0.2.9');

    const fromLaptop = await listOf(laptop);
    expect(fromLaptop.managed).toBe(true);
    expect(fromLaptop.sessions).toHaveLength(2);
    // Newest sign-in first.
    expect(fromLaptop.sessions).toMatchObject([
      { browser: 'Firefox', system: 'Windows', address: '198.51.100.7', current: false },
      { browser: 'Chrome', system: 'Linux', address: '203.0.113.5', current: true },
    ]);
    for (const session of fromLaptop.sessions) {
      expect(Date.parse(session.started)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(session.last_used)).toBeGreaterThanOrEqual(Date.parse(session.started));
    }
    const fromDesktop = await listOf(desktop);
    expect(fromDesktop.sessions.map((session) => session.current)).toEqual([true, false]);
  });

  it('keeps the device of the browser that redeems the code (code flow with PKCE)', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const authorize = await t.app.inject({
      method: 'POST',
      url: '/identity/authorize',
      headers: { 'user-agent': CHROME_LINUX },
      payload: {
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        scope: 'base',
        state: 'abc',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        email: 'agency@example.com',
        password: TEST_PASSWORD,
      },
    });
    const code = new URL(String(authorize.headers.location)).searchParams.get('code') ?? '';
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/identity/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': SAFARI_IPHONE,
        'x-forwarded-for': '192.0.2.44',
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code,
        code_verifier: verifier,
      }).toString(),
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const { sessions } = await listOf(exchanged.json<{ access_token: string }>().access_token);
    expect(sessions).toMatchObject([
      { browser: 'Safari', system: 'iOS', address: '192.0.2.44', current: true },
    ]);
  });

  it('names no browser for a sign-in without a User-Agent or with one it does not know', async () => {
    const unknown = await signInFrom('multi@example.com', 'Unbekannt/1.0', '192.0.2.51');
    const none = await signInFrom('multi@example.com', '', '192.0.2.50');
    expect((await listOf(none)).sessions).toMatchObject([
      { browser: null, system: null, address: '192.0.2.50', current: true },
      { browser: null, system: null, address: '192.0.2.51', current: false },
    ]);
    expect((await listOf(unknown)).sessions[1]?.current).toBe(true);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/my/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /my/sessions/{id}', () => {
  it('signs one other device out: its token answers 401 at once, the asking one keeps working', async () => {
    const phone = await signInFrom('staff@example.com', SAFARI_IPHONE, '192.0.2.10');
    const office = await signInFrom('staff@example.com', CHROME_LINUX, '192.0.2.11');
    expect(await statusesOf(phone)).toEqual([200, 200]);
    const phoneId = await currentId(phone);

    const mails = await mailsDuring(t, async () => {
      const ended = await endOne(office, phoneId, {
        'user-agent': CHROME_LINUX,
        'x-forwarded-for': '192.0.2.12',
      });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json()).toEqual({ ended: 1 });
    });

    expect(await statusesOf(phone)).toEqual([401, 401]);
    expect(await statusesOf(office)).toEqual([200, 200]);
    expect((await listOf(office)).sessions.map((session) => session.id)).not.toContain(phoneId);
    // The account is told, with the device that did it.
    const [mail] = securityMails(mails);
    expect(mail).toContain('To: staff@example.com');
    expect(mail).toContain('(von 192.0.2.12, Chrome auf Linux)');
    // Once ended, it is not there to end again.
    expect((await endOne(office, phoneId)).statusCode).toBe(404);
  });

  it('refuses another person’s session (404), which keeps working and is not mentioned in a mail', async () => {
    const victim = await signInFrom('owner@example.com', FIREFOX_WINDOWS, '192.0.2.20');
    const intruder = await signInFrom('silver@example.com', CHROME_LINUX, '192.0.2.21');
    const victimId = await currentId(victim);

    const mails = await mailsDuring(t, async () => {
      const refused = await endOne(intruder, victimId);
      expect(refused.statusCode).toBe(404);
      expectProblem(refused, { status: 404, message: 'not_found' });
    });
    expect(securityMails(mails)).toEqual([]);
    expect(await statusesOf(victim)).toEqual([200, 200]);
    expect((await listOf(victim)).sessions.map((session) => session.id)).toContain(victimId);
    // The admin is no exception: this is the account's own list.
    await t.signInAs({ admin });
    expect((await t.api('DELETE', `/my/sessions/${victimId}`, 'admin')).statusCode).toBe(404);
    expect(await statusesOf(victim)).toEqual([200, 200]);
  });

  it('answers 404 for an unknown session and 400 for an id that is none', async () => {
    const token = await signInFrom('silver@example.com', CHROME_LINUX, '192.0.2.30');
    expect((await endOne(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await endOne(token, 'nicht-eine-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'id' });
  });

  it('ends a session once when two requests end it at the same time (one mail)', async () => {
    const other = await signInFrom('multi@example.com', SAFARI_IPHONE, '192.0.2.60');
    const asking = await signInFrom('multi@example.com', CHROME_LINUX, '192.0.2.61');
    const otherId = await currentId(other);
    let statuses: number[] = [];
    const mails = await mailsDuring(t, async () => {
      const answers = await Promise.all([endOne(asking, otherId), endOne(asking, otherId)]);
      statuses = answers.map((answer) => answer.statusCode).sort();
    });
    expect(statuses).toEqual([200, 404]);
    expect(securityMails(mails)).toHaveLength(1);
    expect(await statusesOf(other)).toEqual([401, 401]);
  });
});

describe('POST /my/sessions/end-others', () => {
  it('signs every other device out and keeps the asking one', async () => {
    const tokens = [
      await signInFrom('agency@example.com', CHROME_LINUX, '192.0.2.70'),
      await signInFrom('agency@example.com', FIREFOX_WINDOWS, '192.0.2.71'),
      await signInFrom('agency@example.com', SAFARI_IPHONE, '192.0.2.72'),
    ];
    const [kept = '', ...others] = tokens;
    const before = (await listOf(kept)).sessions.length;
    expect(before).toBeGreaterThanOrEqual(3);

    const mails = await mailsDuring(t, async () => {
      const ended = await endOthers(kept);
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json()).toEqual({ ended: before - 1 });
    });
    expect(securityMails(mails)).toHaveLength(1);
    for (const token of others) expect(await statusesOf(token)).toEqual([401, 401]);
    expect(await statusesOf(kept)).toEqual([200, 200]);
    expect((await listOf(kept)).sessions).toMatchObject([{ current: true, browser: 'Chrome' }]);

    // Nothing left to end: no mail.
    const again = await mailsDuring(t, async () => {
      expect((await endOthers(kept)).json()).toEqual({ ended: 0 });
    });
    expect(securityMails(again)).toEqual([]);
  });

  it('leaves other people’s sessions alone', async () => {
    const bystander = await signInFrom('owner@example.com', CHROME_LINUX, '192.0.2.80');
    const asking = await signInFrom('staff@example.com', CHROME_LINUX, '192.0.2.81');
    expect((await endOthers(asking)).statusCode).toBe(200);
    expect(await statusesOf(bystander)).toEqual([200, 200]);
  });
});

describe('signed-in devices of an external provider’s user', () => {
  const ISSUER = 'https://idp.example.com/';
  let external: TestApp;
  let jwksServer: Server;
  let token: string;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    external = await createTestApp({
      ...IMPLICIT,
      OAUTH_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
      OAUTH_ISSUER: ISSUER,
    });
    token = await new SignJWT({ email: 'geraete@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('devices-1')
      .setIssuer(ISSUER)
      .setAudience('campaign-backoffice')
      .setIssuedAt()
      .setExpirationTime('10 minutes')
      .sign(privateKey);
    const init = await external.app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: bearer(token),
    });
    expect(init.statusCode, init.body).toBe(200);
  });
  afterAll(async () => {
    await external.close();
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  it('is empty and says the provider keeps them; nothing can be ended here', async () => {
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
      external.app.inject({ method, url: `/api${url}`, headers: bearer(token) });
    const list = await call('GET', '/my/sessions');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ managed: false, sessions: [] });
    expect((await call('POST', '/my/sessions/end-others')).json()).toEqual({ ended: 0 });
    const one = await call('DELETE', '/my/sessions/00000000-0000-4000-8000-000000000000');
    expect(one.statusCode).toBe(404);
    expect((await call('GET', '/my/sessions')).statusCode).toBe(200);
  });
});
