/**
 * The demo activity of `npm start`: campaigns of every type and status with
 * months of participations, sent through the ingest service, so that a
 * newcomer's dashboard, list and chart show a living product whose numbers
 * agree with each other; and a demo that reads like a business: pictures that look like promotional pictures, kids of every age
 * from 0 to 14, seasonal campaigns in their season, campaigns made by the
 * merchants' own users, internal names filled.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_IMAGE_FORMAT,
  CAMPAIGN_TYPES,
  MERCHANT_IMAGE_FORMAT,
  wallClockIn,
  type CampaignStatus,
} from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import {
  campaigns,
  campaignStatusHistory,
  merchants,
  users,
} from '../../../src/platform/db/schema.js';
import { validationColumns } from '../../../src/modules/campaigns/index.js';
import { JOB_DEFINITIONS } from '../../../src/background-jobs.js';
import { seedDemoActivity } from '../../../src/ops/seed/demo-activity.js';
import { contentFor } from '../../../src/ops/seed/demo-campaign-content.js';
import { DEMO_MERCHANTS, DEMO_USERS } from '../../../src/ops/seed/demo-data.js';
import { wallTime } from '../../../src/ops/seed/demo-calendar.js';
import { planCampaigns } from '../../../src/ops/seed/demo-plan.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

const TIME_ZONE = 'Europe/Berlin';
const DAY = 24 * 3600_000;

let t: TestApp;
let filesDir = '';
let owner = '';
let seeded = false;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'files-'));
  // Seeded before the app is built, as at a server's first start: before its job queue runs.
  t = await createTestApp(
    { FILES_DIR: filesDir },
    {
      beforeStart: async (ctx) => (seeded = await seedDemoActivity(ctx, JOB_DEFINITIONS)),
      seed: 'demo',
    },
  );
  owner = await t.signInAndInit('owner@example.com');
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

/**
 * The months (1–12, in the product's time zone) a campaign whose title names
 * a season or a holiday may run in; titles that match none are evergreen.
 */
const SEASONS: [RegExp, number[]][] = [
  [/Oster/, [3, 4]],
  [/Fasching/, [1, 2, 3]],
  [/Advent|Weihnacht|Stollen|Lebkuchen|Geschenk/, [11, 12]],
  [/Sommer|Eiskaffee|Eisbecher|Erdbeer/, [5, 6, 7, 8, 9]],
  [/Herbst|Erntedank|Kürbis|Apfel/, [8, 9, 10, 11]],
  [/Winter|[Hh]eiße Schokolade/, [10, 11, 12, 1, 2, 3]],
  [/Frühling|Frühjahr|Rhabarber/, [2, 3, 4, 5]],
];
const monthOf = (date: Date) => Number(wallClockIn(date, TIME_ZONE).slice(5, 7));
const AHEAD: CampaignStatus[] = ['created', 'submitted', 'start_review', 'approved', 'rejected'];

/** What is wrong with a campaign's runtime on `now`: its status's place in time, its season. */
function runtimeProblems(
  title: string,
  status: CampaignStatus,
  from: Date,
  until: Date,
  now: Date,
): string[] {
  const problems: string[] = [];
  const at = now.getTime();
  if (status === 'active' && !(from.getTime() <= at && at <= until.getTime()))
    problems.push('runs but does not hold now');
  if (status === 'ended' && until.getTime() >= at) problems.push('ended but not over');
  if (AHEAD.includes(status) && from.getTime() <= at) problems.push('waits but has started');
  for (const [pattern, months] of SEASONS) {
    if (!pattern.test(title)) continue;
    if (!months.includes(monthOf(from)) || !months.includes(monthOf(until)))
      problems.push(`runs ${wallClockIn(from, TIME_ZONE)} to ${wallClockIn(until, TIME_ZONE)}`);
  }
  return problems.map((problem) => `${now.toISOString()} ${status} "${title}": ${problem}`);
}

