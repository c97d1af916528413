/**
 * The load generator (`npm run seed -- --merchants … --participations …`)
 * leaves data as ingest would: counters, first participations and both
 * rollups agree with the raw events.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/platform/db/client.js';
import { generateLoad } from '../src/ops/seed/generate.js';
import { generateParticipations } from '../src/ops/seed/generate-participations.js';
import { openTestDatabase } from './helpers.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await generateLoad(database.db, { merchants: 5, campaignsPerMerchant: 20, password: 'load' });
  await generateParticipations(database.db, { participations: 3000, timeZone: 'Europe/Berlin' });
});
afterAll(async () => {
  await database.close();
});

const one = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await queryRows<Record<string, unknown>>(database.db, query))[0] ?? {})[0]);

describe('load generator', () => {
  it('generates about the participations asked for, consistently with the raw events', async () => {
    const raw = await one(
      sql`select count(*) from participation_events where type = 'participation'`,
    );
    expect(raw).toBeGreaterThan(1500);
    expect(raw).toBeLessThan(6000);
    expect(await one(sql`select sum(participations) from campaign_counters`)).toBe(raw);
    expect(await one(sql`select sum(participations) from campaign_daily_stats`)).toBe(raw);
    expect(await one(sql`select sum(participations) from merchant_daily_stats`)).toBe(raw);
    const distinct = await one(
      sql`select count(*) from (select distinct campaign_id, participant_id from participation_events where type = 'participation') d`,
    );
    expect(await one(sql`select sum(distinct_users) from campaign_counters`)).toBe(distinct);
    expect(await one(sql`select sum(first_participations) from campaign_daily_stats`)).toBe(
      distinct,
    );
    expect(await one(sql`select sum(new_participants) from merchant_daily_stats`)).toBe(
      await one(sql`select count(*) from merchant_participants`),
    );
    expect(await one(sql`select sum(view_list) from campaign_counters`)).toBe(
      await one(sql`select count(*) from participation_events where type = 'view_list'`),
    );
    // Kid statistics: one person row per new participant, one kid row per kid of theirs.
    expect(
      await one(sql`select sum(count) from campaign_daily_kid_stats where kind = 'person'`),
    ).toBe(distinct);
    expect(
      await one(sql`select sum(count) from merchant_daily_kid_stats where kind = 'person'`),
    ).toBe(await one(sql`select count(*) from merchant_participants`));
    expect(await one(sql`select sum(count) from merchant_daily_kid_stats where kind = 'kid'`)).toBe(
      await one(
        sql`select coalesce(sum(jsonb_array_length(p.kids)), 0) from merchant_participants m join participants p on p.id = m.participant_id`,
      ),
    );
  });
});
