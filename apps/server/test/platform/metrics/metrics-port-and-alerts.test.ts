/**
 * Prometheus metrics beyond the requests: the database's connections, the
 * metrics on a port of their own (METRICS_PORT), and the example alert rules
 * (docs/prometheus-alerts.yaml) against the series served.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { holdTransaction } from '../../fixtures/held-transaction.js';
import { freePort } from '../../fixtures/ports.js';
import { METRICS_TOKEN, PRODUCT_SERIES, scrapeMetrics } from '../../fixtures/metrics.js';
import { parseExposition, valueOf } from '../../fixtures/prometheus-text.js';
import { until } from '../../fixtures/until.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

describe('the database connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = () => scrapeMetrics(t);

  it('shows the connections in use and the requests waiting for one', async () => {
    const idle = await scrape();
    const max = valueOf(idle, 'backoffice_db_pool_max_connections');
    expect(max).toBe(t.ctx.database.kind === 'pglite' ? 1 : 10);

    // Every connection held by a transaction, and two more statements waiting for one.
    const held = await Promise.all(
      Array.from({ length: max }, () =>
        holdTransaction(t.ctx.db, (tx) => tx.execute(sql`select 1`)),
      ),
    );
    // drizzle runs a statement when it is awaited: Promise.resolve sends them now.
    const waiting = [
      Promise.resolve(t.ctx.db.execute(sql`select 2`)),
      Promise.resolve(t.ctx.db.execute(sql`select 3`)),
    ];
    try {
      const busy = await scrape();
      expect(valueOf(busy, 'backoffice_db_pool_connections', { state: 'in_use' })).toBe(max);
      expect(valueOf(busy, 'backoffice_db_pool_connections', { state: 'idle' })).toBe(0);
      expect(valueOf(busy, 'backoffice_db_pool_waiting')).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(held.map((transaction) => transaction.release()));
      await Promise.all(waiting);
    }
    await until(
      async () =>
        valueOf(await scrape(), 'backoffice_db_pool_connections', { state: 'in_use' }) === 0,
      5000,
      50,
    );
    expect(valueOf(await scrape(), 'backoffice_db_pool_waiting')).toBe(0);
  });
});

describe('with METRICS_PORT, on a port of their own', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_PORT: String(port) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves /metrics there without a token, and not on the public port', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = parseExposition(await response.text());
    for (const [name, type] of Object.entries(PRODUCT_SERIES)) {
      if (name !== 'nodejs_gc_duration_seconds') expect(metrics.types.get(name), name).toBe(type);
    }
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(405);

    // The public port has none, and its requests are counted on the metrics port.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const later = parseExposition(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
    expect(
      valueOf(later, 'backoffice_http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('closes the port with the app', async () => {
    const other = await freePort();
    const app = await createTestApp({ METRICS_PORT: String(other), METRICS_TOKEN });
    const url = `http://127.0.0.1:${other}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: bearer(`${METRICS_TOKEN}x`) })).status).toBe(401);
    expect((await fetch(url, { headers: bearer(METRICS_TOKEN) })).status).toBe(200);
    await app.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('the example alert rules (docs/prometheus-alerts.yaml)', () => {
  interface Rule {
    alert?: unknown;
    expr?: unknown;
    for?: unknown;
    labels?: Record<string, unknown>;
    annotations?: Record<string, unknown>;
  }
  const file = path.resolve(import.meta.dirname, '../..', '../../../docs/prometheus-alerts.yaml');
  const rules = parseYaml(readFileSync(file, 'utf8')) as {
    groups: { name: string; rules: Rule[] }[];
  };

  it('is a rule file whose every rule has an expression, a duration, a severity and a summary', () => {
    expect(rules.groups.length).toBeGreaterThan(0);
    const names = new Set<string>();
    for (const group of rules.groups) {
      expect(group.name).toMatch(/^[a-z-]+$/);
      for (const rule of group.rules) {
        expect(rule.alert).toMatch(/^[A-Z][A-Za-z]+$/);
        names.add(String(rule.alert));
        expect(typeof rule.expr).toBe('string');
        expect(rule.for).toMatch(/^\d+[smh]$/);
        expect(rule.labels?.severity).toMatch(/^(warning|critical)$/);
        expect(typeof rule.annotations?.summary).toBe('string');
      }
    }
    for (const alert of [
      'BackofficeProcessDown',
      'BackofficeHighErrorRate',
      'BackofficeSlowRequests',
      'BackofficeEventLoopLag',
      'BackofficeJobsFailing',
      'BackofficeJobQueueGrowing',
      'BackofficeMailsFailing',
      'BackofficeSignInFailureSpike',
    ]) {
      expect(names, alert).toContain(alert);
    }
  });

  it('names only series the server has', () => {
    const families = Object.keys(PRODUCT_SERIES);
    const known = (name: string) =>
      families.includes(name) ||
      families.some((family) =>
        ['_bucket', '_count', '_sum'].some((suffix) => name === `${family}${suffix}`),
      );
    for (const group of rules.groups) {
      for (const rule of group.rules) {
        for (const [name] of String(rule.expr).matchAll(
          /\b(?:backoffice|process|nodejs)_[a-z0-9_]+/g,
        )) {
          expect(known(name), `${String(rule.alert)}: ${name}`).toBe(true);
        }
      }
    }
  });
});
