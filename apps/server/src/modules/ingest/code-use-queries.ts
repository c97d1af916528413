/**
 * Data access of reported access-code uses: checking them against their
 * sets, codes and campaigns, and storing them.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import {
  accessCodeSetCampaigns,
  accessCodeSets,
  accessCodeUses,
  accessCodes,
} from '../../platform/db/schema.js';

/** A reported code use as the code-use statements read it (`ord`: its place in the batch). */
export interface CodeUseInput {
  ord: number;
  id: string;
  set_id: string;
  code: string;
  campaign_id: string;
  participant_id: string | null;
  used_at: string;
}

export interface CodeUseCheckRow {
  id: string;
  type: string | null;
  known_code: boolean;
  linked: boolean;
  in_validity: boolean;
  used_before: boolean;
}

/**
 * For each use: the set's type (null: no such set), and whether code, campaign
 * link, validity (from its start up to, not including, its end, as a campaign's
 * runtime) and an earlier receipt hold.
 */
export function codeUseChecks(tx: DbOrTx, uses: CodeUseInput[]): Promise<CodeUseCheckRow[]> {
  const batch = JSON.stringify(uses);
  const recordset = sql`jsonb_to_recordset(${batch}::jsonb)
    as e(id uuid, set_id uuid, code text, campaign_id uuid, participant_id text, used_at timestamptz)`;
  return queryRows<CodeUseCheckRow>(
    tx,
    sql`select e.id, s.type,
          exists (select 1 from ${accessCodes} c where c.set_id = e.set_id and c.code = e.code) as known_code,
          exists (select 1 from ${accessCodeSetCampaigns} l
                  where l.set_id = e.set_id and l.campaign_id = e.campaign_id) as linked,
          (s.valid_from is null or s.valid_from <= e.used_at)
            and (s.valid_until is null or e.used_at < s.valid_until) as in_validity,
          exists (select 1 from ${accessCodeUses} u where u.event_id = e.id) as used_before
        from ${recordset}
        left join ${accessCodeSets} s on s.id = e.set_id`,
  );
}

/**
 * Stores the uses; a unique code's second use (and a resent event) is left
 * out by the unique indexes. Returns the event ids stored now.
 */
export async function insertCodeUses(tx: DbOrTx, uses: CodeUseInput[]): Promise<string[]> {
  const inserted = await queryRows<{ event_id: string }>(
    tx,
    sql`insert into ${accessCodeUses}
          (event_id, set_id, code, unique_code, campaign_id, participant_id, used_at)
        select e.id, e.set_id, e.code, case when s.type = 'unique' then e.code end,
          e.campaign_id, e.participant_id, e.used_at
        from jsonb_to_recordset(${JSON.stringify(uses)}::jsonb)
          as e(ord int, id uuid, set_id uuid, code text, campaign_id uuid, participant_id text, used_at timestamptz)
        join ${accessCodeSets} s on s.id = e.set_id
        -- Every batch writes in the same order (no deadlocks); within one code, the batch's first use wins.
        order by e.set_id, e.code, e.ord
        on conflict do nothing
        returning event_id`,
  );
  return inserted.map((row) => row.event_id);
}

/** The event ids among `ids` that have a stored code use. */
export async function storedCodeUseEvents(tx: DbOrTx, ids: string[]): Promise<string[]> {
  const known = await queryRows<{ event_id: string }>(
    tx,
    sql`select event_id from ${accessCodeUses}
        where event_id in (select id from jsonb_to_recordset(${JSON.stringify(ids.map((id) => ({ id })))}::jsonb) as e(id uuid))`,
  );
  return known.map((row) => row.event_id);
}
