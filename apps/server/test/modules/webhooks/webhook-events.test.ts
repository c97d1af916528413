/**
 * The events webhooks tell of (docs/product.md#webhooks), each from the place
 * where the product makes the change, in its transaction: a campaign's
 * status changes by people and by the scheduler, a winner draw, the end of a
 * location upload, a campaign's codes running low. A rolled-back change
 * records none.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TLocationUploadResponse, WebhookEventType } from '@backoffice/domain';
import { runScheduledTransitions } from '../../../src/modules/campaigns/lifecycle.js';
import {
  WEBHOOK_DELIVERY_QUEUE,
  dispatchWebhookEvents,
} from '../../../src/modules/webhooks/delivery.js';
import { campaigns, webhookEvents } from '../../../src/platform/db/schema.js';
import { campaignDeps } from '../../../src/services.js';
import {
  createAdmin,
  createApiKey,
  createCampaign,
  createMerchantWithOwner,
} from '../../factories/index.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { until } from '../../fixtures/until.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

const HOUR = 3_600_000;

describe('webhook events', () => {
  let t: TestApp;
  let receiver: Receiver;
  let merchant = '';

  /**
   * The events the receiver got since the last call, in the order they
   * happened (their timestamps: deliveries may arrive in any order).
   */
  const received = async () => {
    await dispatchWebhookEvents(t.ctx);
    await t.ctx.jobs.drain([WEBHOOK_DELIVERY_QUEUE]);
    const bodies = receiver.received.map(
      (message) =>
        JSON.parse(message.body) as {
          type: WebhookEventType;
          timestamp: string;
          data: Record<string, unknown>;
        },
    );
    receiver.received.length = 0;
    return bodies.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const owned = await createMerchantWithOwner(t.ctx.db);
    merchant = owned.merchant.id;
    await t.signInAs({ owner: owned.owner, admin: await createAdmin(t.ctx.db) });
    const created = await t.api('POST', `/merchants/${merchant}/webhooks`, 'owner', {
      url: receiver.url,
      events: [
        'campaign.submitted',
        'campaign.approved',
        'campaign.rejected',
        'campaign.activated',
        'campaign.ended',
        'campaign.deleted',
        'draw.completed',
        'codes.low',
        'location_import.finished',
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await received();
  });

  it('tells of a campaign’s way from submission to its end', async () => {
    const campaign = await createCampaign(t.ctx.db, {
      merchantId: merchant,
      type: 'coupon/percent',
      status: 'created',
      validFrom: new Date(Date.now() - HOUR),
      validUntil: new Date(Date.now() + 2 * HOUR),
      content: { description: { de: 'Zehn Prozent auf alles, eine Woche lang. '.repeat(8) } },
    });
    await t.ctx.db
      .update(campaigns)
      // Written behind the service's back: validation version 0 has the stored errors recomputed.
      .set({ imagePath: 'campaigns/test.jpg', imageExtension: 'jpg', validationVersion: 0 })
      .where(eq(campaigns.id, campaign.id));
    const submitted = await t.api('POST', `/campaigns/${campaign.id}/submit`, 'owner');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await t.api('POST', `/campaigns/${campaign.id}/approve`, 'admin')).statusCode).toBe(
      200,
    );
    await runScheduledTransitions(campaignDeps(t.ctx));
    await runScheduledTransitions(campaignDeps(t.ctx), new Date(Date.now() + 3 * HOUR));

    const events = await received();
    expect(events.map((event) => event.type)).toEqual([
      'campaign.submitted',
      'campaign.approved',
      'campaign.activated',
      'campaign.ended',
    ]);
    expect(events[1]?.data).toEqual({
      campaign_id: campaign.id,
      merchant_id: merchant,
      campaign_type: 'coupon/percent',
      status: 'approved',
      previous_status: 'submitted',
      title: campaign.title,
    });
  });

  it('tells of a rejection with its reason, and of a deletion', async () => {
    const rejected = await createCampaign(t.ctx.db, { merchantId: merchant, status: 'submitted' });
    const deleted = await createCampaign(t.ctx.db, { merchantId: merchant, status: 'created' });
    const reject = await t.api('POST', `/campaigns/${rejected.id}/reject`, 'admin', {
      reason: 'Bild fehlt',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await t.api('DELETE', `/campaigns/${deleted.id}`, 'owner')).statusCode).toBe(200);

    const events = await received();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'campaign.rejected',
        data: expect.objectContaining({ campaign_id: rejected.id, reason: 'Bild fehlt' }),
      }),
      expect.objectContaining({
        type: 'campaign.deleted',
        data: expect.objectContaining({ campaign_id: deleted.id, previous_status: 'created' }),
      }),
    ]);
  });

  it('records nothing for a change that was refused', async () => {
    const campaign = await createCampaign(t.ctx.db, { merchantId: merchant, status: 'created' });
    // Approving a campaign that was never submitted is refused: no status change, no event.
    expect((await t.api('POST', `/campaigns/${campaign.id}/approve`, 'admin')).statusCode).toBe(
      409,
    );
    expect(await t.ctx.db.select().from(webhookEvents)).toEqual([]);
    expect(await received()).toEqual([]);
  });

  it('tells of a winner draw with ids only', async () => {
    const sweepstake = await createCampaign(t.ctx.db, {
      merchantId: merchant,
      type: 'sweepstake/standard',
      status: 'ended',
      validFrom: new Date(Date.now() - 48 * HOUR),
      validUntil: new Date(Date.now() - 24 * HOUR),
    });
    const drawn = await t.api('POST', `/campaigns/${sweepstake.id}/draw`, 'admin');
    expect(drawn.statusCode, drawn.body).toBe(200);
    const [event] = await received();
    expect(event).toMatchObject({
      type: 'draw.completed',
      data: {
        campaign_id: sweepstake.id,
        merchant_id: merchant,
        participant_count: 0,
        winners: [],
      },
    });
    expect(Object.keys(event?.data ?? {}).sort()).toEqual([
      'campaign_id',
      'draw_id',
      'merchant_id',
      'participant_count',
      'winners',
    ]);
  });

  it('tells when a location upload is done, with its counts', async () => {
    const csv = await readFile(
      path.join(import.meta.dirname, '../..', 'fixtures', 'locations-real-world.csv'),
    );
    const file = multipartFile('upload', 'standorte.csv', csv, 'text/csv');
    const upload = await t.api(
      'POST',
      `/merchants/${merchant}/multiple-locations`,
      'owner',
      file.payload,
      file.headers,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const { job } = upload.json<TLocationUploadResponse>();
    const events: Awaited<ReturnType<typeof received>> = [];
    await until(async () => {
      events.push(...(await received()));
      return events.length > 0;
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'location_import.finished',
        data: expect.objectContaining({ import_id: job.id, merchant_id: merchant }),
      }),
    ]);
  });

  it('tells when the consumer app’s reports leave a campaign’s codes low, once, with counts and ids only', async () => {
    const coupon = await createCampaign(t.ctx.db, {
      merchantId: merchant,
      type: 'coupon/percent',
      status: 'active',
    });
    const added = await t.api('POST', `/campaigns/${coupon.id}/multiple-codes`, 'owner', {
      codes: ['LOW-1', 'LOW-2', 'LOW-3'],
    });
    expect(added.statusCode, added.body).toBe(200);
    const apiKey = (await createApiKey(t.ctx.db)).secret;
    for (const code of ['LOW-1', 'LOW-2', 'LOW-1']) {
      const handedOut = await t.app.inject({
        method: 'POST',
        url: `/api/ingest/campaigns/${coupon.id}/codes/handed-out`,
        headers: { 'x-api-key': apiKey },
        payload: { code },
      });
      expect(handedOut.statusCode, handedOut.body).toBe(200);
    }
    expect(await received()).toEqual([
      {
        type: 'codes.low',
        timestamp: expect.any(String),
        data: { campaign_id: coupon.id, merchant_id: merchant, codes_total: 3, codes_left: 2 },
      },
    ]);
  });
});
