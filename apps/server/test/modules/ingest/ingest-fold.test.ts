/**
 * The statistics fold under concurrency: batches append their additions,
 * folds move them into the rollups and counters. Whatever runs at once
 * (batches, the folds of several processes), every counter and rollup
 * equals what the raw events say, and additions that a stopped process left
 * unfolded are counted by the next fold. On PostgreSQL too (TEST_DATABASE_URL),
 * where statements of concurrent transactions really interleave.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import { campaigns } from '../../../src/platform/db/schema.js';
import { foldPending, foldStatistics } from '../../../src/modules/ingest/fold.js';
import { createApiKey, createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let apiKey = '';
const ids = { sonnenschein: '', silberblick: '' };

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  const basic = await createMerchantWithOwner(t.ctx.db);
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  await t.signInAs({ owner: basic.owner, silver: silver.owner });
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
  apiKey = (await createApiKey(t.ctx.db, { name: 'fold test' })).secret;
});
afterAll(async () => {
  await t.close();
});

/** A published campaign (only those take events), made active as the scheduler would. */
async function create(who: string, merchant: string): Promise<string> {
  const response = await t.api('POST', '/campaigns', who, { merchant, type: 'coupon/percent' });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json<TCampaignEnvelope>().campaign.uuid;
  await t.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, id));
  return id;
}

function send(events: object[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': apiKey },
    payload: { events },
  });
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.ctx.db, query);

