/**
 * CORS by configuration (docs/api.md, "Calling the API from a browser"): the
 * origins in CORS_ORIGINS may call the API from a browser, with preflights
 * answered before authentication; other origins, the identity provider's
 * pages, and a server without CORS_ORIGINS answer no cross-origin request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/platform/config/config.js';
import { createMerchant, createPerson } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

const CRM = 'https://crm.example.com';

const preflight = (t: TestApp, url: string, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,idempotency-key',
    },
  });

describe('CORS with allowed origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: `${CRM}, https://agency.example.org:8443` });
    const merchant = (await createMerchant(t.ctx.db)).id;
    await t.signInAs({ owner: await createPerson(t.ctx.db, { memberships: [merchant] }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an allowed origin’s preflight without a token', async () => {
    const response = await preflight(t, '/api/campaigns', CRM);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(CRM);
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(String(response.headers['access-control-allow-headers'])).toContain('idempotency-key');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets an allowed origin read an answer and its request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/campaigns?page=1',
      headers: { origin: 'https://agency.example.org:8443', ...bearer(String(t.tokens.owner)) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://agency.example.org:8443');
    expect(String(response.headers['access-control-expose-headers'])).toContain('x-request-id');
    expect(String(response.headers.vary)).toContain('Origin');
  });

  it('gives another origin nothing to read', async () => {
    const refused = await preflight(t, '/api/campaigns', 'https://evil.example.net');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/campaigns?page=1',
      headers: { origin: 'https://evil.example.net', ...bearer(String(t.tokens.owner)) },
    });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the identity provider’s pages out', async () => {
    for (const url of ['/identity/token', '/identity/authorize']) {
      const response = await preflight(t, url, CRM);
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});

describe('CORS without allowed origins (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers no preflight', async () => {
    const response = await preflight(t, '/api/campaigns', CRM);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.statusCode).not.toBe(204);
  });
});

describe('CORS_ORIGINS', () => {
  it('takes origins only', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com/' }).http.corsOrigins).toEqual([
      'https://a.example.com',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example.com/app' })).toThrow(/origin/);
    expect(() => loadConfig({ CORS_ORIGINS: 'not an origin' })).toThrow();
  });
});