describe('demo activity', () => {
  it('creates campaigns of every type and months of participations, once', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoActivity(t.ctx, JOB_DEFINITIONS)).toBe(false);
    const rows = await t.ctx.db.select().from(campaigns);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(CAMPAIGN_TYPES));
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['created', 'submitted', 'start_review', 'approved', 'active', 'ended', 'rejected']),
    );
    // Finished campaigns are complete: only campaigns in progress may show errors.
    for (const row of rows) expect(row.validationErrors, row.title.de).toEqual([]);
  });

  it('gives the demo owner a dashboard whose numbers agree with the campaign list', async () => {
    const id = await t.merchantId('Bäckerei Sonnenschein');
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
    // The chart from the month of the first campaign's start to this one counts them all.
    const rows = await t.ctx.db
      .select({ validFrom: campaigns.validFrom })
      .from(campaigns)
      .where(eq(campaigns.merchantId, id))
      .orderBy(asc(campaigns.validFrom));
    const first = rows[0]?.validFrom ?? new Date();
    const start = `${wallClockIn(first, TIME_ZONE).slice(0, 7)}-01`;
    const months = Math.ceil((Date.now() - first.getTime()) / (28 * DAY)) + 1;
    const chart = (
      await t.app.inject({
        method: 'GET',
        url: `/api/merchants/${id}/stats?timerange=month&count=${months}&start=${start}`,
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

  it('draws pictures of the right sizes that look like pictures: many colours, none alike', async () => {
    const campaignRows = await t.ctx.db
      .select({ title: campaigns.title, imagePath: campaigns.imagePath })
      .from(campaigns);
    const merchantRows = await t.ctx.db
      .select({ name: merchants.name, imagePath: merchants.imagePath })
      .from(merchants)
      .where(
        inArray(
          merchants.name,
          DEMO_MERCHANTS.map((merchant) => merchant.name),
        ),
      );
    const pictures = [
      ...campaignRows.map((row) => ({
        name: row.title.de ?? '',
        key: row.imagePath,
        format: CAMPAIGN_IMAGE_FORMAT,
      })),
      ...merchantRows.map((row) => ({
        name: row.name,
        key: row.imagePath,
        format: MERCHANT_IMAGE_FORMAT,
      })),
    ];
    expect(pictures).toHaveLength(campaignRows.length + DEMO_MERCHANTS.length);
    const thumbnails: { name: string; pixels: Buffer }[] = [];
    for (const picture of pictures) {
      const bytes = picture.key ? await t.ctx.files.get(picture.key) : undefined;
      expect(bytes, picture.name).toBeDefined();
      const image = sharp(bytes);
      const meta = await image.metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, picture.name).toEqual(
        { format: 'jpeg', ...picture.format },
      );
      // A flat colour has an entropy of 0 and one colour; a picture has many.
      const stats = await image.stats();
      expect(stats.entropy, picture.name).toBeGreaterThan(3);
      const { data } = await sharp(bytes).resize(64, 43, { fit: 'fill' }).raw().toBuffer({
        resolveWithObject: true,
      });
      const colours = new Set<number>();
      for (let i = 0; i + 2 < data.length; i += 3) {
        colours.add(
          ((data[i] ?? 0) >> 3) * 1024 + ((data[i + 1] ?? 0) >> 3) * 32 + ((data[i + 2] ?? 0) >> 3),
        );
      }
      expect(colours.size, picture.name).toBeGreaterThan(60);
      thumbnails.push({
        name: picture.name,
        pixels: await sharp(bytes).resize(24, 16, { fit: 'fill' }).raw().toBuffer(),
      });
    }
    // No two pictures alike: every pair differs clearly, on average per pixel and colour.
    for (const [i, a] of thumbnails.entries()) {
      for (const b of thumbnails.slice(i + 1)) {
        let difference = 0;
        for (let p = 0; p < a.pixels.length; p += 1)
          difference += Math.abs((a.pixels[p] ?? 0) - (b.pixels[p] ?? 0));
        expect(difference / a.pixels.length, `${a.name} / ${b.name}`).toBeGreaterThan(8);
      }
    }
  });

  it('spreads the kids over every age from 0 to 14, with parents old enough', async () => {
    const id = await t.merchantId('Bäckerei Sonnenschein');
    const start = new Date(Date.now() - 400 * DAY).toISOString().slice(0, 10);
    const chart = (
      await t.app.inject({
        method: 'GET',
        url: `/api/merchants/${id}/stats?timerange=month&count=15&start=${start}`,
        headers: bearer(owner),
      })
    ).json();
    const kids = chart.users_kids.all_kids as { age: number | null; count: number }[];
    const byAge = new Map<number, number>();
    for (const kid of kids) {
      if (kid.age !== null) byAge.set(kid.age, (byAge.get(kid.age) ?? 0) + kid.count);
    }
    const ages = [...byAge.keys()].sort((a, b) => a - b);
    expect(ages[0]).toBe(0);
    expect(ages.at(-1)).toBe(14);
    expect(ages).toHaveLength(15);
    const total = [...byAge.values()].reduce((a, b) => a + b, 0);
    for (const [age, count] of byAge) expect(count / total, `age ${age}`).toBeLessThan(0.2);

    // Every participant's kids were born at most 14 years before this year and
    // at least 18 years after their parent.
    const year = Number(wallClockIn(new Date(), TIME_ZONE).slice(0, 4));
    const rows = await queryRows<{
      birth_year: number | null;
      kids: { birth_year: number | null }[];
    }>(t.ctx.db, sql`select birth_year, kids from participants where id like 'demo-%'`);
    expect(rows.length).toBeGreaterThan(100);
    for (const person of rows) {
      for (const kid of person.kids) {
        expect(year - (kid.birth_year ?? year)).toBeLessThanOrEqual(14);
        expect(year - (kid.birth_year ?? year)).toBeGreaterThanOrEqual(0);
        if (person.birth_year !== null && kid.birth_year !== null)
          expect(kid.birth_year - person.birth_year).toBeGreaterThanOrEqual(18);
      }
    }
  });

  it('runs seasonal campaigns in their season', async () => {
    const rows = await t.ctx.db.select().from(campaigns);
    const now = new Date();
    const problems = rows.flatMap((row) =>
      row.validFrom && row.validUntil
        ? runtimeProblems(row.title.de ?? '', row.status, row.validFrom, row.validUntil, now)
        : [`"${row.title.de ?? ''}" has no runtime`],
    );
    expect(problems).toEqual([]);
    const seasonal = rows.filter((row) =>
      SEASONS.some(([pattern]) => pattern.test(row.title.de ?? '')),
    );
    expect(seasonal.length).toBeGreaterThanOrEqual(5);
  });

  it('places every campaign in its season and its status on every day of three years', () => {
    const problems: string[] = [];
    const themes = new Map<string, ReturnType<typeof planCampaigns>[number]>();
    for (const year of [2026, 2027, 2028]) {
      for (let day = 0; day < (year === 2028 ? 366 : 365); day += 1) {
        const date = new Date(Date.UTC(year, 0, 1) + day * DAY);
        const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        // Around the day's edges too, where one season hands over to the next.
        for (const [hour, minute] of [
          [0, 0],
          [12, 30],
          [23, 59],
        ] as const) {
          const now = new Date(wallTime(TIME_ZONE, [y, m, d], [hour, minute]).getTime() + 30_000);
          const plan = planCampaigns(now, TIME_ZONE);
          for (const planned of plan) {
            problems.push(
              ...runtimeProblems(
                planned.theme.title,
                planned.status,
                planned.runtime.from,
                planned.runtime.until,
                now,
              ),
            );
            themes.set(planned.theme.title, planned);
          }
          // No two pictures of one day alike: each has its own product or colours.
          const looks = plan.map(({ picture }) => `${picture.motif} ${picture.colours.from}`);
          if (new Set(looks).size < looks.length) problems.push(`${now.toISOString()}: alike`);
          const seasonal = plan.filter((planned) => planned.occasion !== undefined);
          if (seasonal.length < 6)
            problems.push(`${now.toISOString()}: ${seasonal.length} seasonal`);
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    // Every theme, whenever it is chosen, makes a complete campaign.
    expect(themes.size).toBeGreaterThan(30);
    for (const [title, planned] of themes) {
      const columns = {
        type: planned.type,
        title: { de: title },
        content: contentFor(planned),
        validFrom: planned.runtime.from,
        validUntil: planned.runtime.until,
        imagePath: 'campaigns/00000000-0000-0000-0000-000000000000/x.jpg',
      };
      expect(validationColumns(columns).validationErrors, title).toEqual([]);
    }
  });

  it('has its campaigns made by the merchants own users and reviewed by the admin', async () => {
    const rows = await t.ctx.db
      .select({
        id: campaigns.id,
        title: campaigns.title,
        status: campaigns.status,
        brand: merchants.brandName,
        editor: users.email,
        editorLevel: users.level,
        type: campaigns.type,
        createdAt: campaigns.createdAt,
        modifiedAt: campaigns.modifiedAt,
      })
      .from(campaigns)
      .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
      .leftJoin(users, eq(users.id, campaigns.editorId));
    const membersOf = (brand: string | null) => {
      const key = DEMO_MERCHANTS.find((merchant) => merchant.brandName === brand)?.key;
      return DEMO_USERS.filter((user) =>
        user.memberships.some((membership) => membership.merchant === key),
      ).map((user) => user.email);
    };
    const now = Date.now();
    for (const row of rows) {
      expect(membersOf(row.brand), row.title.de).toContain(row.editor);
      // Tips only agencies and admins may make (canUseTips): the agency made the tips.
      if (row.type.startsWith('tip/')) expect(row.editorLevel, row.title.de).toBe('agency');
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.modifiedAt.getTime());
      expect(row.modifiedAt.getTime()).toBeLessThanOrEqual(now);
    }
    // Not one editor for all: the bakery's owner and its staff both made some.
    expect(
      new Set(rows.filter((row) => row.brand === 'Bäckerei Sonnenschein').map((row) => row.editor)),
    ).toEqual(new Set(['owner@example.com', 'staff@example.com']));

    const rejected = rows.find((row) => row.status === 'rejected');
    const history = await t.ctx.db
      .select({
        from: campaignStatusHistory.fromStatus,
        to: campaignStatusHistory.toStatus,
        reason: campaignStatusHistory.reason,
        email: users.email,
        at: campaignStatusHistory.createdAt,
      })
      .from(campaignStatusHistory)
      .leftJoin(users, eq(users.id, campaignStatusHistory.userId))
      .where(eq(campaignStatusHistory.campaignId, rejected?.id ?? ''))
      .orderBy(asc(campaignStatusHistory.createdAt));
    expect(history.map(({ from, to, email }) => [from, to, email])).toEqual([
      [null, 'created', 'owner@example.com'],
      ['created', 'submitted', 'owner@example.com'],
      ['submitted', 'start_review', 'admin@example.com'],
      ['start_review', 'rejected', 'admin@example.com'],
    ]);
    expect(history.at(-1)?.reason).toMatch(/Brotbackkurs/);
    const reasons = await t.ctx.db
      .select({ reason: campaignStatusHistory.reason })
      .from(campaignStatusHistory);
    expect(reasons.map(({ reason }) => reason)).not.toContain('demo');
  });

  it('fills every demo merchant internal name, profile and logo', async () => {
    const rows = await t.ctx.db
      .select()
      .from(merchants)
      .where(
        inArray(
          merchants.name,
          DEMO_MERCHANTS.map((merchant) => merchant.name),
        ),
      );
    expect(rows).toHaveLength(DEMO_MERCHANTS.length);
    expect(new Set(rows.map((row) => row.internalName)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.internalName, row.name).toMatch(/^KD-\d{5} · /);
      expect(row.description, row.name).not.toBe('');
      expect(row.imagePath, row.name).toMatch(/^merchants\//);
      expect(row.website, row.name).toMatch(/^https:\/\/www\./);
    }
    // The merchant whose demo error is a missing contact has none.
    const huber = rows.find((row) => row.name === 'Getränke Huber OHG');
    expect(huber?.contacts).toEqual([]);
    expect(rows.filter((row) => row.contacts.length > 0)).toHaveLength(rows.length - 1);
  });
});
