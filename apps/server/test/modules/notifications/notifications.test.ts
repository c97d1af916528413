/**
 * Notification settings per account: defaults by the contact role,
 * who may change whose settings, and that the events send mail (or not)
 * through the mailer as the settings say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings, TNotificationListResponse } from '@backoffice/domain';
import { campaignCounters, campaigns } from '../../../src/platform/db/schema.js';
import { notifyStatusChanges } from '../../../src/modules/campaigns/lifecycle.js';
import {
  notifyOpenWins,
  sendWeeklyStatistics,
} from '../../../src/modules/notifications/service.js';
import { createMerchantWithOwner, createPerson } from '../../factories/index.js';
import { createTestApp, decodeQuotedPrintable, mailsDuring, type TestApp } from '../../helpers.js';
import { campaignDeps, notificationDeps } from '../../../src/services.js';

let t: TestApp;
let sonnenschein = '';

const all = (on: boolean): NotificationSettings => ({
  campaign_approved: on,
  campaign_rejected: on,
  campaign_started: on,
  campaign_ended: on,
  open_wins: on,
  weekly_statistics: on,
});

const recipients = (mail: string) => /^To: (.*)$/m.exec(mail)?.[1] ?? '';

/** The open-wins mail of Bäckerei Sonnenschein, as a draw's transaction queues it. */
const openWins = (count: number) =>
  t.ctx.db.transaction((tx) =>
    notifyOpenWins(notificationDeps(t.ctx), tx, { merchantId: sonnenschein, openWins: count }),
  );

beforeAll(async () => {
  t = await createTestApp();
  const bakery = await createMerchantWithOwner(
    t.ctx.db,
    { name: 'Bäckerei Sonnenschein GmbH' },
    { email: 'owner@example.com' },
  );
  sonnenschein = bakery.merchant.id;
  const staff = await createPerson(t.ctx.db, {
    email: 'staff@example.com',
    memberships: [{ merchantId: sonnenschein, roles: ['manage-campaigns'] }],
  });
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  await t.signInAs({ owner: bakery.owner, staff, silver: silver.owner });
});
afterAll(async () => {
  await t.close();
});

