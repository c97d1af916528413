/**
 * An external OAuth2/OIDC provider (OAUTH_JWKS_URL): its JWKS is served by a
 * local HTTP server, its tokens are signed with the matching private key.
 * Users are bound to the provider's issuer and subject; an existing user is
 * linked by email only when the token says the email is verified.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/platform/db/schema.js';
import { createMerchantWithOwner } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

const ISSUER = 'https://idp.example.com/';
const KID = 'idp-key-1';

let t: TestApp;
let jwksServer: Server;
let jwksUrl: string;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  jwksUrl = `http://127.0.0.1:${port}/jwks.json`;
  t = await createTestApp({
    OAUTH_JWKS_URL: jwksUrl,
    OAUTH_ISSUER: ISSUER,
    OAUTH_TOKEN_URL: 'https://idp.example.com/oauth/token',
  });
  // Users of the built-in sign-in before the provider came: an owner and a silver owner.
  await createMerchantWithOwner(
    t.ctx.db,
    { name: 'Bäckerei Sonnenschein GmbH', brandName: 'Bäckerei Sonnenschein' },
    { email: 'owner@example.com' },
  );
  await createMerchantWithOwner(t.ctx.db, { level: 1 }, { email: 'silver@example.com' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

function providerToken(
  sub: string,
  email: string,
  emailVerified?: boolean,
  issuer = ISSUER,
  extraClaims: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT({
    email,
    ...(emailVerified === undefined ? {} : { email_verified: emailVerified }),
    ...extraClaims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setSubject(sub)
    .setIssuer(issuer)
    .setAudience('campaign-backoffice')
    .setIssuedAt()
    .setExpirationTime('10 minutes')
    .sign(privateKey);
}

const initUser = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(token) });
const merchantNames = async (token: string) => {
  const response = await t.app.inject({ url: '/api/merchants', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ rows: { brand_name: string }[] }>().rows.map((row) => row.brand_name);
};
const userRow = async (email: string) => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return row;
};

describe('users of an external provider', () => {
  it('does not hand an existing user to a token that only claims the email', async () => {
    for (const verified of [false, undefined]) {
      const token = await providerToken('attacker-1', 'owner@example.com', verified);
      const init = await initUser(token);
      expect(init.statusCode).toBe(403);
      expectProblem(init, { status: 403, message: 'email_not_verified' });
      const list = await t.app.inject({ url: '/api/merchants', headers: bearer(token) });
      expect(list.statusCode).toBe(403);
    }
    expect(await userRow('owner@example.com')).toMatchObject({
      externalIssuer: null,
      externalSubject: null,
    });
  });

  it('links an existing user by a verified email, then finds them by issuer and subject', async () => {
    const token = await providerToken('owner-at-idp', 'Owner@Example.com', true);
    const init = await initUser(token);
    expect(init.statusCode, init.body).toBe(200);
    expect(init.json().user).toMatchObject({ email: 'owner@example.com' });
    expect(await merchantNames(token)).toEqual(['Bäckerei Sonnenschein']);
    expect(await userRow('owner@example.com')).toMatchObject({
      externalIssuer: ISSUER,
      externalSubject: 'owner-at-idp',
    });

    // The binding decides, not the email a later token claims.
    const renamed = await providerToken('owner-at-idp', 'someone.else@example.com', false);
    expect((await initUser(renamed)).json().user.email).toBe('owner@example.com');
    expect(await merchantNames(renamed)).toEqual(['Bäckerei Sonnenschein']);
  });

  it('refuses another identity with the email of a bound user, even verified', async () => {
    const token = await providerToken('second-identity', 'owner@example.com', true);
    const init = await initUser(token);
    expect(init.statusCode).toBe(403);
    expectProblem(init, { status: 403, message: 'identity_conflict' });
    expect((await t.app.inject({ url: '/api/merchants', headers: bearer(token) })).statusCode).toBe(
      403,
    );
  });

  it('creates a user it has not seen, bound to the identity, with no merchant', async () => {
    const token = await providerToken('ext-42', 'New.Person@Example.com', true);
    expect((await t.app.inject({ url: '/api/merchants', headers: bearer(token) })).statusCode).toBe(
      403,
    );
    const init = await initUser(token);
    expect(init.statusCode).toBe(200);
    expect(init.json().user).toMatchObject({ email: 'new.person@example.com', level: 'other' });
    expect(init.json().merchantinfo).toEqual({ searchtype: 'none', merchants: [], total: 0 });
    expect(await userRow('new.person@example.com')).toMatchObject({
      externalIssuer: ISSUER,
      externalSubject: 'ext-42',
    });
    expect(await merchantNames(token)).toEqual([]);
  });

  it('lets a first visit open in two tabs at once, new user or existing one', async () => {
    const fresh = await providerToken('two-tabs', 'zwei.tabs@example.com', true);
    const existing = await providerToken('silver-at-idp', 'silver@example.com', true);
    for (const token of [fresh, existing]) {
      const answers = await Promise.all([initUser(token), initUser(token), initUser(token)]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(await userRow('zwei.tabs@example.com')).toMatchObject({ externalSubject: 'two-tabs' });
    expect(await userRow('silver@example.com')).toMatchObject({
      externalSubject: 'silver-at-idp',
    });
  });

  it('has no session of ours to end: logout says so and the token lives until it expires', async () => {
    const token = await providerToken('ext-42', 'new.person@example.com', true);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: bearer(token),
    });
    expect(logout.json()).toEqual({ ended: false });
    expect((await initUser(token)).statusCode).toBe(200);
  });

  it('takes the issuer with or without a final slash, and no other issuer', async () => {
    // OAUTH_ISSUER ends with a slash; a provider whose tokens name it without one is the same.
    const bare = 'https://idp.example.com';
    const init = await initUser(
      await providerToken('no-slash', 'ohne.slash@example.com', true, bare),
    );
    expect(init.statusCode, init.body).toBe(200);
    expect(init.json().user).toMatchObject({ email: 'ohne.slash@example.com' });
    // The binding keeps the issuer as the provider's tokens name it.
    expect(await userRow('ohne.slash@example.com')).toMatchObject({
      externalIssuer: bare,
      externalSubject: 'no-slash',
    });
    for (const issuer of ['https://idp.example.com/other', 'https://evil.example.com/']) {
      const foreign = await providerToken('no-slash', 'ohne.slash@example.com', true, issuer);
      expect((await initUser(foreign)).statusCode).toBe(401);
    }
  });
});

describe('a provider that vouches for the email by another claim (OAUTH_EMAIL_VERIFIED_CLAIM)', () => {
  it('takes that claim alone as the proof: Entra ID’s xms_edov', async () => {
    const entra = await createTestApp({
      OAUTH_JWKS_URL: jwksUrl,
      OAUTH_ISSUER: ISSUER,
      OAUTH_EMAIL_VERIFIED_CLAIM: 'xms_edov',
    });
    try {
      const init = (token: string) =>
        entra.app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(token) });
      // email_verified is not what this provider vouches with.
      const unproven = await providerToken('entra-1', 'entra.person@example.com', true);
      expectProblem(await init(unproven), { status: 403, message: 'email_not_verified' });
      const proven = await providerToken('entra-1', 'entra.person@example.com', undefined, ISSUER, {
        xms_edov: true,
      });
      const answer = await init(proven);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().user).toMatchObject({ email: 'entra.person@example.com' });
    } finally {
      await entra.close();
    }
  });
});

describe('the web app with an external provider', () => {
  it('may connect to the provider’s token endpoint, which exchanges the sign-in’s code', async () => {
    const page = await t.app.inject({ url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)connect-src 'self' https:\/\/idp\.example\.com(;|$)/);
    const config = await t.app.inject({ url: '/config.json' });
    expect(config.json().oauth.tokenUrl).toBe('https://idp.example.com/oauth/token');
  });

  it('connects to its own origin alone with the built-in provider', async () => {
    const own = await createTestApp();
    try {
      const csp = String((await own.app.inject({ url: '/' })).headers['content-security-policy']);
      expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
    } finally {
      await own.close();
    }
  });
});
