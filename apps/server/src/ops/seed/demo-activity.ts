/**
 * Demo activity for `npm start`: the demo merchants dressed as businesses
 * (logo, profile, internal name) and campaigns of every type and status for
 * three of them, with their pictures and a status history made by their own
 * demo users and the admin who reviewed them, and months of participations
 * and views sent through the real ingest service (so counters and rollups
 * are what the product would have), then the draws of ended sweepstakes.
 * Created once; reproducible (a seeded pseudo-random sequence, not for
 * anything secret).
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  CAMPAIGN_STEPS,
  dayIn,
  emptyCampaignContent,
  wallClockIn,
  normalisePhone,
  type CampaignStatus,
  type ParticipantGender,
  type TCampaignContent,
  type TContact,
} from '@backoffice/domain';
import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs/definition.js';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  campaigns,
  campaignStatusHistory,
  merchants,
  systemSettings,
  users,
} from '../../platform/db/schema.js';
import { newImageKey } from '../../platform/files/storage.js';
import { validationColumns } from '../../modules/campaigns/index.js';
import { runDueDraws } from '../../modules/draws/index.js';
import { foldPending, ingestEvents, stopFolding } from '../../modules/ingest/index.js';
import { DEMO_MERCHANTS, DEMO_USERS } from './demo-data.js';
import {
  campaignPictureSvg,
  merchantLogoSvg,
  pictureTextSizes,
  renderJpeg,
} from './demo-pictures.js';
import { BUSINESSES } from './demo-businesses.js';
import { MERCHANTS_WITH_CAMPAIGNS, planCampaigns, type PlannedCampaign } from './demo-plan.js';

const SEEDED_KEY = 'demo_activity_seeded_at';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** People each merchant with campaigns has in the consumer app. */
const PEOPLE_PER_MERCHANT = 320;
/** The oldest age of a kid in the demo profiles (kid statistics count kids up to 14). */
const OLDEST_KID = 14;

/** mulberry32: a small seeded generator, so that the demo looks the same every time. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = ReturnType<typeof generator>;

/** The wizard's fields of a planned campaign: texts, runtime, offer or prizes. */
export function contentFor(planned: PlannedCampaign): TCampaignContent {
  const { theme, runtime, type } = planned;
  const content = emptyCampaignContent();
  content.title = { de: theme.title };
  content.short_description = { de: theme.shortDescription };
  content.description = { de: `<p>${theme.description}</p>` };
  content.valid_from = runtime.from.toISOString();
  content.valid_until = runtime.until.toISOString();
  if (type.startsWith('tip/')) content.tags = theme.tags ?? ['mode'];
  if (theme.prizes) {
    content.prizes = theme.prizes.map((prize) => ({
      count: prize.count,
      value: prize.value,
      name: prize.name,
      short_description: '',
      win_needs_response: prize.pickup,
      winner_instructions: prize.pickup
        ? 'Bitte holen Sie Ihren Gewinn innerhalb von vier Wochen in der Filiale ab.'
        : '',
      redemption: prize.pickup ? 'store_pickup' : 'download',
    }));
  }
  const benefit = theme.benefit ?? {};
  switch (type) {
    case 'coupon/percent':
      content.benefit.percent_discount = benefit.percent ?? 10;
      break;
    case 'coupon/absolute':
      content.benefit.abs_discount = benefit.abs ?? 100;
      content.benefit.original_value = benefit.original ?? null;
      break;
    case 'coupon/free':
      content.benefit.original_value = benefit.original ?? null;
      break;
    case 'coupon/m_for_n':
      content.benefit.get_m = benefit.getM ?? 3;
      content.benefit.pay_n = benefit.payN ?? 2;
      break;
    case 'coupon/offer':
    case 'tip/offer':
      content.benefit.original_value = benefit.original ?? null;
      content.benefit.discounted_value = benefit.discounted ?? null;
      break;
    default:
      break;
  }
  if (type.startsWith('coupon/')) content.coupon.redemption = 'offline';
  return content;
}

interface HistoryEntry {
  from: CampaignStatus | null;
  to: CampaignStatus;
  userId: string | null;
  reason: string | null;
  at: Date;
}

/**
 * An instant moved into office hours (8 to 19 o'clock in the time zone) on
 * its day, minutes kept: people make, edit and review campaigns at work.
 */
