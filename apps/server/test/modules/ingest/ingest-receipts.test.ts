/**
 * What an ingest event may be, and when it counts: the event id alone is the receipt (a resend with another
 * time is a duplicate), a duplicate changes nothing (not the profile either),
 * events are taken only for published campaigns, birth years after the event
 * or before the parent are refused, and a text the database cannot store
 * costs its own event only. Concurrent resends on PostgreSQL too
 * (TEST_DATABASE_URL), where batches really overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignStatus, TCampaignEnvelope, TIngestResponse } from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import { campaigns, participants } from '../../../src/platform/db/schema.js';
import { foldPending } from '../../../src/modules/ingest/fold.js';
import { applyRetention } from '../../../src/modules/ingest/privacy.js';
import { ingestDeps } from '../../../src/services.js';
import { generateLoad } from '../../../src/ops/seed/generate.js';
import { generateParticipations } from '../../../src/ops/seed/generate-participations.js';
import { createAdmin, createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';
import { statementsOf } from '../../fixtures/statements.js';

let t: TestApp;
let apiKey = '';
let merchant = '';

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  merchant = silver.merchant.id;
  await t.signInAs({ admin: await createAdmin(t.ctx.db), silver: silver.owner });
  apiKey = (await t.api('POST', '/admin/api-keys', 'admin', { name: 'receipts' })).json().secret;
});
afterAll(async () => {
  await t.close();
});

/** A campaign of the merchant in this status (set directly, as the review and the scheduler would). */
async function campaignIn(status: CampaignStatus): Promise<string> {
  const response = await t.api('POST', '/campaigns', 'silver', {
    merchant,
    type: 'coupon/percent',
  });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json<TCampaignEnvelope>().campaign.uuid;
  if (status !== 'created') {
    await t.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));
  }
  return id;
}

async function send(events: unknown[]): Promise<TIngestResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': apiKey },
    payload: { events },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const participation = (campaign: string, participant: string, at: Date, profile?: object) => ({
  id: randomUUID(),
  type: 'participation',
  campaign,
  participant,
  occurred_at: at.toISOString(),
  ...(profile ? { profile } : {}),
});

/** What the statistics say about a campaign: its counters and its daily rollup rows. */
async function countsOf(campaign: string) {
  await foldPending(t.ctx.db);
  const stored = (await t.api('GET', `/campaigns/${campaign}`, 'silver')).json().campaign;
  const days = await queryRows<{ day: string; participations: number }>(
    t.ctx.db,
    sql`select day::text as day, participations from campaign_daily_stats
        where campaign_id = ${campaign}::uuid order by day`,
  );
  const events = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`select count(*)::int as n from participation_events where campaign_id = ${campaign}::uuid`,
  );
  return {
    participations: stored.participations,
    distinct: stored.distinct_users,
    views: stored.view_list,
    days,
    events: events[0]?.n,
  };
}

const DAY = 24 * 3600_000;

