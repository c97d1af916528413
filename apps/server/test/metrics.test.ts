/**
 * Prometheus metrics (GET /metrics, docs/operations.md, "Metrics"): never
 * served unconfigured; with METRICS_TOKEN on the public port for the bearer
 * token only; with METRICS_PORT on that port alone. The series are read as
 * a scraper reads them (the text format parsed), and move with what happens:
 * requests by route pattern and status, failed sign-ins by reason, ingest
 * events accepted and refused, mails sent and failed, job queues, the
 * database's connections. On PostgreSQL too (TEST_DATABASE_URL).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { ConfigError, loadConfig } from '../src/platform/config/config.js';
import { campaigns } from '../src/platform/db/schema.js';
import { MAIL_QUEUE, enqueueMail } from '../src/platform/mail/outbox.js';
import { holdTransaction } from './fixtures/held-transaction.js';
import { freePort } from './fixtures/ports.js';
import {
  parseExposition,
  samplesOf,
  valueOf,
  type Exposition,
} from './fixtures/prometheus-text.js';
import { startSmtpServer, type FakeSmtp } from './fixtures/smtp-server.js';
import { until } from './fixtures/until.js';
import {
  CLIENT_ID,
  CODE_CHALLENGE,
  REDIRECT_URI,
  createTestApp,
  signInAttempt,
  type TestApp,
} from './helpers.js';

const TOKEN = randomBytes(32).toString('hex');
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every series of the product, and the process's that operators alert on. */
const PRODUCT_SERIES = {
  backoffice_http_requests_total: 'counter',
  backoffice_http_request_duration_seconds: 'histogram',
  backoffice_db_pool_connections: 'gauge',
  backoffice_db_pool_waiting: 'gauge',
  backoffice_db_pool_max_connections: 'gauge',
  backoffice_job_queue_jobs: 'gauge',
  backoffice_job_failures_total: 'counter',
  backoffice_ingest_events_total: 'counter',
  backoffice_mails_sent_total: 'counter',
  backoffice_mail_send_failures_total: 'counter',
  backoffice_signin_failures_total: 'counter',
  process_resident_memory_bytes: 'gauge',
  process_cpu_seconds_total: 'counter',
  process_start_time_seconds: 'gauge',
  nodejs_eventloop_lag_seconds: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  nodejs_gc_duration_seconds: 'histogram',
};

describe('unconfigured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no /metrics at all, with or without a token', async () => {
    for (const headers of [{}, auth(TOKEN)]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('backoffice_');
    }
    expect(t.ctx.metrics.enabled).toBe(false);
  });
});

