/**
 * Prometheus metrics (GET /metrics, docs/operations.md, "Metrics"): never
 * served unconfigured; the settings; with METRICS_TOKEN on the public port
 * for the bearer token only. The series are read as a scraper reads them
 * (the text format parsed), and move with what happens: requests by route
 * pattern and status, failed sign-ins by reason, ingest events accepted and
 * refused, mails sent and failed, job queues. On PostgreSQL too
 * (TEST_DATABASE_URL).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/platform/config/config.js';
import { MAIL_QUEUE, enqueueMail } from '../../../src/platform/mail/outbox.js';
import {
  createAdmin,
  createApiKey,
  createCampaign,
  createMerchantWithOwner,
  type CreatedPerson,
} from '../../factories/index.js';
import { METRICS_TOKEN, PRODUCT_SERIES, scrapeMetrics } from '../../fixtures/metrics.js';
import { samplesOf, valueOf, type Exposition } from '../../fixtures/prometheus-text.js';
import { startSmtpServer, type FakeSmtp } from '../../fixtures/smtp-server.js';
import { until } from '../../fixtures/until.js';
import {
  bearer,
  CLIENT_ID,
  CODE_CHALLENGE,
  REDIRECT_URI,
  createTestApp,
  signInAttempt,
  type TestApp,
} from '../../helpers.js';
import { JOB_QUEUES } from '@backoffice/domain';

describe('unconfigured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no /metrics at all, with or without a token', async () => {
    for (const headers of [{}, bearer(METRICS_TOKEN)]) {
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
    expect(problem({ METRICS_TOKEN: `${METRICS_TOKEN} x` })).toMatch(
      /METRICS_TOKEN: letters, digits/,
    );
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
    expect(loadConfig({ DEMO: 'true', METRICS_TOKEN }).metrics).toMatchObject({
      enabled: true,
      token: METRICS_TOKEN,
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
  let admin: CreatedPerson;
  let silver: CreatedPerson;

  beforeAll(async () => {
    smtp = await startSmtpServer('accept');
    t = await createTestApp({
      METRICS_TOKEN,
      SMTP_URL: smtp.url,
      // A refused mail waits for its retry (the queue's depth) instead of being tried again at once.
      MAIL_RETRY_DELAY_SECONDS: '3600',
      LOGIN_FAILURES_PER_HOUR: '2',
      OAUTH_ALLOW_IMPLICIT: 'true',
    });
    const made = await createMerchantWithOwner(t.ctx.db, { level: 1 });
    silver = made.owner;
    admin = await createAdmin(t.ctx.db);
    await t.signInAs({ admin });
    apiKey = (await createApiKey(t.ctx.db)).secret;
    campaign = (await createCampaign(t.ctx.db, { merchantId: made.merchant.id, status: 'active' }))
      .id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const scrape = () => scrapeMetrics(t);

  it('refuses a scrape without the token or with another one, with a challenge', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/metrics' }),
      await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${METRICS_TOKEN}0`) }),
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: bearer(randomBytes(32).toString('hex')),
      }),
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: METRICS_TOKEN },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.body).not.toContain('backoffice_');
    }
  });

  it('serves the text format with the token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(METRICS_TOKEN),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    // The scheme's case does not matter (RFC 7235).
    const lower = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${METRICS_TOKEN}` },
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
    expect(samplesOf(metrics, 'backoffice_job_failures_total')).toHaveLength(JOB_QUEUES.length);
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

    const wrong = await signInAttempt(t.app, silver.email, 'not-the-password');
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
    const page = await signInAttempt(t.app, admin.email, admin.password);
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
