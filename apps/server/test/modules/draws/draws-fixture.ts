/**
 * What the winner draw tests share: the app with a silver merchant and
 * the consumer app's key, taking part through the ingest API, a sweepstake that
 * has ended, reading and drawing its winners, and the scheduler's run.
 */
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TCampaignEnvelope, TDrawResponse } from '@backoffice/domain';
import { runDueDraws } from '../../../src/modules/draws/service.js';
import { foldPending } from '../../../src/modules/ingest/fold.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { createAdmin, createMerchantWithOwner } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';
import { drawDeps } from '../../../src/services.js';

export let t: TestApp;
export let silberblick = '';
export let apiKey = '';
export let photo: Buffer;
export const HOUR = 3600_000;
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type Draw = NonNullable<TDrawResponse['draw']>;

/** POST /api/ingest/events with the consumer app's key. */
export function ingest(events: object[], key = apiKey) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': key },
    payload: { events },
  });
}

/** Sends participations that must all be taken, and waits for the statistics fold. */
export async function takePart(campaign: string, people: [participant: string, at: Date][]) {
  const sent = await ingest(
    people.map(([participant, at]) => ({
      id: randomUUID(),
      type: 'participation',
      campaign,
      participant,
      occurred_at: at.toISOString(),
    })),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json()).toMatchObject({ accepted: people.length, rejected: [] });
  await foldPending(t.ctx.db);
}

/** GET /api/ingest/campaigns/{id}/draw with the consumer app's key (or another). */
export function readWithKey(
  campaign: string,
  headers: Record<string, string> = { 'x-api-key': apiKey },
) {
  return t.app.inject({ method: 'GET', url: `/api/ingest/campaigns/${campaign}/draw`, headers });
}

export async function drawWithKey(campaign: string): Promise<Draw | null> {
  const response = await readWithKey(campaign);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDrawResponse>().draw;
}

export async function drawAsAdmin(campaign: string): Promise<Draw | null> {
  const response = await t.api('GET', `/campaigns/${campaign}/draw`, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDrawResponse>().draw;
}

export const openWins = async () =>
  (await t.api('GET', `/merchants/${silberblick}/dashboard`, 'silver')).json<{
    todo_wins: { count: number };
  }>().todo_wins.count;

/**
 * A sweepstake of Café Silberblick made, submitted and approved through the
 * API, running from `from` until `until`; its id.
 */
export async function sweepstake(options: {
  prizes: number[];
  from: Date;
  until: Date;
  manualDraw?: boolean;
}): Promise<string> {
  const created = await t.api('POST', '/campaigns', 'silver', {
    merchant: silberblick,
    type: 'sweepstake/standard',
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<TCampaignEnvelope>().campaign.uuid;
  const saved = await t.api('POST', `/campaigns/${id}`, 'silver', {
    title: { de: 'Torten zu gewinnen' },
    short_description: { de: 'Mitmachen und gewinnen' },
    description: { de: 'Mitmachen und mit etwas Glück eine Torte gewinnen. '.repeat(5) },
    prizes: options.prizes.map((count, index) => ({
      count,
      value: 1000,
      name: `Preis ${index + 1}`,
      redemption: 'store_pickup',
    })),
    manual_draw: options.manualDraw ?? false,
    valid_from: options.from.toISOString(),
    valid_until: options.until.toISOString(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { payload, headers } = multipartFile('upload', 'bild.jpg', photo, 'image/jpeg');
  const image = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${id}/image`,
    headers: { ...headers, ...bearer(String(t.tokens.silver)) },
    payload,
  });
  expect(image.statusCode, image.body).toBe(200);
  const submitted = await t.api('POST', `/campaigns/${id}/submit`, 'silver');
  expect(submitted.statusCode, submitted.body).toBe(200);
  const approved = await t.api('POST', `/campaigns/${id}/approve`, 'admin');
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/** The scheduler's run long enough after every end in this file for the draw's delay. */
export const schedulerRunsLater = () =>
  runDueDraws(drawDeps(t.ctx), new Date(Date.now() + 3 * HOUR));

/** Starts the test app for the file's tests: an admin, a silver merchant's owner, the consumer app's key. */
export function useDrawsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
    silberblick = silver.merchant.id;
    await t.signInAs({ admin: await createAdmin(t.ctx.db), silver: silver.owner });
    const created = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
    expect(created.statusCode, created.body).toBe(200);
    apiKey = created.json().secret;
    photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });
}