describe('the event id alone is the receipt', () => {
  it('answers an event resent with another time as a duplicate and counts it once', async () => {
    const campaign = await campaignIn('active');
    const first = participation(campaign, 'zeit-1', new Date(Date.now() - 2 * DAY));
    const view = {
      id: randomUUID(),
      type: 'view_list',
      campaign,
      occurred_at: new Date(Date.now() - 2 * DAY).toISOString(),
    };
    expect(await send([first, view])).toMatchObject({ accepted: 2, duplicates: 0, rejected: [] });
    const before = await countsOf(campaign);
    expect(before).toMatchObject({ participations: 1, distinct: 1, views: 1, events: 2 });

    // The same ids, now with today's time (another day of the rollup), another participant too.
    const moved = [
      { ...first, occurred_at: new Date().toISOString(), participant: 'zeit-2' },
      { ...view, occurred_at: new Date().toISOString() },
    ];
    expect(await send(moved)).toEqual({ accepted: 0, duplicates: 2, rejected: [] });
    expect(await countsOf(campaign)).toEqual(before);
  });

  it('recognises an unchanged resend for as long as the event is kept, one with another time for EVENT_RECEIPT_DAYS', async () => {
    const campaign = await campaignIn('active');
    const event = participation(campaign, 'spaet-1', new Date(Date.now() - DAY));
    expect(await send([event])).toMatchObject({ accepted: 1, duplicates: 0 });
    const before = await countsOf(campaign);

    // Eight days on, the receipt has run out (the retention purges it).
    const purge = async (days: number) =>
      (await applyRetention(ingestDeps(t.ctx), new Date(Date.now() + days * DAY))).receipts;
    expect(await purge(8)).toBeGreaterThanOrEqual(1);
    // Sent again unchanged, it is still a duplicate: the stored event's key is its receipt.
    expect(await send([event])).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    expect(await countsOf(campaign)).toEqual(before);
    // That resend took a receipt again; once it has run out too, the id with
    // another time is a new event, as docs/api.md says.
    expect(await purge(16)).toBeGreaterThanOrEqual(1);
    const moved = { ...event, occurred_at: new Date().toISOString() };
    expect(await send([moved])).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect((await countsOf(campaign)).participations).toBe(before.participations + 1);
  });

  it('counts an event once when its resends race each other with other times', async () => {
    const campaign = await campaignIn('active');
    const events = Array.from({ length: 40 }, (_, i) =>
      participation(campaign, `race-${i % 10}`, new Date(Date.now() - i * 60_000)),
    );
    // Six senders at once, each with the same ids at its own times.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, sender) =>
        send(
          events.map((event) => ({
            ...event,
            occurred_at: new Date(Date.parse(event.occurred_at) - sender * 1000).toISOString(),
          })),
        ),
      ),
    );
    expect(answers.reduce((sum, answer) => sum + answer.accepted, 0)).toBe(40);
    expect(answers.reduce((sum, answer) => sum + answer.duplicates, 0)).toBe(5 * 40);
    expect(await countsOf(campaign)).toMatchObject({
      participations: 40,
      distinct: 10,
      events: 40,
    });
  });
});

