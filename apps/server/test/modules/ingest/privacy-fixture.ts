/**
 * What the participant privacy tests share: the app with a silver merchant
 * and the consumer app's key, a campaign of that merchant, sending events,
 * every count the product shows, where a participant id is still stored,
 * and a commit held open.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CampaignStatus, TCampaignEnvelope, TIngestResponse } from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import {
  campaignParticipants,
  campaigns,
  merchantParticipants,
  participants,
  participationEvents,
} from '../../../src/platform/db/schema.js';
import { foldPending } from '../../../src/modules/ingest/fold.js';
import { createAdmin, createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

export const DAY = 24 * 3600_000;

/** The default EVENT_RETENTION_DAYS. */
export const RETENTION_DAYS = 730;
export let t: TestApp;
export let apiKey = '';
export let merchant = '';

export async function campaignIn(status: CampaignStatus = 'active'): Promise<string> {
  const response = await t.api('POST', '/campaigns', 'silver', {
    merchant,
    type: 'coupon/percent',
  });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json<TCampaignEnvelope>().campaign.uuid;
  await t.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));
  return id;
}

export async function send(events: object[]): Promise<TIngestResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': apiKey },
    payload: { events },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export const participation = (
  campaign: string,
  participant: string,
  at: Date,
  profile?: object,
) => ({
  id: randomUUID(),
  type: 'participation',
  campaign,
  participant,
  occurred_at: at.toISOString(),
  ...(profile ? { profile } : {}),
});

/** Every count the product shows of the merchant and these campaigns, once the fold has run. */
export async function counts(campaignIds: string[]) {
  await foldPending(t.ctx.db);
  const list = sql.join(
    campaignIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const day = new Date().toISOString().slice(0, 10);
  return {
    campaigns: await Promise.all(
      campaignIds.map(async (id) => {
        const { participations, distinct_users, view_list } = (
          await t.api('GET', `/campaigns/${id}`, 'silver')
        ).json().campaign;
        return { participations, distinct_users, view_list };
      }),
    ),
    dashboard: (await t.api('GET', `/merchants/${merchant}/dashboard`, 'silver')).json().users,
    chart: (
      await t.api(
        'GET',
        `/merchants/${merchant}/stats?timerange=month&count=1&start=${day}&campaigns=${campaignIds.join(',')}`,
        'silver',
      )
    ).json(),
    campaignDays: await queryRows(
      t.ctx.db,
      sql`select * from campaign_daily_stats where campaign_id in (${list}) order by campaign_id, day`,
    ),
    merchantDays: await queryRows(
      t.ctx.db,
      sql`select * from merchant_daily_stats where merchant_id = ${merchant}::uuid order by day`,
    ),
    kidDays: await queryRows(
      t.ctx.db,
      sql`select * from merchant_daily_kid_stats where merchant_id = ${merchant}::uuid
          order by day, kind, gender, birth_year`,
    ),
  };
}

/** Where a participant id is still stored: raw events, profile, first participations. */
export async function traces(id: string) {
  const [events, profiles, inCampaigns, withMerchants] = await Promise.all([
    t.ctx.db.select().from(participationEvents).where(eq(participationEvents.participantId, id)),
    t.ctx.db.select().from(participants).where(eq(participants.id, id)),
    t.ctx.db.select().from(campaignParticipants).where(eq(campaignParticipants.participantId, id)),
    t.ctx.db.select().from(merchantParticipants).where(eq(merchantParticipants.participantId, id)),
  ]);
  return {
    events: events.length,
    profile: profiles.length,
    campaigns: inCampaigns.length,
    merchants: withMerchants.length,
  };
}

export const NO_TRACE = { events: 0, profile: 0, campaigns: 0, merchants: 0 };

/** Starts the test app for the file's tests: an admin, a silver merchant's owner, the consumer app's key. */
export function usePrivacyApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
    const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
    merchant = silver.merchant.id;
    await t.signInAs({ admin: await createAdmin(t.ctx.db), silver: silver.owner });
    apiKey = (await t.api('POST', '/admin/api-keys', 'admin', { name: 'privacy' })).json().secret;
  });
  afterAll(async () => {
    await t.close();
  });
}
