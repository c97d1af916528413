/**
 * Request-size limits of every route: each route
 * of the server's own route table that takes a body is sent one just over
 * its limit (413 `request_too_large` with the product's headers, before the
 * route runs) and one at its limit (not refused for size). A route added
 * later is in the route table, so it is tried too. The largest legitimate
 * bodies (a campaign save with every text at its limit, a full ingest batch,
 * 100,000 codes) are not refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TEXT_LIMITS as TEXT,
  CODE_MAX_LENGTH,
  INGEST_BATCH_MAX,
} from '@backoffice/domain';
import {
  DEFAULT_BODY_LIMIT,
  INGEST_EVENT_MAX_BYTES,
  routeBodyLimits,
  type RouteBodyLimit,
} from '../../src/platform/http/body-limits.js';
import { createAdmin, createApiKey, createMerchantWithOwner } from '../factories/index.js';
import { multipartFile } from '../fixtures/multipart.js';
import { bearer, createTestApp, routeTable, type TestApp } from '../helpers.js';
import { expectProblem } from '../fixtures/problem.js';

let t: TestApp;
let apiKey = '';
let merchant = '';

beforeAll(async () => {
  t = await createTestApp();
  const { merchant: made, owner } = await createMerchantWithOwner(t.ctx.db);
  merchant = made.id;
  // The route loops' own admin and session: they log it out at their end, and their call of
  // POST /api/my/sessions/end-others ends that account's other sessions (none of the tests').
  const routes = await createAdmin(t.ctx.db);
  await t.signInAs({ admin: await createAdmin(t.ctx.db), owner, routes });
  apiKey = (await createApiKey(t.ctx.db, { name: 'Body limits' })).secret;
});
afterAll(async () => t.close());

/** The headers every answer of the product carries. */
function expectProductHeaders(headers: Record<string, unknown>) {
  expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

/** A JSON body of exactly `bytes` bytes. */
function jsonOfSize(bytes: number): Buffer {
  const frame = '{"padding":""}';
  return Buffer.from(`{"padding":"${'x'.repeat(bytes - frame.length)}"}`);
}

/** A multipart body of exactly `bytes` bytes, one file in it. */
function multipartOfSize(bytes: number): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----limits';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="f.csv"\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return {
    payload: Buffer.from(`${head}${'x'.repeat(bytes - head.length - tail.length)}${tail}`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The routes that take a body: every method but GET (HEAD, OPTIONS: none are registered). */
function bodyRoutes(): { route: string; path: string; method: string; limit: RouteBodyLimit }[] {
  const limits = routeBodyLimits(t.app);
  return (
    routeTable(t.app)
      .filter(({ method }) => method !== 'GET')
      .map(({ method, path }) => {
        const route = `${method} ${path}`;
        const limit = limits.get(route);
        if (!limit) throw new Error(`${route} has no body limit`);
        return { route, path, method, limit };
      })
      // Logging out ends the session the other routes are called with.
      .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')))
  );
}

/** A path with a fresh id for every parameter (no route finds the object: nothing is changed). */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, () => randomUUID());

async function send(
  method: string,
  path: string,
  payload: Buffer,
  headers: Record<string, string>,
) {
  return t.app.inject({
    method: method as 'POST',
    url: concrete(path),
    payload,
    headers: {
      ...(path.startsWith('/api/') ? bearer(String(t.tokens.routes)) : {}),
      // The consumer app's routes check its key before they read a body.
      ...(path.startsWith('/api/ingest/') ? { 'x-api-key': apiKey } : {}),
      ...headers,
    },
  });
}

describe('request-size limits', () => {
  it('gives every route that takes a body a limit: the default, or one sized for what it takes', () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const sized = Object.fromEntries(
      routes
        .filter(({ limit }) => limit.bodyLimit !== DEFAULT_BODY_LIMIT)
        .map(({ route, limit }) => [
          route,
          limit.uploadMaxBytes === undefined
            ? 'json'
            : `${limit.uploadMaxBytes} ${String(limit.uploadTooLarge)}`,
        ]),
    );
    const files = t.ctx.config.files;
    expect(sized).toEqual({
      'POST /api/campaigns/:id': 'json',
      'POST /api/campaigns/:id/image': `${files.imageMaxBytes} image_too_large`,
      'POST /api/campaigns/:id/multiple-codes': 'json',
      'POST /api/campaigns/:id/multiple-codes/upload': `${8 * 1024 * 1024} upload_too_large`,
      'POST /api/merchants/:id/images': `${files.imageMaxBytes} image_too_large`,
      'POST /api/merchants/:id/multiple-locations': `${files.csvMaxBytes} upload_too_large`,
      'POST /api/access-code-sets/:id/codes': 'json',
      'POST /api/access-code-sets/:id/codes/upload': `${8 * 1024 * 1024} upload_too_large`,
      'POST /api/ingest/events': 'json',
    });
  });

  it('refuses a body just over the limit of every route with 413, its message key and the product headers', async () => {
    // An upload route names the file as too large, as its form shows it.
    const wrong: string[] = [];
    for (const { route, path, method, limit } of bodyRoutes()) {
      const bodies: { kind: string; payload: Buffer; headers: Record<string, string> }[] = [
        {
          kind: 'json',
          payload: jsonOfSize(limit.bodyLimit + 1),
          headers: { 'content-type': 'application/json' },
        },
      ];
      if (limit.uploadMaxBytes !== undefined) {
        bodies.push({ kind: 'multipart', ...multipartOfSize(limit.bodyLimit + 1) });
      }
      for (const { kind, payload, headers } of bodies) {
        const answer = await send(method, path, payload, headers);
        const body = answer.body.startsWith('{') ? (answer.json() as { message?: string }) : {};
        if (
          answer.statusCode !== 413 ||
          body.message !== (limit.uploadTooLarge ?? 'request_too_large')
        ) {
          wrong.push(`${route} (${kind}): ${answer.statusCode} ${answer.body.slice(0, 120)}`);
          continue;
        }
        expectProductHeaders(answer.headers);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('does not refuse a body at the limit of any route for its size', async () => {
    const wrong: string[] = [];
    for (const { route, path, method, limit } of bodyRoutes()) {
      const bodies: { kind: string; payload: Buffer; headers: Record<string, string> }[] = [
        {
          kind: 'json',
          payload: jsonOfSize(limit.bodyLimit),
          headers: { 'content-type': 'application/json' },
        },
      ];
      if (limit.uploadMaxBytes !== undefined) {
        // The largest file the route takes, in a form of the body's limit at most.
        bodies.push({
          kind: 'multipart',
          ...multipartFile('upload', 'f.csv', Buffer.alloc(limit.uploadMaxBytes, 'x')),
        });
      }
      for (const { kind, payload, headers } of bodies) {
        expect(payload.length).toBeLessThanOrEqual(limit.bodyLimit);
        const answer = await send(method, path, payload, headers);
        if (answer.statusCode === 413 || answer.statusCode >= 500) {
          wrong.push(`${route} (${kind}): ${answer.statusCode} ${answer.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes a campaign save with every text at its limit, in every locale, in three-byte characters', async () => {
    const created = await t.api('POST', '/campaigns', 'owner', {
      merchant,
      type: 'sweepstake/standard',
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json() as { campaign: { uuid: string } }).campaign.uuid;
    const text = (length: number) => '€'.repeat(length);
    const localised = (length: number) =>
      Object.fromEntries(t.ctx.config.web.availableLocales.map((locale) => [locale, text(length)]));
    const save = {
      title: localised(TEXT.title),
      short_description: localised(TEXT.short_description),
      description: localised(TEXT.description),
      description_format: 'markdown',
      rules: Array.from({ length: 50 }, () => text(TEXT.rule)),
      thank_you_text: text(TEXT.thank_you_text),
      prizes: Array.from({ length: 100 }, () => ({
        count: 1_000_000,
        value: 100_000_000_00,
        name: text(TEXT.prize_name),
        short_description: text(TEXT.prize_short_description),
        winner_instructions: text(TEXT.prize_winner_instructions),
      })),
      coupon: {
        single_code: text(TEXT.coupon_single_code),
        action_instructions: text(TEXT.coupon_action_instructions),
      },
    };
    const payload = JSON.stringify(save);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await t.api('POST', `/campaigns/${id}`, 'owner', payload, {
      'content-type': 'application/json',
    });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  });

  it('takes a merchant profile with every text at its limit, in three-byte characters', async () => {
    const text = (length: number) => '€'.repeat(length);
    const profile = {
      name: text(200),
      brand_name: text(200),
      internal_name: text(200),
      description: text(5000),
      vatin: text(20),
      telephone: text(40),
      email: text(254),
      website: text(500),
      social: Object.fromEntries(
        ['facebook', 'twitter', 'youtube', 'pinterest', 'instagram'].map((name) => [
          name,
          text(500),
        ]),
      ),
      contacts: Array.from({ length: 30 }, () => ({ type: 'phone', value: text(300) })),
      coreg_terms: {
        sponsor_name: text(200),
        unsubscribe_email: text(254),
        privacy_url: text(500),
        contact_text: text(2000),
      },
    };
    const payload = JSON.stringify(profile);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(60 * 1024);
    const answer = await t.api('POST', `/merchants/${merchant}`, 'admin', payload, {
      'content-type': 'application/json',
    });
    // Refused for its made-up VAT id (the first field with a format) and the other formats,
    // not for its size (request_too_large) nor for a text too long (too_long) or unreadable (bad_input).
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(400);
    const refused = expectProblem(answer, {
      status: 400,
      message: 'invalid_vatin',
      field: 'vatin',
      errors: expect.arrayContaining([{ field: 'vatin', message: 'invalid_vatin' }]),
    });
    expect(refused.errors.map(({ message }) => message)).not.toContain('too_long');
  });

  it('takes a batch of 1,000 events of the longest kind', async () => {
    const event = {
      id: randomUUID(),
      type: 'code_used',
      campaign: randomUUID(),
      occurred_at: '2026-11-25T12:00:00.000+01:00',
      participant: 'p'.repeat(64),
      profile: {
        gender: 'diverse',
        birth_year: 2000,
        kids: Array.from({ length: 20 }, () => ({ gender: 'diverse', birth_year: 2020 })),
      },
      win: randomUUID(),
      access_code_set: randomUUID(),
      code: '€'.repeat(100),
    };
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThanOrEqual(INGEST_EVENT_MAX_BYTES);
    const events = Array.from({ length: INGEST_BATCH_MAX }, () => ({ ...event, id: randomUUID() }));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { 'x-api-key': apiKey },
      payload: { events },
    });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  });

  it('takes 100,000 codes of the longest kind as a list', async () => {
    const codes = Array.from({ length: 100_000 }, (_, index) =>
      String(index).padStart(CODE_MAX_LENGTH, 'C'),
    );
    const answer = await t.api('POST', `/campaigns/${randomUUID()}/multiple-codes`, 'owner', {
      codes,
    });
    // Read and validated whole; the campaign does not exist.
    expect(answer.statusCode).toBe(404);
  });
});