describe('GET/POST /merchants/{id}/notifications', () => {
  it('shows managers every account: contacts get all mails by default, others none', async () => {
    const response = await t.api('GET', `/merchants/${sonnenschein}/notifications`, 'owner');
    expect(response.statusCode).toBe(200);
    const { rows } = response.json<TNotificationListResponse>();
    expect(rows.map((row) => [row.email, row.editable, row.settings])).toEqual([
      ['owner@example.com', true, all(true)],
      ['staff@example.com', true, all(false)],
    ]);
  });

  it('shows others only their own account, which they may change', async () => {
    const { rows } = (
      await t.api('GET', `/merchants/${sonnenschein}/notifications`, 'staff')
    ).json<TNotificationListResponse>();
    expect(rows.map((row) => row.email)).toEqual(['staff@example.com']);
    const own = rows[0];
    const saved = await t.api(
      'POST',
      `/merchants/${sonnenschein}/notifications/${own?.account_id}`,
      'staff',
      {
        settings: { ...all(false), campaign_approved: true },
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rows[0].settings.campaign_approved).toBe(true);
  });

  it('refuses changing someone else’s settings without manage-accounts, and other merchants', async () => {
    const { rows } = (
      await t.api('GET', `/merchants/${sonnenschein}/notifications`, 'owner')
    ).json<TNotificationListResponse>();
    const owner = rows.find((row) => row.email === 'owner@example.com');
    const refused = await t.api(
      'POST',
      `/merchants/${sonnenschein}/notifications/${owner?.account_id}`,
      'staff',
      {
        settings: all(false),
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.api('GET', `/merchants/${sonnenschein}/notifications`, 'silver')).statusCode,
    ).toBe(404);
    const incomplete = await t.api(
      'POST',
      `/merchants/${sonnenschein}/notifications/${owner?.account_id}`,
      'owner',
      {
        settings: { campaign_approved: true },
      },
    );
    expect(incomplete.statusCode).toBe(400);
  });
});

describe('mails follow the settings', () => {
  it('sends the approval mail to the accounts that chose it', async () => {
    const { rows } = (
      await t.api('GET', `/merchants/${sonnenschein}/notifications`, 'owner')
    ).json<TNotificationListResponse>();
    const owner = rows.find((row) => row.email === 'owner@example.com');
    await t.api('POST', `/merchants/${sonnenschein}/notifications/${owner?.account_id}`, 'owner', {
      settings: { ...all(true), campaign_approved: false },
    });
    const [campaign] = await t.ctx.db
      .insert(campaigns)
      .values({
        merchantId: sonnenschein,
        type: 'coupon/percent',
        status: 'approved',
        title: { de: 'Zehn Prozent' },
        content: {} as never,
      })
      .returning();
    if (!campaign) throw new Error('no campaign');
    const approved = await mailsDuring(t, () =>
      t.ctx.db.transaction((tx) =>
        notifyStatusChanges(campaignDeps(t.ctx), tx, [
          { campaign, from: 'start_review', reason: null },
        ]),
      ),
    );
    expect(approved.map(recipients)).toEqual(['staff@example.com']);
    const ended = await mailsDuring(t, () =>
      t.ctx.db.transaction((tx) =>
        notifyStatusChanges(campaignDeps(t.ctx), tx, [
          { campaign: { ...campaign, status: 'ended' }, from: 'active', reason: null },
        ]),
      ),
    );
    expect(ended.map(recipients)).toEqual(['owner@example.com']);
  });

  it('sends open wins and the weekly statistics (once a week)', async () => {
    const wins = await mailsDuring(t, () => openWins(3));
    expect(wins).toHaveLength(1);
    expect(recipients(String(wins[0]))).toBe('owner@example.com');
    const weekly = await mailsDuring(t, async () => {
      await sendWeeklyStatistics(notificationDeps(t.ctx));
      await t.ctx.jobs.drain(['mail']);
    });
    expect(weekly.some((mail) => recipients(mail) === 'owner@example.com')).toBe(true);
    expect(weekly.every((mail) => !recipients(mail).includes('staff@example.com'))).toBe(true);
    expect(await sendWeeklyStatistics(notificationDeps(t.ctx))).toBe(0);
    const nextWeek = new Date(Date.now() + 7 * 24 * 3600_000);
    const later = await mailsDuring(t, async () => {
      expect(await sendWeeklyStatistics(notificationDeps(t.ctx), nextWeek)).toBeGreaterThan(0);
      await t.ctx.jobs.drain(['mail']);
    });
    expect(later.map(recipients).sort()).toEqual(weekly.map(recipients).sort());
  });

  it('writes counts as German readers and the dashboard write them (12.345)', async () => {
    const created = await t.api('POST', '/campaigns', 'owner', {
      merchant: sonnenschein,
      type: 'coupon/percent',
    });
    expect(created.statusCode, created.body).toBe(200);
    // What the statistics fold leaves for a campaign with many participations.
    await t.ctx.db
      .insert(campaignCounters)
      .values({ campaignId: created.json().campaign.uuid, participations: 12_345 });
    // The week after the ones sent above.
    const inTwoWeeks = new Date(Date.now() + 14 * 24 * 3600_000);
    const weekly = (
      await mailsDuring(t, async () => {
        await sendWeeklyStatistics(notificationDeps(t.ctx), inTwoWeeks);
        await t.ctx.jobs.drain(['mail']);
      })
    ).map(decodeQuotedPrintable);
    const owners = weekly.find((mail) => recipients(mail) === 'owner@example.com');
    expect(owners).toMatch(/Teilnahmen insgesamt: \d{1,3}(\.\d{3})+\s/);
    const wins = (await mailsDuring(t, () => openWins(1_234))).map(decodeQuotedPrintable);
    expect(wins[0]).toContain('1.234');
    expect(wins[0]).not.toContain('1234');
  });
});
