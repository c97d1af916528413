/**
 * Webhooks (docs/product.md#webhooks) against a local receiver: endpoints per
 * merchant and for admins, signed deliveries that verify with the Standard
 * Webhooks reference library, retries by the schedule and the delivery log,
 * "Test senden" and "Erneut senden", switching a failing endpoint off with a
 * mail, the refusal of private addresses, and who may do what.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_ENDPOINTS_MAX,
  type TWebhookDelivery,
  type TWebhookDeliveryPage,
  type TWebhookEndpoint,
  type TWebhookEndpointList,
  type TWebhookWithSecret,
} from '@backoffice/domain';
import { webhookDeliveries, webhookEndpoints } from '../../../src/platform/db/schema.js';
import { sealSecret } from '../../../src/modules/webhooks/signing.js';
import { recordWebhookEvents } from '../../../src/modules/webhooks/index.js';
import {
  WEBHOOK_DELIVERY_QUEUE,
  dispatchWebhookEvents,
} from '../../../src/modules/webhooks/delivery.js';
import { MAIL_QUEUE } from '../../../src/platform/mail/outbox.js';
import {
  createAdmin,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, mailsDuring, type TestApp } from '../../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

describe('webhooks', () => {
  let t: TestApp;
  let receiver: Receiver;
  let merchant = '';
  let other = '';

  const create = async (who: string, path: string, body: object) => {
    const response = await t.api('POST', path, who, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TWebhookWithSecret>();
  };
  const deliver = () => t.ctx.jobs.drain([WEBHOOK_DELIVERY_QUEUE]);
  const log = async (endpoint: string) =>
    (await t.api('GET', `/webhooks/${endpoint}/deliveries`, 'owner')).json<TWebhookDeliveryPage>()
      .deliveries;
  const approve = (merchantId: string, campaignId = 'c-1') =>
    recordWebhookEvents(t.ctx.db, [
      {
        type: 'campaign.approved',
        merchantId,
        data: { campaign_id: campaignId, status: 'approved' },
      },
    ]);

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAYS_SECONDS: '0,0,0',
    });
    const owned = await createMerchantWithOwner(t.ctx.db);
    merchant = owned.merchant.id;
    other = (await createMerchant(t.ctx.db)).id;
    await t.signInAs({
      owner: owned.owner,
      admin: await createAdmin(t.ctx.db),
      staff: await createPerson(t.ctx.db, {
        memberships: [{ merchantId: merchant, roles: ['manage-campaigns'] }],
      }),
      stranger: await createPerson(t.ctx.db, { memberships: [other] }),
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await t.ctx.db.delete(webhookEndpoints);
    receiver.received.length = 0;
    receiver.answerWith();
  });

  it('delivers a subscribed event signed in the Standard Webhooks format', async () => {
    const { endpoint, secret } = await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['campaign.approved', 'campaign.ended'],
    });
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ merchant_id: merchant, active: true });
    // The secret is in that answer only.
    const listed = await t.api('GET', `/merchants/${merchant}/webhooks`, 'owner');
    expect(listed.body).not.toContain(secret);

    await approve(merchant);
    await recordWebhookEvents(t.ctx.db, [
      { type: 'campaign.submitted', merchantId: merchant, data: { campaign_id: 'c-2' } },
      { type: 'campaign.approved', merchantId: other, data: { campaign_id: 'c-3' } },
    ]);
    await dispatchWebhookEvents(t.ctx);
    await deliver();

    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received;
    if (!message) throw new Error('nothing received');
    const verified = new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({
      type: 'campaign.approved',
      data: { campaign_id: 'c-1', status: 'approved' },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(message.body, {
        'webhook-id': String(message.headers['webhook-id']),
        'webhook-timestamp': String(message.headers['webhook-timestamp']),
        'webhook-signature': String(message.headers['webhook-signature']),
      }),
    ).toThrow();
    expect(await log(endpoint.id)).toEqual([
      expect.objectContaining({
        id: message.headers['webhook-id'],
        event: 'campaign.approved',
        status: 'succeeded',
        attempts: 1,
        response_status: 200,
      }),
    ]);
  });

  it('tries a failing receiver again by the schedule, once per failure, then stops', async () => {
    const { endpoint } = await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['campaign.approved'],
    });
    receiver.answerWith(500, 500, 500, 200);
    await approve(merchant);
    await dispatchWebhookEvents(t.ctx);
    await deliver();

    expect(receiver.received).toHaveLength(4);
    const ids = new Set(receiver.received.map((message) => message.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const [delivery] = await log(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 4, response_status: 200 });
    const stored = await t.api('GET', `/webhooks/${endpoint.id}`, 'owner');
    expect(stored.json<TWebhookEndpoint>().failing_since).toBeNull();
  });

  it('gives up after the last retry and shows it in the log', async () => {
    const { endpoint } = await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['campaign.approved'],
    });
    receiver.answerWith(500, 503, 500, 502, 200);
    await approve(merchant);
    await dispatchWebhookEvents(t.ctx);
    await deliver();

    // The first attempt and three retries: the fifth answer is never asked for.
    expect(receiver.received).toHaveLength(4);
    const [delivery] = await log(endpoint.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 4,
      response_status: 502,
      error: 'http_502',
      next_attempt: null,
    });
    const stored = await t.api('GET', `/webhooks/${endpoint.id}`, 'owner');
    expect(stored.json<TWebhookEndpoint>().failing_since).not.toBeNull();

    // "Erneut senden": one more attempt, the same message id.
    const resent = await t.api(
      'POST',
      `/webhooks/${endpoint.id}/deliveries/${String(delivery?.id)}/resend`,
      'owner',
    );
    expect(resent.statusCode, resent.body).toBe(200);
    await deliver();
    expect(receiver.received).toHaveLength(5);
    expect(receiver.received[4]?.headers['webhook-id']).toBe(delivery?.id);
    expect((await log(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 5 });
  });

  it('sends a test message to one endpoint ("Test senden")', async () => {
    const { endpoint } = await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['codes.low'],
    });
    const sent = await t.api('POST', `/webhooks/${endpoint.id}/test`, 'owner');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<TWebhookDelivery>()).toMatchObject({
      event: 'webhook.test',
      status: 'pending',
    });
    await deliver();
    expect(JSON.parse(String(receiver.received[0]?.body))).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: endpoint.id },
    });
    expect((await log(endpoint.id))[0]).toMatchObject({
      status: 'succeeded',
      response_status: 200,
    });
  });

  it('switches an endpoint off that has failed for long enough, and mails its managers', async () => {
    const { endpoint } = await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['campaign.approved'],
    });
    // Failing for three days already.
    await t.ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    receiver.answerWith(500, 500, 500, 500);
    await approve(merchant);
    await dispatchWebhookEvents(t.ctx);
    const mails = await mailsDuring(t, async () => {
      await deliver();
      await t.ctx.jobs.drain([MAIL_QUEUE]);
    });
    // Switched off at the first failure: no retries to an endpoint that is off.
    expect(receiver.received).toHaveLength(1);
    const stored = (
      await t.api('GET', `/webhooks/${endpoint.id}`, 'owner')
    ).json<TWebhookEndpoint>();
    expect(stored).toMatchObject({ active: false, disabled_reason: 'failing' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Webhook abgeschaltet');
    expect(mails[0]).toContain(receiver.url);

    // Events while it is off reach it no more; switched on again, its failures start anew.
    await approve(merchant, 'c-9');
    await dispatchWebhookEvents(t.ctx);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    const on = await t.api('PUT', `/webhooks/${endpoint.id}`, 'owner', {
      url: receiver.url,
      events: ['campaign.approved'],
      active: true,
    });
    expect(on.json<TWebhookEndpoint>()).toMatchObject({
      active: true,
      disabled_reason: null,
      failing_since: null,
    });
  });

  it('tells an admins’ endpoint of every merchant’s events', async () => {
    const { endpoint } = await create('admin', '/admin/webhooks', {
      url: receiver.url,
      events: ['campaign.approved'],
    });
    expect(endpoint.merchant_id).toBeNull();
    await approve(merchant);
    await approve(other, 'c-4');
    await dispatchWebhookEvents(t.ctx);
    await deliver();
    expect(receiver.received).toHaveLength(2);
  });

  it('refuses private, loopback and metadata addresses unless they are allowed', async () => {
    const strict = await createTestApp({}, {});
    try {
      const who = await createMerchantWithOwner(strict.ctx.db);
      await strict.signInAs({ owner: who.owner });
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://10.0.0.5/hook',
        'http://192.168.1.10/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'ftp://example.com/hook',
      ]) {
        const refused = await strict.api(
          'POST',
          `/merchants/${who.merchant.id}/webhooks`,
          'owner',
          {
            url,
            events: ['campaign.approved'],
          },
        );
        expect(refused.statusCode, url).toBe(422);
        expect(refused.json(), url).toMatchObject({
          message: 'webhook_url_not_allowed',
          field: 'url',
        });
      }
      const malformed = await strict.api(
        'POST',
        `/merchants/${who.merchant.id}/webhooks`,
        'owner',
        {
          url: 'not a url',
          events: ['campaign.approved'],
        },
      );
      expect(malformed.json()).toMatchObject({ message: 'invalid_url', field: 'url' });
      // A public address literal is accepted (nothing is sent to it here).
      const accepted = await strict.api('POST', `/merchants/${who.merchant.id}/webhooks`, 'owner', {
        url: 'https://93.184.215.14/hook',
        events: ['campaign.approved'],
      });
      expect(accepted.statusCode, accepted.body).toBe(200);

      // At the time of sending, too: a name that resolves to a private address (DNS rebinding)
      // and a stored private literal get no request.
      for (const url of [receiver.url.replace('127.0.0.1', 'localhost'), receiver.url]) {
        await strict.ctx.db.insert(webhookEndpoints).values({
          merchantId: who.merchant.id,
          url,
          events: ['campaign.ended'],
          secret: sealSecret(strict.ctx.mfaKey, 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ='),
        });
      }
      await recordWebhookEvents(strict.ctx.db, [
        { type: 'campaign.ended', merchantId: who.merchant.id, data: { campaign_id: 'c-5' } },
      ]);
      await dispatchWebhookEvents(strict.ctx);
      await strict.ctx.jobs.drain([WEBHOOK_DELIVERY_QUEUE]);
      expect(receiver.received).toHaveLength(0);
      const refusedDeliveries = await strict.ctx.db.select().from(webhookDeliveries);
      expect(refusedDeliveries.map((delivery) => delivery.error)).toEqual([
        'address_not_allowed',
        'address_not_allowed',
      ]);
    } finally {
      await strict.close();
    }
  });

  it('lets only the merchant’s managers and admins near its endpoints', async () => {
    const { endpoint } = await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['campaign.approved'],
    });
    const body = { url: receiver.url, events: ['campaign.approved'] };
    // Without manage-merchant: 403; another merchant's person: 404 (its existence is not told).
    expect((await t.api('GET', `/merchants/${merchant}/webhooks`, 'staff')).statusCode).toBe(403);
    expect((await t.api('POST', `/merchants/${merchant}/webhooks`, 'staff', body)).statusCode).toBe(
      403,
    );
    expect((await t.api('GET', `/merchants/${merchant}/webhooks`, 'stranger')).statusCode).toBe(
      404,
    );
    for (const [method, path] of [
      ['GET', `/webhooks/${endpoint.id}`],
      ['PUT', `/webhooks/${endpoint.id}`],
      ['DELETE', `/webhooks/${endpoint.id}`],
      ['POST', `/webhooks/${endpoint.id}/test`],
      ['POST', `/webhooks/${endpoint.id}/secret`],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
    ] as const) {
      const answer = await t.api(method, path, 'stranger', method === 'PUT' ? body : undefined);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
    }
    // The admins' endpoints are theirs alone.
    expect((await t.api('GET', '/admin/webhooks', 'owner')).statusCode).toBe(403);
    const global = await create('admin', '/admin/webhooks', body);
    expect((await t.api('GET', `/webhooks/${global.endpoint.id}`, 'owner')).statusCode).toBe(404);
    // Admins manage every merchant's endpoints.
    const listed = await t.api('GET', `/merchants/${merchant}/webhooks`, 'admin');
    expect(listed.json<TWebhookEndpointList>().endpoints.map((e) => e.id)).toEqual([endpoint.id]);
    expect((await t.api('DELETE', `/webhooks/${endpoint.id}`, 'admin')).statusCode).toBe(200);
  });

  it('refuses a save from an older version and rotates the secret', async () => {
    const { endpoint, secret } = await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['campaign.approved'],
    });
    const body = { url: receiver.url, events: ['campaign.ended'], version: endpoint.version };
    expect((await t.api('PUT', `/webhooks/${endpoint.id}`, 'owner', body)).statusCode).toBe(200);
    const stale = await t.api('PUT', `/webhooks/${endpoint.id}`, 'owner', body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'webhook_changed' });

    const rotated = await t.api('POST', `/webhooks/${endpoint.id}/secret`, 'owner');
    const next = rotated.json<TWebhookWithSecret>().secret;
    expect(next).not.toBe(secret);
    await t.api('POST', `/webhooks/${endpoint.id}/test`, 'owner');
    await deliver();
    const [message] = receiver.received;
    const headers = {
      'webhook-id': String(message?.headers['webhook-id']),
      'webhook-timestamp': String(message?.headers['webhook-timestamp']),
      'webhook-signature': String(message?.headers['webhook-signature']),
    };
    expect(() => new Webhook(next).verify(String(message?.body), headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(String(message?.body), headers)).toThrow();
  });

  it('holds the limit of endpoints against concurrent creates', async () => {
    await t.ctx.db.insert(webhookEndpoints).values(
      Array.from({ length: WEBHOOK_ENDPOINTS_MAX - 1 }, () => ({
        merchantId: merchant,
        url: receiver.url,
        events: ['campaign.approved' as const],
        secret: 'x',
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.api('POST', `/merchants/${merchant}/webhooks`, 'owner', {
          url: receiver.url,
          events: ['campaign.approved'],
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.json()).toMatchObject({ message: 'webhook_limit_reached' });
    }
    const listed = await t.api('GET', `/merchants/${merchant}/webhooks`, 'owner');
    expect(listed.json<TWebhookEndpointList>().endpoints).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });

  it('delivers each event once when dispatchers run side by side', async () => {
    await create('owner', `/merchants/${merchant}/webhooks`, {
      url: receiver.url,
      events: ['campaign.approved'],
    });
    await recordWebhookEvents(
      t.ctx.db,
      Array.from({ length: 30 }, (_, index) => ({
        type: 'campaign.approved' as const,
        merchantId: merchant,
        data: { campaign_id: `c-${String(index)}` },
      })),
    );
    await Promise.all([dispatchWebhookEvents(t.ctx), dispatchWebhookEvents(t.ctx)]);
    await dispatchWebhookEvents(t.ctx);
    await deliver();
    const ids = receiver.received.map(
      (message) => (JSON.parse(message.body) as { data: { campaign_id: string } }).data.campaign_id,
    );
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});