function officeHours(ms: number, timeZone: string): number {
  const hour = Number(wallClockIn(new Date(ms), timeZone).slice(11, 13));
  return hour >= 8 && hour < 19 ? ms : ms + (8 + (hour % 11) - hour) * HOUR;
}

/**
 * When the campaign was made, last edited by its merchant, and the status
 * changes that brought it where it is: made and submitted by the merchant's
 * user, taken into review and decided by the admin (in office hours, one
 * after the other), started and ended by the scheduler at its runtime's
 * edges. Every time lies before now.
 */
function timeline(
  planned: PlannedCampaign,
  now: Date,
  timeZone: string,
  people: { editorId: string | null; adminId: string | null },
  random: Random,
): { createdAt: Date; modifiedAt: Date; history: HistoryEntry[] } {
  const t = now.getTime();
  const from = planned.runtime.from.getTime();
  const { editorId, adminId } = people;
  // Each step some hours after the one before, in office hours, never after now.
  const after = (previous: number, hours: number) =>
    Math.min(
      t - 60_000,
      Math.max(previous + 600_000, officeHours(previous + hours * HOUR, timeZone)),
    );
  const created = officeHours(
    Math.min(from - 14 * DAY, t - 3 * DAY) - random() * 10 * DAY,
    timeZone,
  );
  const submitted = after(created, 12 + random() * 12);
  const reviewed = after(submitted, 2 + random() * 18);
  const decided = after(reviewed, 1 + random() * 5);
  const steps: [CampaignStatus, string | null, number, string | null][] = [
    ['created', editorId, created, null],
  ];
  const status = planned.status;
  if (status !== 'created') steps.push(['submitted', editorId, submitted, null]);
  if (status !== 'created' && status !== 'submitted')
    steps.push(['start_review', adminId, reviewed, null]);
  if (status === 'rejected') steps.push(['rejected', adminId, decided, planned.rejection ?? null]);
  if (status === 'approved' || status === 'active' || status === 'ended')
    steps.push(['approved', adminId, decided, null]);
  if (status === 'active' || status === 'ended') steps.push(['active', null, from, null]);
  if (status === 'ended') steps.push(['ended', null, planned.runtime.until.getTime(), null]);
  const history = steps.map(([to, userId, at, reason], index) => ({
    from: index === 0 ? null : (steps[index - 1]?.[0] ?? null),
    to,
    userId,
    reason,
    at: new Date(Math.min(at, t)),
  }));
  // A draft was touched again lately; anything else was last edited when it was submitted.
  const modified =
    status === 'created'
      ? after(created, Math.max(0, t - created) / HOUR - 12 - random() * 36)
      : submitted;
  return { createdAt: new Date(created), modifiedAt: new Date(modified), history };
}

interface Person {
  id: string;
  gender: ParticipantGender | null;
  birthYear: number | null;
  kids: { gender: ParticipantGender | null; birthYear: number }[];
}

/**
 * The people of a merchant's app audience: about half are parents of one to
 * three kids aged 0 to 14, spread over every age; parents are 22 to 40
 * years older than their oldest kid, the others 18 to 78.
 */
function people(prefix: string, year: number, random: Random): Person[] {
  return Array.from({ length: PEOPLE_PER_MERCHANT }, (_, index) => {
    const roll = random();
    const gender: ParticipantGender | null =
      roll < 0.05 ? null : roll < 0.08 ? 'diverse' : roll < 0.56 ? 'female' : 'male';
    const kids: Person['kids'] = [];
    if (random() < 0.55) {
      const count = random() < 0.45 ? 1 : random() < 0.75 ? 2 : 3;
      let age = Math.floor(random() * (OLDEST_KID + 1));
      for (let k = 0; k < count && age >= 0 && age <= OLDEST_KID; k += 1) {
        const kidRoll = random();
        kids.push({
          gender: kidRoll < 0.03 ? null : kidRoll < 0.52 ? 'female' : 'male',
          birthYear: year - age,
        });
        const gap = 1 + Math.floor(random() * 4);
        age = age + gap <= OLDEST_KID ? age + gap : age - gap - 1;
        if (kids.some((kid) => kid.birthYear === year - age)) break;
      }
    }
    const oldestKid = Math.max(-1, ...kids.map((kid) => year - kid.birthYear));
    const age =
      oldestKid >= 0
        ? oldestKid + 22 + Math.floor(random() * 19)
        : 18 + Math.floor(random() ** 1.3 * 61);
    return {
      id: `demo-${prefix}-${index}`,
      gender,
      // Some people leave their year of birth out.
      birthYear: random() < 0.06 ? null : year - age,
      kids,
    };
  });
}

