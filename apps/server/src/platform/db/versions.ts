/**
 * Saves that name the version they were made from (optimistic concurrency)
 * for the records edited in forms: merchants, locations and access-code
 * sets (campaigns keep theirs under the row lock of their own commands,
 * campaigns/lifecycle.ts). Each save counts the record's `version` up; a
 * save that names an older version than the stored one changes nothing and
 * is answered 409, so that two editors never overwrite each other unseen.
 * A caller that names no version saves as before.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The condition "the row is still at the version the save was made from" (none without one). */
export function atVersion(version: AnyPgColumn, expected: number | undefined): SQL | undefined {
  return expected === undefined ? undefined : eq(version, expected);
}

/** The next version, as the value of an update's `version`. */
export const nextVersion = (version: AnyPgColumn): SQL => sql`${version} + 1`;