/** Counters and rollups next to what the raw events of the campaigns say. */
async function countsOf(campaignIds: string[]) {
  const list = sql.join(
    campaignIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const raw = await rows<Record<string, number>>(sql`
    select campaign_id::text as campaign,
      count(*) filter (where type = 'participation')::int as participations,
      count(distinct participant_id) filter (where type = 'participation')::int as distinct_users,
      count(*) filter (where type = 'view_list')::int as view_list,
      count(*) filter (where type = 'view_detail')::int as view_detail
    from participation_events where campaign_id in (${list}) group by 1 order by 1`);
  const counters = await rows<Record<string, number>>(sql`
    select campaign_id::text as campaign, participations, distinct_users, view_list, view_detail
    from campaign_counters where campaign_id in (${list}) order by 1`);
  const rawDays = await rows<Record<string, number>>(sql`
    select campaign_id::text as campaign, (occurred_at at time zone 'Europe/Berlin')::date::text as day,
      count(*) filter (where type = 'participation')::int as participations,
      count(*) filter (where type = 'view_list')::int as view_list
    from participation_events where campaign_id in (${list}) group by 1, 2 order by 1, 2`);
  const rollupDays = await rows<Record<string, number>>(sql`
    select campaign_id::text as campaign, day::text as day, participations, view_list
    from campaign_daily_stats where campaign_id in (${list}) order by 1, 2`);
  return { raw, counters, rawDays, rollupDays };
}

describe('statistics fold', () => {
  it('keeps counters and rollups equal to the raw events with concurrent batches and folds', async () => {
    const campaignIds = [
      await create('owner', ids.sonnenschein),
      await create('owner', ids.sonnenschein),
      await create('silver', ids.silberblick),
    ];
    const now = Date.now();
    // 12 batches of 60 events over 3 campaigns and 5 days; the same 40 people take part again and again.
    const batches = Array.from({ length: 12 }, (_, batch) =>
      Array.from({ length: 60 }, (_, i) => ({
        id: randomUUID(),
        type: i % 3 === 0 ? 'view_list' : i % 5 === 0 ? 'view_detail' : 'participation',
        campaign: campaignIds[(batch + i) % campaignIds.length],
        participant: `fold-${(batch * 7 + i) % 40}`,
        occurred_at: new Date(now - ((batch + i) % 5) * 86_400_000 - i * 1000).toISOString(),
        profile: { gender: i % 2 === 0 ? 'female' : 'male', kids: [] },
      })),
    );
    // Folds of "other processes" run at the same time, outside this process's coalescing.
    const [answers] = await Promise.all([
      Promise.all(batches.map((batch) => send(batch))),
      Promise.all(Array.from({ length: 6 }, () => foldStatistics(t.ctx.db))),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ accepted: 60, duplicates: 0, rejected: [] });
    }
    await foldPending(t.ctx.db);
    const counts = await countsOf(campaignIds);
    expect(counts.raw).toHaveLength(3);
    expect(counts.counters).toEqual(counts.raw);
    expect(counts.rollupDays).toEqual(counts.rawDays);
    const [pending] = await rows<{ n: number }>(
      sql`select (select count(*) from stat_deltas) + (select count(*) from kid_stat_deltas) as n`,
    );
    expect(Number(pending?.n)).toBe(0);
    // Each campaign's new participants are counted once in the kid statistics too.
    const [kids] = await rows<{ persons: number; firsts: number }>(sql`
      select (select sum(count) from campaign_daily_kid_stats where kind = 'person'
                and campaign_id in (${sql.join(
                  campaignIds.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )}))::int as persons,
             ${counts.raw.reduce((sum, row) => sum + Number(row.distinct_users), 0)}::int as firsts`);
    expect(kids?.persons).toBe(kids?.firsts);
    // The merchants' new participants without tips per day: each participant
    // on the day of their earliest campaign participation, though batches
    // told of earlier days after later ones.
    const merchants = sql`${ids.sonnenschein}::uuid, ${ids.silberblick}::uuid`;
    const withoutTips = await rows(sql`
      select merchant_id::text as merchant, day::text as day, new_participants_without_tips as n
      from merchant_daily_stats
      where merchant_id in (${merchants}) and new_participants_without_tips <> 0 order by 1, 2`);
    const firstDays = await rows(sql`
      select merchant, day, count(*)::int as n from (
        select c.merchant_id::text as merchant,
          ((min(p.first_at) at time zone 'Europe/Berlin')::date)::text as day
        from campaign_participants p join campaigns c on c.id = p.campaign_id
        where c.merchant_id in (${merchants}) and c.type not like 'tip/%'
        group by c.merchant_id, p.participant_id) firsts
      group by 1, 2 order by 1, 2`);
    expect(firstDays.length).toBeGreaterThan(1);
    expect(withoutTips).toEqual(firstDays);
  });

  it('counts additions a stopped process left unfolded with the next fold', async () => {
    const campaign = await create('silver', ids.silberblick);
    const other = await create('silver', ids.silberblick);
    const day = new Date().toISOString().slice(0, 10);
    // What a process that stopped between its commit and its fold leaves behind.
    await t.ctx.db.execute(sql`
      insert into stat_deltas (campaign_id, merchant_id, day, participations, first_participations, view_list, view_detail, view_mail, new_participants)
      values (${campaign}, ${ids.silberblick}, ${day}, 5, 2, 3, 0, 0, 1)`);
    const before = (await t.api('GET', `/campaigns/${campaign}`, 'silver')).json().campaign;
    expect(before).toMatchObject({ participations: 0, distinct_users: 0 });

    // Another batch, for another campaign: the fold after it counts what was pending too.
    const answer = await send([
      {
        id: randomUUID(),
        type: 'view_mail',
        campaign: other,
        participant: 'someone',
        occurred_at: new Date().toISOString(),
      },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    await foldPending(t.ctx.db);
    const after = (await t.api('GET', `/campaigns/${campaign}`, 'silver')).json().campaign;
    expect(after).toMatchObject({ participations: 5, distinct_users: 2, view_list: 3 });
    expect((await t.api('GET', `/campaigns/${other}`, 'silver')).json().campaign).toMatchObject({
      view_mail: 1,
    });
  });
});

describe('deleting a campaign while people take part', () => {
  const participation = (campaign: string) => ({
    id: randomUUID(),
    type: 'participation',
    campaign,
    participant: `p-${randomUUID()}`,
    occurred_at: new Date().toISOString(),
  });

  it('refuses the deletion once someone took part, before the fold has counted it', async () => {
    const campaign = await create('owner', ids.sonnenschein);
    const sent = await send([participation(campaign)]);
    expect(sent.json()).toMatchObject({ accepted: 1, rejected: [] });
    const refused = await t.api('DELETE', `/campaigns/${campaign}`, 'owner');
    expect(refused.json()).toEqual({ status: 'active', reason: 'has_participations' });
  });

  it('refuses events for a deleted campaign', async () => {
    const campaign = await create('owner', ids.sonnenschein);
    expect((await t.api('DELETE', `/campaigns/${campaign}`, 'owner')).json()).toEqual({
      status: 'deleted',
      reason: null,
    });
    const sent = await send([participation(campaign)]);
    expect(sent.json()).toMatchObject({
      accepted: 0,
      rejected: [{ index: 0, message: 'campaign_deleted', field: 'campaign' }],
    });
  });

  it('ends either deleted without participants or kept with them when both come at once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const campaign = await create('owner', ids.sonnenschein);
      const [sent, deleted] = await Promise.all([
        send([participation(campaign)]),
        t.api('DELETE', `/campaigns/${campaign}`, 'owner'),
      ]);
      const [took] = await rows<{ n: number }>(
        sql`select count(*)::int as n from campaign_participants where campaign_id = ${campaign}::uuid`,
      );
      if (deleted.json().status === 'deleted') {
        expect(sent.json(), `round ${String(round)}`).toMatchObject({
          accepted: 0,
          rejected: [{ message: 'campaign_deleted' }],
        });
        expect(took?.n).toBe(0);
      } else {
        expect(deleted.json(), `round ${String(round)}`).toEqual({
          status: 'active',
          reason: 'has_participations',
        });
        expect(sent.json()).toMatchObject({ accepted: 1 });
        expect(took?.n).toBe(1);
      }
    }
  });
});