describe('settings', () => {
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig({ DEMO: 'true', ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return undefined;
  };

  it('refuses a short token, a token with spaces, the public port and a host without a port', () => {
    expect(problem({ METRICS_TOKEN: 'too-short' })).toMatch(
      /METRICS_TOKEN: at least 32 characters/,
    );
    expect(problem({ METRICS_TOKEN: `${TOKEN} x` })).toMatch(/METRICS_TOKEN: letters, digits/);
    expect(problem({ PORT: '3000', METRICS_PORT: '3000' })).toMatch(
      /METRICS_PORT: a port other than PORT/,
    );
    expect(problem({ METRICS_PORT: 'ninety' })).toMatch(/METRICS_PORT/);
    expect(problem({ METRICS_PORT: '70000' })).toMatch(/METRICS_PORT/);
    expect(problem({ METRICS_HOST: '0.0.0.0' })).toMatch(/METRICS_HOST: only together with/);
  });

  it('is off by default, on with a token or a port, on loopback unless told', () => {
    expect(loadConfig({ DEMO: 'true' }).metrics).toMatchObject({ enabled: false });
    expect(loadConfig({ DEMO: 'true', METRICS_TOKEN: '' }).metrics).toMatchObject({
      enabled: false,
    });
    expect(loadConfig({ DEMO: 'true', METRICS_TOKEN: TOKEN }).metrics).toMatchObject({
      enabled: true,
      token: TOKEN,
      port: undefined,
    });
    expect(loadConfig({ DEMO: 'true', METRICS_PORT: '9464' }).metrics).toEqual({
      enabled: true,
      token: undefined,
      port: 9464,
      host: '127.0.0.1',
    });
  });
});

describe('with METRICS_TOKEN, on the public port', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let apiKey = '';
  let campaign = '';

  beforeAll(async () => {
    smtp = await startSmtpServer('accept');
    t = await createTestApp({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: smtp.url,
      // A refused mail waits for its retry (the queue's depth) instead of being tried again at once.
      MAIL_RETRY_DELAY_SECONDS: '3600',
      LOGIN_FAILURES_PER_HOUR: '2',
      OAUTH_ALLOW_IMPLICIT: 'true',
    });
    await t.signInAs('admin', 'silver');
    const key = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
    expect(key.statusCode, key.body).toBe(200);
    apiKey = key.json<{ secret: string }>().secret;
    const created = await t.api('POST', '/campaigns', 'silver', {
      merchant: await t.merchantId('Café Silberblick'),
      type: 'coupon/percent',
    });
    expect(created.statusCode, created.body).toBe(200);
    campaign = created.json<TCampaignEnvelope>().campaign.uuid;
    await t.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaign));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function scrape(): Promise<Exposition> {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(TOKEN) });
    expect(response.statusCode, response.body).toBe(200);
    return parseExposition(response.body);
  }

  it('refuses a scrape without the token or with another one, with a challenge', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/metrics' }),
      await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(`${TOKEN}0`) }),
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: auth(randomBytes(32).toString('hex')),
      }),
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } }),
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.body).not.toContain('backoffice_');
    }
  });

  it('serves the text format with the token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    // The scheme's case does not matter (RFC 7235).
    const lower = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(lower.statusCode).toBe(200);
  });

  it('has every series, with its type', async () => {
    const metrics = await scrape();
    for (const [name, type] of Object.entries(PRODUCT_SERIES)) {
      expect(metrics.types.get(name), name).toBe(type);
    }
    expect(valueOf(metrics, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(metrics, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // Every queue and reason is there from the start, at 0 until something happens.
    expect(samplesOf(metrics, 'backoffice_job_failures_total')).toHaveLength(10);
    for (const reason of ['password', 'limited', 'second_factor']) {
      expect(samplesOf(metrics, 'backoffice_signin_failures_total', { reason })).toHaveLength(1);
    }
  });

  it('counts requests by route pattern, method and status, never by URL', async () => {
    const before = await scrape();
    const merchant = randomUUID();
    const missing = `/no-such-page-${randomUUID()}`;
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'GET', url: `/api/merchants/${merchant}` });
    expect(refused.statusCode).toBe(401);
    const after = await scrape();

    const health = { route: '/health', method: 'GET', status_code: '200' };
    expect(
      valueOf(after, 'backoffice_http_requests_total', health) -
        valueOf(before, 'backoffice_http_requests_total', health),
    ).toBe(3);
    expect(
      valueOf(after, 'backoffice_http_request_duration_seconds_count', health) -
        valueOf(before, 'backoffice_http_request_duration_seconds_count', health),
    ).toBe(3);
    const slowest = samplesOf(after, 'backoffice_http_request_duration_seconds_bucket', health);
    expect(slowest.find((bucket) => bucket.labels.le === '+Inf')?.value).toBe(
      valueOf(after, 'backoffice_http_requests_total', health),
    );

    const unmatched = { route: 'unmatched', method: 'GET', status_code: '404' };
    expect(
      valueOf(after, 'backoffice_http_requests_total', unmatched) -
        valueOf(before, 'backoffice_http_requests_total', unmatched),
    ).toBe(1);
    const byPattern = samplesOf(after, 'backoffice_http_requests_total', {
      method: 'GET',
      status_code: '401',
    }).find((sample) => sample.labels.route?.startsWith('/api/merchants/:'));
    expect(byPattern?.value).toBeGreaterThanOrEqual(1);
    // No URL, id or path of a request is a label value.
    for (const sample of after.samples) {
      for (const value of Object.values(sample.labels)) {
        expect(value).not.toContain(merchant);
        expect(value).not.toContain('no-such-page');
      }
    }
  });

  it('counts failed sign-ins by reason: password, limited, second factor', async () => {
    const failures = (metrics: Exposition, reason: string) =>
      valueOf(metrics, 'backoffice_signin_failures_total', { reason });
    const before = await scrape();

    const wrong = await signInAttempt(t.app, 'silver@example.com', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    // Two failures of an account use up LOGIN_FAILURES_PER_HOUR: the third attempt waits.
    const email = `nobody-${randomUUID()}@example.com`;
    expect((await signInAttempt(t.app, email, 'guess-1')).statusCode).toBe(401);
    expect((await signInAttempt(t.app, email, 'guess-2')).statusCode).toBe(401);
    expect((await signInAttempt(t.app, email, 'guess-3')).statusCode).toBe(429);

    // A wrong code at the second step.
    const started = await t.api('POST', '/my/two-factor/setup', 'admin');
    const { secret } = started.json<{ secret: string }>();
    const plain = secret.replace(/\s/g, '');
    const confirmed = await t.api('POST', '/my/two-factor/confirm', 'admin', {
      code: await generate({ secret: plain }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const page = await signInAttempt(t.app, 'admin@example.com', 'demo');
    expect(page.statusCode).toBe(200);
    const challenge = /name="challenge" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const refused = await t.app.inject({
      method: 'POST',
      url: '/identity/authorize/code',
      payload: {
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        scope: 'base',
        state: 's',
        code_challenge: CODE_CHALLENGE,
        code_challenge_method: 'S256',
        challenge,
        code: 'nope-nope-nope-nope',
      },
    });
    expect(refused.statusCode).toBe(401);

    const after = await scrape();
    expect(failures(after, 'password') - failures(before, 'password')).toBe(3);
    expect(failures(after, 'limited') - failures(before, 'limited')).toBe(1);
    expect(failures(after, 'second_factor') - failures(before, 'second_factor')).toBe(1);
    // No email or account is a label.
    expect(samplesOf(after, 'backoffice_signin_failures_total')).toHaveLength(3);
  });

  it('counts ingest events accepted and refused, by reason', async () => {
    const events = (metrics: Exposition, labels: Record<string, string>) =>
      valueOf(metrics, 'backoffice_ingest_events_total', labels);
    const before = await scrape();
    const event = (campaignId: string) => ({
      id: randomUUID(),
      type: 'view_detail',
      campaign: campaignId,
      occurred_at: new Date().toISOString(),
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { 'x-api-key': apiKey },
      payload: { events: [event(campaign), event(randomUUID())] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      accepted: 1,
      rejected: [{ index: 1, message: 'not_found', field: 'campaign' }],
    });
    const after = await scrape();
    expect(events(after, { outcome: 'accepted' }) - events(before, { outcome: 'accepted' })).toBe(
      1,
    );
    const notFound = { outcome: 'refused', reason: 'not_found' };
    expect(events(after, notFound) - events(before, notFound)).toBe(1);
  });

  it('counts mails sent and failed attempts, and the mail queue waiting for a retry', async () => {
    // The mails of the tests before (two-factor sign-in turned on) are out first.
    await t.ctx.jobs.drain([MAIL_QUEUE]);
    const before = await scrape();
    const mail = (subject: string) =>
      enqueueMail(t.ctx, t.ctx.db, { to: ['metrics@example.com'], subject, text: 'Hallo' });
    await mail('Metrics: accepted');
    await until(async () => smtp.received.some((m) => m.subject === 'Metrics: accepted'), 15_000);
    smtp.mode = 'refuse';
    await mail('Metrics: refused');
    await until(
      async () =>
        valueOf(await scrape(), 'backoffice_mail_send_failures_total') >
        valueOf(before, 'backoffice_mail_send_failures_total'),
      15_000,
    );
    smtp.mode = 'accept';
    const after = await scrape();
    expect(
      valueOf(after, 'backoffice_mails_sent_total') -
        valueOf(before, 'backoffice_mails_sent_total'),
    ).toBe(1);
    expect(
      valueOf(after, 'backoffice_mail_send_failures_total') -
        valueOf(before, 'backoffice_mail_send_failures_total'),
    ).toBe(1);
    const mailFailures = { queue: MAIL_QUEUE };
    expect(
      valueOf(after, 'backoffice_job_failures_total', mailFailures) -
        valueOf(before, 'backoffice_job_failures_total', mailFailures),
    ).toBe(1);
    // The queue's numbers are read at most every 10 s: the refused mail shows within that.
    await until(
      async () =>
        valueOf(await scrape(), 'backoffice_job_queue_jobs', {
          queue: MAIL_QUEUE,
          state: 'waiting',
        }) >= 1,
      15_000,
      500,
    );
  });
});

describe('the database connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  async function scrape(): Promise<Exposition> {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth(TOKEN) });
    expect(response.statusCode, response.body).toBe(200);
    return parseExposition(response.body);
  }

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
    const app = await createTestApp({ METRICS_PORT: String(other), METRICS_TOKEN: TOKEN });
    const url = `http://127.0.0.1:${other}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: auth(`${TOKEN}x`) })).status).toBe(401);
    expect((await fetch(url, { headers: auth(TOKEN) })).status).toBe(200);
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
  const file = path.resolve(import.meta.dirname, '../../../docs/prometheus-alerts.yaml');
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
