/**
 * The demo activity of `npm start`: campaigns of every type and status with
 * months of participations, sent through the ingest service, so that a
 * newcomer's dashboard, list and chart show a living product whose numbers
 * agree with each other.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_TYPES } from '@backoffice/domain';
import { campaigns, merchants } from '../src/db/schema.js';
import { seedDemoActivity } from '../src/seed/demo-activity.js';
import { bearer, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let filesDir = '';
let owner = '';

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  owner = await t.signInAndInit('owner@example.com');
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('demo activity', () => {
  it('creates campaigns of every type and months of participations, once', async () => {
    expect(await seedDemoActivity(t.ctx)).toBe(true);
    expect(await seedDemoActivity(t.ctx)).toBe(false);
    const rows = await t.ctx.db.select().from(campaigns);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(CAMPAIGN_TYPES));
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['created', 'submitted', 'start_review', 'approved', 'active', 'ended', 'rejected']),
    );
    // Finished campaigns are complete: only campaigns in progress may show errors.
    for (const row of rows) expect(row.validationErrors, row.title.de).toEqual([]);
  });

  it('gives the demo owner a dashboard whose numbers agree with the campaign list', async () => {
    const [merchant] = await t.ctx.db
      .select()
      .from(merchants)
      .where(eq(merchants.brandName, 'Bäckerei Sonnenschein'));
    const id = String(merchant?.id);
    const dashboard = (
      await t.app.inject({
        method: 'GET',
        url: `/api/merchants/${id}/dashboard`,
        headers: bearer(owner),
      })
    ).json();
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/campaigns?exact_merchant=${id}`,
        headers: bearer(owner),
      })
    ).json();
    const participations = list.rows.reduce(
      (sum: number, row: { participations: number }) => sum + row.participations,
      0,
    );
    expect(participations).toBeGreaterThan(100);
    expect(dashboard.users.total_participations).toBe(participations);
    expect(dashboard.users.total).toBeGreaterThan(10);
    expect(dashboard.users.total_list_views).toBeGreaterThan(participations);
    // The ended sweepstake was drawn: its wins wait for handling.
    expect(dashboard.todo_wins.count).toBeGreaterThan(0);
    const start = new Date(Date.now() - 150 * 24 * 3600_000).toISOString().slice(0, 10);
    const chart = (
      await t.app.inject({
        method: 'GET',
        url: `/api/merchants/${id}/stats?timerange=month&count=6&start=${start}`,
        headers: bearer(owner),
      })
    ).json();
    const charted = chart.participations.series[0].values.reduce(
      (a: number, b: number) => a + b,
      0,
    );
    expect(charted).toBe(participations);
    expect(chart.users_kids.all_kids.length).toBeGreaterThan(0);
  });
});