/** The profile a person has on the day of an event: kids born later are not in it yet. */
function profileOn(person: Person, eventYear: number) {
  return {
    gender: person.gender,
    birth_year: person.birthYear,
    kids: person.kids
      .filter((kid) => kid.birthYear <= eventYear)
      .map((kid) => ({ gender: kid.gender, birth_year: kid.birthYear })),
  };
}

/** How many people take part on a day: more on weekends, at the start and in a sweepstake's last days. */
function dailyParticipations(
  planned: PlannedCampaign,
  day: number,
  days: number,
  weekday: number,
  random: Random,
): number {
  const base = planned.type.startsWith('sweepstake/')
    ? 7
    : planned.type.startsWith('tip/')
      ? 3
      : 4.5;
  const weekend = weekday === 0 || weekday === 6 ? 1.7 : 1;
  const launch = 1 + 1.2 * Math.exp(-day / 6);
  const finish = planned.type.includes('sweepstake') && days - day <= 3 ? 1.6 : 1;
  return Math.round(base * weekend * launch * finish * (0.6 + random() * 0.8));
}

/** Participations and views of a running or ended campaign, from its start until now. */
function eventsOf(
  planned: PlannedCampaign,
  campaignId: string,
  audience: Person[],
  now: Date,
  timeZone: string,
  random: Random,
): object[] {
  const start = planned.runtime.from.getTime();
  const end = Math.min(planned.runtime.until.getTime(), now.getTime());
  const days = Math.max(1, Math.ceil((end - start) / DAY));
  const events: object[] = [];
  for (let day = 0; day < days; day += 1) {
    const date = new Date(start + day * DAY);
    const count = dailyParticipations(planned, day, days, date.getUTCDay(), random);
    for (let i = 0; i < count; i += 1) {
      // Mostly between 7 and 22 o'clock, as people use their phones.
      const at = new Date(date.getTime() + (7 + random() ** 0.9 * 15) * HOUR);
      if (at.getTime() > end) continue;
      // Some people take part again and again; most once or twice.
      const person = audience[Math.floor(random() ** 1.6 * audience.length)];
      if (!person) continue;
      const occurred = at.toISOString();
      events.push({
        id: randomUUID(),
        type: 'participation',
        campaign: campaignId,
        participant: person.id,
        occurred_at: occurred,
        profile: profileOn(person, Number(dayIn(at, timeZone).slice(0, 4))),
      });
      for (const [type, share] of [
        ['view_list', 3.2],
        ['view_detail', 1.4],
        ['view_mail', 0.3],
      ] as const) {
        const views = Math.floor(share + random());
        for (let v = 0; v < views; v += 1) {
          events.push({ id: randomUUID(), type, campaign: campaignId, occurred_at: occurred });
        }
      }
    }
  }
  return events;
}

/** Logo, profile and internal name of every demo merchant. */
async function dressMerchants(ctx: AppContext, rows: { id: string; name: string }[]) {
  for (const merchant of DEMO_MERCHANTS) {
    const row = rows.find((candidate) => candidate.name === merchant.name);
    const business = BUSINESSES[merchant.key];
    if (!row || !business) continue;
    const imagePath = newImageKey('merchants', row.id, 'jpg');
    await ctx.files.put(imagePath, await renderJpeg(merchantLogoSvg(business.logo)));
    const telephone = normalisePhone(business.telephone);
    const contacts: TContact[] = business.withContact
      ? [
          { type: 'phone', value: telephone },
          { type: 'email', value: business.email },
        ]
      : [];
    await ctx.db
      .update(merchants)
      .set({
        internalName: business.internalName,
        description: business.description,
        telephone,
        email: business.email,
        website: business.website,
        contacts,
        imagePath,
      })
      .where(eq(merchants.id, row.id));
  }
}

async function insertCampaign(
  db: DbOrTx,
  values: typeof campaigns.$inferInsert,
  history: HistoryEntry[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(campaigns).values(values);
    await tx.insert(campaignStatusHistory).values(
      history.map((entry) => ({
        campaignId: values.id ?? '',
        fromStatus: entry.from,
        toStatus: entry.to,
        userId: entry.userId,
        reason: entry.reason,
        createdAt: entry.at,
      })),
    );
  });
}

