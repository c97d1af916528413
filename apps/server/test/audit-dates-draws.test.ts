/**
 * Audit (dates): a sweepstake's winner draw and the end of its runtime. The
 * scheduler waits DRAW_DELAY_MINUTES after the end so that participations of
 * the runtime's last minutes, sent late by the consumer app, are in; the draw
 * must still take only participations that happened inside the runtime.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { campaigns } from '../src/db/schema.js';
import { participantsHash } from '../src/modules/draws/draw.js';
import { runDueDraws } from '../src/modules/draws/service.js';
import { foldPending } from '../src/modules/ingest/fold.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let silberblick = '';
let apiKey = '';

const participation = (campaign: string, participant: string, at: Date) => ({
  id: randomUUID(),
  type: 'participation',
  campaign,
  participant,
  occurred_at: at.toISOString(),
});

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  await t.signInAs('admin', 'silver');
  silberblick = await t.merchantId('Café Silberblick');
  const created = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
  expect(created.statusCode, created.body).toBe(200);
  apiKey = created.json().secret;
});
afterAll(async () => {
  await t.close();
});

describe('winner draw and the end of the runtime', () => {
  it('does not let someone who took part after the sweepstake ended win (only participations of the runtime are drawn)', async () => {
    const created = await t.api('POST', '/campaigns', 'silver', {
      merchant: silberblick,
      type: 'sweepstake/standard',
    });
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json<TCampaignEnvelope>().campaign.uuid;
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 5, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
    });
    // Ran from three hours ago until two hours ago.
    const end = new Date(Date.now() - 2 * 3600_000);
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'active', validFrom: new Date(end.getTime() - 3600_000), validUntil: end })
      .where(eq(campaigns.id, campaign));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { 'x-api-key': apiKey },
      payload: {
        events: [
          participation(campaign, 'in-time', new Date(end.getTime() - 30 * 60_000)),
          // Ten minutes after the end: the campaign was over.
          participation(campaign, 'too-late', new Date(end.getTime() + 10 * 60_000)),
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    await foldPending(t.ctx.db);

    // The scheduler's tick DRAW_DELAY_MINUTES (60) after the end.
    expect(await runDueDraws(t.ctx, new Date(end.getTime() + 60 * 60_000))).toBeGreaterThanOrEqual(
      1,
    );
    const { draw } = (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json();
    expect(draw).not.toBeNull();
    const drawn = draw.winners.map((winner: { participant: string }) => winner.participant);
    expect(drawn).not.toContain('too-late');
    expect(draw.participant_count).toBe(1);
    expect(draw.participants_hash).toBe(participantsHash(['in-time']));
  });
});
