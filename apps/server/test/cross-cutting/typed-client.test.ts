/**
 * The typed client of packages/client as an agency uses it (its README):
 * the bearer token on every request, a create with an Idempotency-Key that
 * a retry gets again, a list, and an error answer read as a problem
 * (message key, field, request id) whether the body is the API's JSON, an
 * RFC 9457 problem or no JSON at all.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeError,
  createBackofficeClient,
  dataOf,
  problemOf,
  type BackofficeProblem,
} from '@backoffice/client';
import { apiClient, injectFetch } from '../fixtures/api-client.js';
import { createMerchantWithOwner } from '../factories/index.js';
import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers.js';

let t: TestApp;
let merchant = '';

beforeAll(async () => {
  t = await createTestApp();
  const bakery = await createMerchantWithOwner(t.ctx.db);
  merchant = bakery.merchant.id;
  await t.signInAs({ owner: bakery.owner });
});
afterAll(async () => {
  await t.close();
});

describe('the README’s calls', () => {
  it('creates a campaign once per Idempotency-Key and lists it', async () => {
    const client = apiClient(t, 'owner');
    const key = randomUUID();
    const createOnce = () =>
      client.POST('/api/campaigns', {
        params: { header: { 'idempotency-key': key } },
        body: { merchant, type: 'coupon/percent' },
      });
    const created = await dataOf(createOnce());
    expect(created.campaign.current_status).toBe('created');
    const retried = await createOnce();
    expect(retried.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retried.data?.campaign.uuid).toBe(created.campaign.uuid);

    const { rows, pager } = await dataOf(
      client.GET('/api/campaigns', {
        params: { query: { exact_merchant: merchant, order_by: '-created', page: 1 } },
      }),
    );
    expect(pager.total_entries).toBe(1);
    expect(rows.map((row) => row.uuid)).toEqual([created.campaign.uuid]);
  });

  it('throws a BackofficeError with the message key, the field and the request id', async () => {
    const client = apiClient(t, 'owner');
    const { campaign } = await dataOf(
      client.POST('/api/campaigns', { body: { merchant, type: 'coupon/percent' } }),
    );
    // Someone else saves in between: a save from the copy read before is stale.
    const saveTitle = (de: string) =>
      dataOf(
        client.POST('/api/campaigns/{id}', {
          params: { path: { id: campaign.uuid } },
          body: { title: { de }, version: campaign.version },
        }),
      );
    await saveTitle('Frühling');
    const stale = saveTitle('Sommer');
    const error: unknown = await stale.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(BackofficeError);
    const problem = (error as BackofficeError).problem;
    expect(problem).toMatchObject({ status: 409, message: 'campaign_changed', field: 'version' });
    expect(problem.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((error as Error).message).toBe('409 campaign_changed (version)');
  });

  it('sends the token it is given, or the one a function gives at each request', async () => {
    const signedOut = createBackofficeClient({
      baseUrl: PUBLIC_URL,
      token: 'not-a-token',
      fetch: injectFetch(t.app),
    });
    const refused = await signedOut.GET('/api/campaigns');
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('WWW-Authenticate')).toContain('invalid_token');
    expect(problemOf(refused.error, refused.response).status).toBe(401);

    let calls = 0;
    const refreshed = createBackofficeClient({
      baseUrl: PUBLIC_URL,
      token: async () => {
        calls += 1;
        return String(t.tokens.owner);
      },
      fetch: injectFetch(t.app),
    });
    await dataOf(refreshed.GET('/api/campaigns'));
    await dataOf(refreshed.GET('/api/campaigns'));
    expect(calls).toBe(2);
  });
});

describe('problemOf', () => {
  const answer = (status: number, statusText: string, headers: Record<string, string> = {}) =>
    new Response(null, { status, statusText, headers });

  it('reads an RFC 9457 problem with the API’s members', () => {
    const body = {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'The campaign was changed in between.',
      message: 'campaign_changed',
      field: 'version',
    };
    expect(problemOf(body, answer(409, 'Conflict', { 'X-Request-Id': 'r-1' }))).toEqual({
      status: 409,
      message: 'campaign_changed',
      field: 'version',
      type: 'about:blank',
      detail: 'The campaign was changed in between.',
      requestId: 'r-1',
      body,
    } satisfies BackofficeProblem);
  });

  it('falls back to the title, then to the status text of an answer that is no JSON', () => {
    expect(problemOf({ title: 'Not Found' }, answer(404, '')).message).toBe('Not Found');
    const page = '<html><body>Bad Gateway</body></html>';
    expect(problemOf(page, answer(502, 'Bad Gateway'))).toEqual({
      status: 502,
      message: 'Bad Gateway',
      body: page,
    });
    expect(problemOf(undefined, answer(503, '')).message).toBe('HTTP 503');
  });
});
