/**
 * What a browser gets beside the answers: no CORS
 * grants to other origins, the Content-Security-Policy asking for upgraded
 * requests only over HTTPS, and the product's headers and a message key on
 * the error answers the framework gives (404, 413, 414, 415).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantWithOwner } from '../factories/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { expectProblem } from '../fixtures/problem.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const { owner } = await createMerchantWithOwner(t.ctx.db);
  await t.signInAs({ owner });
});
afterAll(async () => t.close());

/** The headers every answer of the product carries. */
function expectProductHeaders(headers: Record<string, unknown>) {
  expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('browser safety', () => {
  it('grants no other origin: no CORS headers, also not to a preflight', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/init-user',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    const cross = await t.api('POST', '/init-user', 'owner', undefined, {
      origin: 'https://evil.example',
    });
    expect(cross.statusCode).toBe(200);
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
    expect(cross.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets no cache keep a signed-in user’s answers, a fresh token among them', async () => {
    for (const [method, path] of [
      ['POST', '/init-user'],
      ['GET', '/v2/my/tokens'],
      ['GET', '/campaigns'],
      ['GET', '/campaigns/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const answer = await t.api(method, path, 'owner');
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('asks browsers to upgrade insecure requests only when served over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    expect(String(plain.headers['content-security-policy'])).not.toContain(
      'upgrade-insecure-requests',
    );
    const secure = await createTestApp({ PUBLIC_URL: 'https://backoffice.example' });
    try {
      const answer = await secure.app.inject({ method: 'GET', url: '/health' });
      expect(String(answer.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await secure.close();
    }
  });

  it('answers an unknown API path with 404, its message key and the product headers', async () => {
    const answer = await t.api('GET', '/no-such-thing', 'owner');
    expect(answer.statusCode).toBe(404);
    expectProblem(answer, { status: 404, message: 'not_found' });
    expectProductHeaders(answer.headers);
  });

  it('refuses a body over the limit with 413 before the route runs, with the product headers', async () => {
    const answer = await t.api('POST', '/campaigns', 'owner', {
      merchant: 'x',
      type: 'coupon/percent',
      padding: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(answer.statusCode).toBe(413);
    expectProblem(answer, { status: 413, message: 'request_too_large' });
    expectProductHeaders(answer.headers);
  });

  it('refuses an address over 8 KiB with 414, its message key and the product headers', async () => {
    const answer = await t.api('GET', `/campaigns?text=${'x'.repeat(8 * 1024)}`, 'owner');
    expect(answer.statusCode).toBe(414);
    expectProblem(answer, { status: 414, message: 'uri_too_long' });
    expectProductHeaders(answer.headers);
    // Just under the limit, the list answers as usual.
    const fits = await t.api('GET', `/campaigns?text=${'x'.repeat(8 * 1024 - 40)}`, 'owner');
    expect(fits.statusCode, fits.body.slice(0, 200)).toBe(200);
    expect(fits.json()).toMatchObject({ rows: expect.any(Array), pager: expect.any(Object) });
    expectProductHeaders(fits.headers);
  });

  it('refuses a body of a type it does not read with 415 and a message key', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: {
        authorization: `Bearer ${String(t.tokens.owner)}`,
        'content-type': 'application/xml',
      },
      payload: '<campaign type="coupon/percent"/>',
    });
    expect(answer.statusCode).toBe(415);
    expectProblem(answer, { status: 415, message: 'unsupported_media_type' });
    expectProductHeaders(answer.headers);
  });
});
