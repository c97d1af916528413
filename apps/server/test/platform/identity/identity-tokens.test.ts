/**
 * The provider's tokens and sessions: the token checks of the merchant API,
 * the verified-token cache, the auth API, server-side sessions (logout ends
 * every token of the session) and what request logs keep of a sign-in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createAppContext } from '../../../src/bootstrap.js';
import { loadConfig } from '../../../src/platform/config/config.js';
import { createLogger } from '../../../src/platform/http/logging.js';
import {
  createMerchantWithOwner,
  createPerson,
  type CreatedPerson,
} from '../../factories/index.js';
import { authorizeQuery } from '../../fixtures/sign-in.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  openTestDatabase,
  PUBLIC_URL,
  REDIRECT_URI,
  signInAttempt,
  tokenOf,
  type TestApp,
} from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

let t: TestApp;
let owner: CreatedPerson;
let silver: CreatedPerson;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await createMerchantWithOwner(t.ctx.db));
  ({ owner: silver } = await createMerchantWithOwner(t.ctx.db, { level: 1 }));
});
afterAll(async () => {
  await t.close();
});

describe('token checks of the merchant API', () => {
  // A real session of the owner: the signed tokens below claim it.
  let session = { sid: '', sub: '' };
  beforeAll(async () => {
    const payload = decodeJwt(await t.signIn(owner.email, owner.password));
    session = { sid: String(payload.sid), sub: String(payload.sub) };
  });
  const sign = (
    claims: { iss?: string; aud?: string; exp?: number; sid?: string | null },
    key = t.ctx.signingKey.privateKey,
    kid = t.ctx.signingKey.kid,
  ) =>
    new SignJWT({
      email: owner.email,
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
      expectProblem(response, { status: 401, message: 'unauthorized' });
    }
  });
});

describe('verified-token cache', () => {
  it('stops accepting a token once it expires, even after it was verified', async () => {
    const token = await t.signIn(owner.email, owner.password);
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
    const token = await t.signIn(silver.email, silver.password);
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
    expect(init.json().user.email).toBe(silver.email);
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
    const token = await t.signIn(owner.email, owner.password);
    const renewed = await renewedToken(token);
    expect(decodeJwt(renewed).sid).toBe(decodeJwt(token).sid);
    const otherSession = await t.signIn(owner.email, owner.password);
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
      expectProblem(await t.app.inject({ url: '/api/merchants', headers: bearer(ended) }), {
        status: 401,
        message: 'unauthorized',
      });
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
      const person = await createPerson(short.ctx.db);
      const token = await short.signIn(person.email, person.password);
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
      const longLived = await new SignJWT({ email: person.email, sid })
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
    const person = await createPerson(database.db);
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
      await signInAttempt(app, person.email, secrets.password);
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
      const signedIn = await signInAttempt(app, person.email, person.password);
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