describe('a duplicate changes nothing', () => {
  const profileOf = async (id: string) => {
    const [row] = await t.ctx.db
      .select({ gender: participants.gender, birthYear: participants.birthYear })
      .from(participants)
      .where(eq(participants.id, id));
    return row;
  };

  it('leaves the stored profile as it is when a duplicate brings another one', async () => {
    const campaign = await campaignIn('active');
    const event = participation(campaign, 'profil-1', new Date(), {
      gender: 'female',
      birth_year: 1990,
    });
    expect(await send([event])).toMatchObject({ accepted: 1 });
    expect(await profileOf('profil-1')).toEqual({ gender: 'female', birthYear: 1990 });
    const resent = { ...event, profile: { gender: 'male', birth_year: 1970 } };
    expect(await send([resent])).toEqual({ accepted: 0, duplicates: 1, rejected: [] });
    expect(await profileOf('profil-1')).toEqual({ gender: 'female', birthYear: 1990 });
    // Nor does a late, older event replace a newer profile.
    const older = participation(campaign, 'profil-1', new Date(Date.now() - DAY), {
      gender: 'diverse',
      birth_year: 1980,
    });
    expect(await send([older])).toMatchObject({ accepted: 1 });
    expect(await profileOf('profil-1')).toEqual({ gender: 'female', birthYear: 1990 });
  });

  it('stores nothing of a batch whose transaction fails, and all of it on the resend', async () => {
    const campaign = await campaignIn('active');
    const batch = [
      participation(campaign, 'profil-2', new Date(), { gender: 'male', birth_year: 1985 }),
    ];
    const db = t.ctx.db;
    const transaction = db.transaction.bind(db);
    // The batch's transaction fails at its commit (the database went away for a moment).
    db.transaction = ((work, config) => {
      db.transaction = transaction;
      return transaction(async (tx) => {
        await work(tx);
        throw new Error('connection lost');
      }, config);
    }) as typeof db.transaction;
    try {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/events',
        headers: { 'x-api-key': apiKey },
        payload: { events: batch },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      db.transaction = transaction;
    }
    expect(await profileOf('profil-2')).toBeUndefined();
    expect(await countsOf(campaign)).toMatchObject({ participations: 0, events: 0 });
    expect(await send(batch)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect(await profileOf('profil-2')).toEqual({ gender: 'male', birthYear: 1985 });
    expect(await countsOf(campaign)).toMatchObject({ participations: 1, distinct: 1, events: 1 });
  });
});

describe('events only for published campaigns', () => {
  it('refuses events for campaigns never published and takes them for approved, active and ended ones', async () => {
    const refused: CampaignStatus[] = ['created', 'submitted', 'start_review', 'rejected'];
    const taken: CampaignStatus[] = ['approved', 'active', 'ended'];
    const ids = new Map<CampaignStatus, string>();
    for (const status of [...refused, ...taken, 'deleted' as const]) {
      ids.set(status, await campaignIn(status));
    }
    const statuses = [...ids.keys()];
    const answer = await send(
      statuses.map((status) =>
        participation(ids.get(status) ?? '', `status-${status}`, new Date()),
      ),
    );
    expect(answer.accepted).toBe(taken.length);
    expect(answer.rejected).toEqual([
      ...refused.map((status) => ({
        index: statuses.indexOf(status),
        id: expect.any(String),
        message: 'campaign_not_published',
        field: 'campaign',
      })),
      {
        index: statuses.indexOf('deleted'),
        id: expect.any(String),
        message: 'campaign_deleted',
        field: 'campaign',
      },
    ]);
    const stored = await queryRows<{ campaign_id: string }>(
      t.ctx.db,
      sql`select campaign_id::text from campaign_participants
          where campaign_id in (${sql.join(
            [...ids.values()].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    expect(stored.map((row) => row.campaign_id).sort()).toEqual(
      taken.map((status) => ids.get(status)).sort(),
    );
  });

  it('lets a draft that events were sent for still be deleted', async () => {
    const draft = await campaignIn('created');
    const answer = await send([participation(draft, 'entwurf', new Date())]);
    expect(answer.rejected).toEqual([
      expect.objectContaining({ message: 'campaign_not_published' }),
    ]);
    const deleted = await t.api('DELETE', `/campaigns/${draft}`, 'silver');
    expect(deleted.json()).toEqual({ status: 'deleted', reason: null });
  });
});

describe('birth years', () => {
  it('refuses a participant or kid born after the event and a kid born before the parent', async () => {
    const campaign = await campaignIn('active');
    const now = new Date();
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(now),
    );
    const answer = await send([
      participation(campaign, 'jahr-1', now, { birth_year: year + 1 }),
      participation(campaign, 'jahr-2', now, {
        birth_year: 1980,
        kids: [{ birth_year: year - 3 }, { birth_year: 2100 }],
      }),
      participation(campaign, 'jahr-3', now, {
        birth_year: 1980,
        kids: [{ gender: 'female', birth_year: 1951 }],
      }),
      participation(campaign, 'jahr-4', now, {
        birth_year: 1980,
        kids: [{ gender: 'male', birth_year: year }],
      }),
    ]);
    expect(answer.accepted).toBe(1);
    expect(answer.rejected).toEqual([
      { index: 0, id: expect.any(String), message: 'invalid_value', field: 'profile.birth_year' },
      {
        index: 1,
        id: expect.any(String),
        message: 'invalid_value',
        field: 'profile.kids.1.birth_year',
      },
      {
        index: 2,
        id: expect.any(String),
        message: 'invalid_value',
        field: 'profile.kids.0.birth_year',
      },
    ]);
    await foldPending(t.ctx.db);
    const stats = (
      await t.api(
        'GET',
        `/merchants/${merchant}/stats?timerange=month&count=1&start=${now.toISOString().slice(0, 10)}&campaigns=${campaign}`,
        'silver',
      )
    ).json();
    expect(stats.users_kids.all_kids).toEqual([{ gender: 'male', age: 0, count: 1 }]);
  });
});

describe('a text the database cannot store (NUL byte)', () => {
  it('refuses only the event that holds it, and stores the others', async () => {
    const campaign = await campaignIn('active');
    const now = new Date();
    const answer = await send([
      participation(campaign, 'nul-1', now),
      { ...participation(campaign, 'nul-2', now), participant: 'nul\u00002' },
      {
        id: randomUUID(),
        type: 'code_used',
        campaign,
        participant: 'nul-3',
        occurred_at: now.toISOString(),
        access_code_set: randomUUID(),
        code: 'CODE\u0000',
      },
      { ...participation(campaign, 'nul-4', now), note: '\uD800' },
      participation(campaign, 'nul-5', now, { kids: [{ gender: 'female\u0000' }] }),
      participation(campaign, 'nul-6', now),
      'kein Ereignis\u0000',
    ]);
    expect(answer.accepted).toBe(2);
    expect(answer.rejected).toEqual([
      { index: 1, id: expect.any(String), message: 'invalid_value', field: 'participant' },
      { index: 2, id: expect.any(String), message: 'invalid_value', field: 'code' },
      { index: 3, id: expect.any(String), message: 'invalid_value', field: 'note' },
      {
        index: 4,
        id: expect.any(String),
        message: 'invalid_value',
        field: 'profile.kids.0.gender',
      },
      { index: 6, id: null, message: 'invalid_value' },
    ]);
    expect(await countsOf(campaign)).toMatchObject({ participations: 2, distinct: 2 });
  });

  it('still refuses a batch whose own fields hold one, and every other route’s body', async () => {
    const campaign = await campaignIn('active');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { 'x-api-key': apiKey },
      payload: { events: [participation(campaign, 'nul-7', new Date())], 'x\u0000': 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'invalid_value' });
    const tag = await t.api('POST', '/tags', 'admin', { name: 'tag\u0000' });
    expectProblem(tag, { status: 400, message: 'invalid_value', field: 'name' });
    const stored = await t.ctx.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(inArray(campaigns.id, [campaign]));
    expect(stored).toHaveLength(1);
    expect((await countsOf(campaign)).events).toBe(0);
  });
});

describe('events written outside ingest', () => {
  it('the load generator gives the events of the last EVENT_RECEIPT_DAYS their receipts', async () => {
    const database = await openTestDatabase();
    try {
      await generateLoad(database.db, { merchants: 2, campaignsPerMerchant: 5, password: 'load' });
      // One campaign started three days ago: its events are all of the last days.
      await database.db.execute(sql`
        update campaigns set status = 'active', valid_from = now() - interval '3 days',
          valid_until = now() + interval '10 days'
        where id = (select min(id::text)::uuid from campaigns)`);
      await generateParticipations(database.db, { participations: 300, timeZone: 'Europe/Berlin' });
      const [row] = await queryRows<{
        recent: number;
        receipted: number;
        older: number;
        olderReceipted: number;
      }>(
        database.db,
        sql`with e as (
              select occurred_at > now() - interval '7 days' as recent,
                     exists (select 1 from event_receipts r
                             where r.id = e.id and r.expires_at = e.occurred_at + interval '7 days') as receipted
              from participation_events e)
            select count(*) filter (where recent)::int as recent,
                   count(*) filter (where recent and receipted)::int as receipted,
                   count(*) filter (where not recent)::int as older,
                   count(*) filter (where not recent and receipted)::int as "olderReceipted"
            from e`,
      );
      expect(row?.recent).toBeGreaterThan(0);
      expect(row?.receipted).toBe(row?.recent);
      expect(row?.older).toBeGreaterThan(0);
      expect(row?.olderReceipted).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL !== undefined)('a batch’s statements', () => {
  it('checks the events in one read after the erasure lock and takes their receipts as it stores them', async () => {
    const campaign = await campaignIn('active');
    const at = new Date(Date.now() - DAY);
    const view = { id: randomUUID(), type: 'view_list', campaign, occurred_at: at.toISOString() };
    const batch = [participation(campaign, 'runde-1', at), participation(campaign, 'runde-2', at)];
    let answer: TIngestResponse | undefined;
    const sent = await statementsOf(t.ctx.db, async () => {
      answer = await send([...batch, view]);
    });
    expect(answer).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    const transaction = sent.slice(sent.indexOf('begin'), sent.lastIndexOf('commit') + 1);
    expect(transaction).toEqual([
      'begin',
      // the erasure lock, shared
      'select',
      // receipts, campaigns, wins and tombstones
      'with',
      // the receipts and the events
      'with',
      // first participations: in the campaign, with the merchant, without tips
      'insert',
      'insert',
      'insert',
      // the statistics' deltas
      'with',
      'commit',
    ]);
    // The same batch again: a duplicate each, nothing stored after the read.
    const again = await statementsOf(t.ctx.db, async () => {
      answer = await send([...batch, view]);
    });
    expect(answer).toMatchObject({ accepted: 0, duplicates: 3, rejected: [] });
    expect(again.slice(again.indexOf('begin'), again.lastIndexOf('commit') + 1)).toEqual([
      'begin',
      'select',
      'with',
      'commit',
    ]);
  });
});