/**
 * Creates the demo activity unless it exists. Returns true when it created it.
 * `jobs` are the application's jobs (background-jobs.ts), whose queues it prepares.
 */
export async function seedDemoActivity(
  ctx: AppContext,
  jobs: readonly JobDefinition[],
  now = new Date(),
): Promise<boolean> {
  const [seeded] = await ctx.db
    .select()
    .from(systemSettings)
    .where(eq(systemSettings.key, SEEDED_KEY));
  if (seeded) return false;
  const timeZone = ctx.config.web.timeZone;
  const year = Number(dayIn(now, timeZone).slice(0, 4));
  const random = generator(20_261_123);
  const merchantRows = await ctx.db
    .select({ id: merchants.id, name: merchants.name, brandName: merchants.brandName })
    .from(merchants)
    .where(
      inArray(
        merchants.name,
        DEMO_MERCHANTS.map((merchant) => merchant.name),
      ),
    );
  await dressMerchants(ctx, merchantRows);

  const userRows = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((user) => user.email),
      ),
    );
  const userId = (email: string) => userRows.find((row) => row.email === email)?.id ?? null;
  const adminId = userId('admin@example.com');

  const audiences = new Map<string, Person[]>();
  const running: { planned: PlannedCampaign; id: string; audience: Person[] }[] = [];
  for (const planned of planCampaigns(now, timeZone)) {
    const merchant = merchantRows.find((row) => row.brandName === planned.merchant);
    if (!merchant || !MERCHANTS_WITH_CAMPAIGNS.includes(planned.merchant)) continue;
    const id = randomUUID();
    const imagePath = newImageKey('campaigns', id, 'jpg');
    await ctx.files.put(
      imagePath,
      await renderJpeg(
        campaignPictureSvg(planned.picture, await pictureTextSizes(planned.picture)),
      ),
    );
    const columns = {
      type: planned.type,
      title: { de: planned.theme.title },
      content: contentFor(planned),
      validFrom: planned.runtime.from,
      validUntil: planned.runtime.until,
      imagePath,
    };
    const editorId = userId(planned.editor);
    const { createdAt, modifiedAt, history } = timeline(
      planned,
      now,
      timeZone,
      { editorId, adminId },
      random,
    );
    await insertCampaign(
      ctx.db,
      {
        ...columns,
        ...validationColumns(columns),
        id,
        merchantId: merchant.id,
        status: planned.status,
        imageExtension: 'jpg',
        stepsSaved: Object.fromEntries(CAMPAIGN_STEPS.map((step) => [step, true])),
        editorId,
        createdAt,
        modifiedAt,
      },
      history,
    );
    if (planned.status === 'active' || planned.status === 'ended') {
      let audience = audiences.get(merchant.id);
      if (!audience) {
        audience = people(merchant.id.slice(0, 8), year, random);
        audiences.set(merchant.id, audience);
      }
      running.push({ planned, id, audience });
    }
  }

  for (const { planned, id, audience } of running) {
    const events = eventsOf(planned, id, audience, now, timeZone, random);
    for (let start = 0; start < events.length; start += 500) {
      const { rejected } = await ingestEvents(ctx, events.slice(start, start + 500));
      // The demo keeps ingest's rules; a refused event is a mistake of the demo, not noise.
      if (rejected.length > 0) {
        throw new Error(`demo events refused by ingest: ${JSON.stringify(rejected.slice(0, 3))}`);
      }
    }
  }
  await foldPending(ctx.db);
  // Everything is counted: the fold each batch asked for would find the database closed.
  await stopFolding(ctx.db);
  // The draws mail the merchants about their winners: the job queue's tables must exist,
  // which at a first start they do not yet (the workers start after this).
  await ctx.jobs.prepare(jobs);
  await runDueDraws(
    {
      db: ctx.db,
      jobs: ctx.jobs,
      log: ctx.log,
      web: ctx.config.web,
      drawDelayMinutes: ctx.config.campaigns.drawDelayMinutes,
    },
    now,
  );
  await ctx.db.insert(systemSettings).values({ key: SEEDED_KEY, value: now.toISOString() });
  return true;
}
