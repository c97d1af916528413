/**
 * The authorization matrix: every route of the server's
 * own route table × every kind of caller (people, integrator tokens) × the
 * caller's own and a foreign merchant's objects, with the status each cell must answer. A route that is
 * added without an entry here fails the test, and so does an entry whose
 * route is gone.
 *
 * How a cell is judged: a refused cell must answer exactly its status (401 no
 * valid session, 403 a missing role, level or admin right, 404 an object of a
 * merchant the caller may not act for, as the access resolver answers). An
 * allowed cell only has to pass the access check: it may answer 2xx or any
 * other 4xx (400 validation, 409 state), but not 401, 403 or the resolver's
 * 404 `not_found`, and never 5xx. Bodies are valid where a refusal is
 * expected (request validation runs before the handler's access check, so an
 * invalid body would hide a missing check behind a 400). Public routes (the
 * identity provider's pages, the API docs, the web app) are only checked not
 * to fail (no 5xx).
 *
 * Writes must not spoil later cells: deletions and status changes run on
 * objects made for the cell, and logout runs last.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, routeTable } from '../helpers.js';

import {
  CALLERS,
  type Target,
  expected,
  type Entry,
  t,
  objects,
  apiKey,
  setUpMatrix,
  closeMatrix,
} from '../fixtures/authorization-matrix/callers.js';
import {
  MATRIX,
  pathOf,
  addressesMerchant,
  judge,
} from '../fixtures/authorization-matrix/routes.js';

beforeAll(setUpMatrix, 120_000);
afterAll(closeMatrix);

// ---------------------------------------------------------------- tests

describe('the authorization matrix', () => {
  it('has one entry for every route of the route table, and none for a route that is gone', () => {
    const routes = routeTable(t.app).map(({ method, path }) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((route) => !MATRIX[route])).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers every route × caller × own/foreign object as the rules say', async () => {
    const routes = routeTable(t.app)
      .map(({ method, path }) => ({ method, path, entry: MATRIX[`${method} ${path}`] }))
      .filter((route): route is typeof route & { entry: Entry } => route.entry !== undefined)
      .sort((a, b) => Number(a.entry.last ?? false) - Number(b.entry.last ?? false));
    const wrong: string[] = [];
    let cells = 0;
    const tally: Record<string, number> = {};
    for (const { method, path, entry } of routes) {
      const targets: Target[] = !addressesMerchant(path, entry.rule)
        ? ['own']
        : /:(locId|jobId|accountId)/.test(path)
          ? ['own', 'foreign', 'mixed']
          : entry.tips || entry.rule.startsWith('campaign:')
            ? ['own', 'foreign', 'tip']
            : ['own', 'foreign'];
      for (const [name, caller] of Object.entries(CALLERS)) {
        for (const target of targets) {
          const home =
            objects[target === 'foreign' || target === 'mixed' ? caller.foreign : caller.own];
          const addressed =
            target === 'tip' ? { ...home, campaign: home.tip, campaignType: 'tip/standard' } : home;
          const token = caller.token ? t.tokens[caller.token] : undefined;
          const request = (await entry.request?.(addressed, token)) ?? {};
          const params =
            target === 'mixed'
              ? { ...request.params, id: objects[caller.own].merchant }
              : request.params;
          const url = pathOf(path, addressed, params) + (request.query ? `?${request.query}` : '');
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: {
              ...(caller.token ? bearer(String(t.tokens[caller.token])) : {}),
              ...request.headers,
            },
            ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
          });
          const want = expected(entry.rule, caller, target, { method, tokens: entry.tokens });
          cells += 1;
          const kind = `${String(want)} ${response.statusCode}`;
          tally[kind] = (tally[kind] ?? 0) + 1;
          if (!judge(want, response.statusCode, response.body))
            wrong.push(
              `${method} ${path} [${entry.rule}] · ${name} · ${target}: expected ${want}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(1400);
    // Most allowed cells did what they asked (the rest answered 400 or 409 after the check).
    const allowed = Object.entries(tally).filter(([kind]) => kind.startsWith('allowed '));
    const done = allowed.filter(([kind]) => / 2\d\d$/.test(kind));
    const sum = (list: [string, number][]) => list.reduce((total, [, n]) => total + n, 0);
    expect(sum(done)).toBeGreaterThan(sum(allowed) / 2);
  }, 240_000);

  it('lets the consumer app in with its API key (the only caller the api-key rule allows)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { 'x-api-key': apiKey },
      payload: { events: [] },
    });
    expect(response.statusCode).not.toBe(401);
    expect(response.statusCode).toBeLessThan(500);
    const draw = await t.app.inject({
      method: 'GET',
      url: `/api/ingest/campaigns/${objects.sonnenschein.campaign}/draw`,
      headers: { 'x-api-key': apiKey },
    });
    expect(draw.statusCode).not.toBe(401);
    expect(draw.statusCode).toBeLessThan(500);
  });
});
