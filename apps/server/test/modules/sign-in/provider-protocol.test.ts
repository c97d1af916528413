/**
 * The built-in provider as OAuth2 clients see it: the implicit grant only
 * where it is enabled, metadata (RFC 8414) listing only what is enabled,
 * token revocation (RFC 7009) ending the token's session, and a
 * WWW-Authenticate challenge (RFC 6750) on every 401 of the API.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  createAdmin,
  createMerchantWithOwner,
  createPerson,
  type CreatedPerson,
} from '../../factories/index.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  fragmentToken,
  implicitSignInAttempt,
  PUBLIC_URL,
  REDIRECT_URI,
  routeTable,
  type TestApp,
} from '../../helpers.js';

let t: TestApp;
let owner: CreatedPerson;
let staff: CreatedPerson;
beforeAll(async () => {
  t = await createTestApp();
  const made = await createMerchantWithOwner(t.ctx.db);
  owner = made.owner;
  staff = await createPerson(t.ctx.db, {
    memberships: [{ merchantId: made.merchant.id, roles: ['manage-campaigns'] }],
  });
  await t.signInAs({ owner, admin: await createAdmin(t.ctx.db) });
});
afterAll(async () => {
  await t.close();
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const app = await createTestApp(env);
  onTestFinished(() => app.close());
  return app;
}

describe('the implicit grant', () => {
  it('is refused under OAUTH_FLOW=code: unsupported_response_type, back at the client', async () => {
    const answer = await implicitSignInAttempt(t.app, owner.email, owner.password);
    expect(answer.statusCode).toBe(302);
    const location = new URL(String(answer.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('error')).toBe('unsupported_response_type');
    expect(fragment.get('state')).toBe('s');
    expect(fragment.get('access_token')).toBeNull();
    // The sign-in page is not even shown for it.
    const page = await t.app.inject(
      `/identity/authorize?${new URLSearchParams({
        response_type: 'token',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        scope: 'base',
        state: 'q',
      }).toString()}`,
    );
    expect(page.statusCode).toBe(302);
    expect(String(page.headers.location)).toContain('#error=unsupported_response_type&state=q');
  });

  const enabling: Record<string, string>[] = [
    { OAUTH_FLOW: 'implicit' },
    { OAUTH_ALLOW_IMPLICIT: 'true' },
  ];
  for (const env of enabling) {
    it(`is answered with ${Object.entries(env).flat().join('=')}`, async () => {
      const app = await appWith(env);
      const { owner: person } = await createMerchantWithOwner(app.ctx.db);
      const token = fragmentToken(
        await implicitSignInAttempt(app.app, person.email, person.password),
      );
      expect(token).toBeTruthy();
      const init = await app.app.inject({
        method: 'POST',
        url: '/api/init-user',
        headers: bearer(String(token)),
      });
      expect(init.statusCode).toBe(200);
    });
  }
});

describe('metadata', () => {
  const metadataOf = async (app: TestApp) => {
    const answer = await app.app.inject('/.well-known/oauth-authorization-server');
    expect(answer.statusCode).toBe(200);
    return answer.json<Record<string, unknown>>();
  };

  it('lists the code flow only, with PKCE, revocation and public clients', async () => {
    expect(await metadataOf(t)).toEqual({
      issuer: PUBLIC_URL,
      authorization_endpoint: `${PUBLIC_URL}/identity/authorize`,
      token_endpoint: `${PUBLIC_URL}/identity/token`,
      jwks_uri: `${PUBLIC_URL}/identity/jwks.json`,
      revocation_endpoint: `${PUBLIC_URL}/identity/revoke`,
      scopes_supported: ['base'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      ui_locales_supported: ['de', 'en'],
    });
    // No OpenID Connect discovery: the provider issues no ID token.
    expect((await t.app.inject('/.well-known/openid-configuration')).statusCode).toBe(404);
  });

  it('lists the implicit grant where it is enabled', async () => {
    const metadata = await metadataOf(await appWith({ OAUTH_ALLOW_IMPLICIT: 'true' }));
    expect(metadata.response_types_supported).toEqual(['code', 'token']);
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'implicit']);
    expect(metadata.response_modes_supported).toEqual(['query', 'fragment']);
  });
});

describe('token revocation', () => {
  const revoke = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/identity/revoke', payload: fields });
  const merchants = (token: string) =>
    t.app.inject({ url: '/api/merchants', headers: bearer(token) });

  it('ends the token’s session: it and every token of that sign-in get 401', async () => {
    const token = await t.signIn(owner.email, owner.password);
    const renewed = await t.app.inject({ url: '/api/v2/my/tokens', headers: bearer(token) });
    const sibling = String(renewed.json<{ tokens: { token: string }[] }>().tokens[0]?.token);
    expect((await merchants(sibling)).statusCode).toBe(200);

    const answer = await revoke({
      token,
      token_type_hint: 'access_token',
      client_id: CLIENT_ID,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const gone of [token, sibling]) {
      const refused = await merchants(gone);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    }
    // Another sign-in of the same person, and other people, go on.
    expect((await t.api('GET', '/merchants', 'owner')).statusCode).toBe(200);
    expect((await t.api('GET', '/merchants', 'admin')).statusCode).toBe(200);
    // Revoking it again is fine too.
    expect((await revoke({ token })).statusCode).toBe(200);
  });

  it('answers 200 for unknown, forged and malformed tokens, and an unknown hint', async () => {
    const [, payload] = String(t.tokens.admin).split('.');
    for (const token of ['nonsense', 'a.b.c', `eyJhbGciOiJub25lIn0.${String(payload)}.`]) {
      expect((await revoke({ token, token_type_hint: 'refresh_token' })).statusCode).toBe(200);
    }
    // The admin's token (whose claims the forged one copied) still works.
    expect((await t.api('GET', '/merchants', 'admin')).statusCode).toBe(200);
  });

  it('refuses a request without a token or of another client', async () => {
    const missing = await revoke({ client_id: CLIENT_ID });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'invalid_request' });
    const other = await revoke({ token: String(t.tokens.admin), client_id: 'someone-else' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ error: 'invalid_client' });
    expect((await t.api('GET', '/merchants', 'admin')).statusCode).toBe(200);
  });
});

describe('WWW-Authenticate on every 401 of the API', () => {
  /** A route's path with its parameters filled in (`*` and `:name`). */
  const concrete = (path: string) =>
    path.replace(/:[A-Za-z_]+/g, randomUUID()).replace(/\*$/, 'anything');

  it('asks for a bearer token without one and says invalid_token with a bad one', async () => {
    const ended = await t.signIn(staff.email, staff.password);
    await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: bearer(ended) });
    const apiRoutes = routeTable(t.app).filter(
      ({ path }) => path.startsWith('/api/') && !path.startsWith('/api/docs'),
    );
    expect(apiRoutes.length).toBeGreaterThan(50);
    const apiKeyRoutes: string[] = [];
    for (const { method, path } of apiRoutes) {
      const request = {
        method: method as 'GET',
        url: concrete(path),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { events: [] } }),
      };
      const route = `${method} ${path}`;
      const none = await t.app.inject(request);
      expect(none.statusCode, route).toBe(401);
      const challenge = String(none.headers['www-authenticate']);
      if (challenge.startsWith('ApiKey')) {
        // The consumer app's routes take an API key, and ask for one.
        expect(challenge, route).toBe('ApiKey realm="backoffice"');
        apiKeyRoutes.push(route);
        continue;
      }
      expect(challenge, route).toBe('Bearer realm="backoffice"');
      for (const token of ['not-a-token', ended]) {
        const bad = await t.app.inject({ ...request, headers: bearer(token) });
        expect(bad.statusCode, route).toBe(401);
        expect(bad.headers['www-authenticate'], route).toMatch(
          /^Bearer realm="backoffice", error="invalid_token"/,
        );
      }
    }
    expect(apiKeyRoutes.sort()).toEqual([
      'GET /api/ingest/campaigns/:id/draw',
      'POST /api/ingest/campaigns/:id/codes/handed-out',
      'POST /api/ingest/events',
    ]);
  });

  it('leaves answers other than 401 without it', async () => {
    const fine = await t.api('GET', '/merchants', 'owner');
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['www-authenticate']).toBeUndefined();
    const forbidden = await t.api('GET', '/admin/jobs', 'owner');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['www-authenticate']).toBeUndefined();
  });
});
