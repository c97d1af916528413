/**
 * Server-side sessions of the built-in provider: one per sign-in, ended by
 * logout or by a change of the person's password or rights (endSessionsOf),
 * never renewed past its maximum age. Times come from this process's clock
 * (like the tokens' exp), so a session and its tokens end together.
 *
 * A change of password or rights and a sign-in meet at the user's row: the
 * change updates it (and so holds it) before it ends the sessions, and a
 * sign-in holds it shared (holdCredentials) while it starts its session or
 * issues its code, checking that the password it verified is still the
 * user's. Either the sign-in comes first and its session is ended by the
 * change, or it waits and finds the password changed.
 *
 * A session keeps the device it was started from (User-Agent and address,
 * deviceOf): the account's list of signed-in devices shows them, and the
 * person can end a session there (endOwnSession, endSessionsOf with keep).
 */
import { and, desc, eq, getTableColumns, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { accounts, campaigns, merchants, oauthCodes, sessions, users } from '../db/schema.js';
import type { UserRow } from '../users/users.js';
import {
  accessOf,
  accountJoin,
  campaignAccessSelection,
  type CampaignAccessRow,
  type MerchantAccess,
} from '../access/merchant-access.js';
import type { Device } from './devices.js';

export interface LiveSession {
  id: string;
  expiresAt: Date;
}

/** Ended or expired sessions are kept a day (for support questions), then removed. */
const KEEP_AFTER_END_MS = 24 * 3_600_000;

/**
 * Holds the user's row against a change of password or rights until the
 * transaction ends (FOR SHARE: sign-ins do not wait for each other); false
 * when the user is gone or, with `passwordHash`, the password is no longer
 * the one a sign-in verified.
 */
export async function holdCredentials(
  tx: DbOrTx,
  userId: string,
  passwordHash?: string,
): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        passwordHash === undefined ? undefined : eq(users.passwordHash, passwordHash),
      ),
    )
    .for('share');
  return rows.length > 0;
}

/** How long a new session lasts, and the device it is started from. */
export interface SessionStart {
  maxAgeHours: number;
  device: Device;
}

/**
 * A new session, started from `device` (the request's that signs in); the
 * caller holds the user's credentials (holdCredentials) in its transaction.
 */
export async function insertSession(
  tx: DbOrTx,
  userId: string,
  { maxAgeHours, device }: SessionStart,
): Promise<LiveSession> {
  const now = Date.now();
  // Clearing old sessions here keeps the table small without a job.
  await tx.delete(sessions).where(lt(sessions.expiresAt, new Date(now - KEEP_AFTER_END_MS)));
  const [row] = await tx
    .insert(sessions)
    .values({
      userId,
      expiresAt: new Date(now + maxAgeHours * 3_600_000),
      userAgent: device.userAgent,
      address: device.address,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('insert returned no session');
  return row;
}

/**
 * The session of a sign-in with a password: started while the password is
 * still the one verified (its hash); undefined when it has changed since.
 */
export async function startSession(
  db: Db,
  user: { id: string; passwordHash: string },
  start: SessionStart,
): Promise<LiveSession | undefined> {
  return db.transaction(async (tx) =>
    (await holdCredentials(tx, user.id, user.passwordHash))
      ? insertSession(tx, user.id, start)
      : undefined,
  );
}

/**
 * Ends every live session of the user, but the one to `keep` (a person who
 * changes their own password stays signed in where they did it), and voids
 * the codes of sign-ins not yet redeemed: every token issued before stops
 * working at once, and none is renewed. Whatever sets a password or changes
 * a person's rights calls it in its own transaction, after it has updated
 * the user's row (the order of locks that sign-ins take too). Answers how
 * many sessions it ended.
 */
export async function endSessionsOf(
  tx: DbOrTx,
  userId: string,
  keep?: { sid: string },
): Promise<number> {
  await tx
    .update(oauthCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthCodes.userId, userId),
        isNull(oauthCodes.usedAt),
        gt(oauthCodes.expiresAt, sql`now()`),
      ),
    );
  const ended = await tx
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, new Date()),
        keep ? ne(sessions.id, keep.sid) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends one live session of the user (signed out from the list of devices);
 * false when the user has no such live session (another person's is never
 * ended). Tokens of the session stop working at once.
 */
export async function endOwnSession(tx: DbOrTx, userId: string, sid: string): Promise<boolean> {
  const ended = await tx
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(sessions.id, sid),
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** The user's live sessions with their devices, newest sign-in first. */
export async function liveSessionsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      renewedAt: sessions.renewedAt,
      userAgent: sessions.userAgent,
      address: sessions.address,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** The session `sid` of `userId`, not ended and not expired at `now` (placeholders of a prepared query). */
const liveSession = () =>
  and(
    eq(sessions.id, sql.placeholder('sid')),
    eq(sessions.userId, sql.placeholder('userId')),
    isNull(sessions.endedAt),
    gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
  );

/**
 * The user of a live session, in one prepared statement: every API request
 * asks this (it replaces the user lookup the request needs anyway).
 */
export async function findSessionUser(
  db: DbOrTx,
  session: { sid: string; userId: string },
): Promise<UserRow | undefined> {
  const query = prepared(db, 'session-user', (name) =>
    db
      .select(getTableColumns(users))
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(liveSession())
      .prepare(name),
  );
  const [row] = await query.execute({ ...session, now: new Date().toISOString() });
  return row;
}

/**
 * The user of a live session and their access to a merchant (the access
 * resolver's rule, accessOf), in one statement: a merchant-scoped request
 * (the dashboard, say) makes one round trip for both checks instead of two.
 * Undefined when the session is not live; `access` undefined when the user
 * may not act for the merchant or it does not exist.
 */
export async function findSessionUserWithMerchantAccess(
  db: DbOrTx,
  session: { sid: string; userId: string; merchantId: string },
): Promise<{ user: UserRow; access: MerchantAccess | undefined } | undefined> {
  const query = prepared(db, 'session-user-merchant-access', (name) =>
    db
      .select({ user: getTableColumns(users), merchant: merchants, roles: accounts.roles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(merchants, eq(merchants.id, sql.placeholder('merchantId')))
      .leftJoin(accounts, accountJoin)
      .where(liveSession())
      .prepare(name),
  );
  const [row] = await query.execute({ ...session, now: new Date().toISOString() });
  if (!row) return undefined;
  return {
    user: row.user,
    access: row.merchant ? accessOf(row.user, row.merchant, row.roles) : undefined,
  };
}

/**
 * The user of a live session and what their access to a campaign is read
 * from (campaignAccessSelection; the access resolver's campaignAccessOf
 * decides), in one statement: a campaign's open and save make one round trip
 * for both checks. Undefined when the session is not live; `found` without a
 * campaign when there is no such campaign.
 */
export async function findSessionUserWithCampaignAccess(
  db: DbOrTx,
  session: { sid: string; userId: string; campaignId: string },
): Promise<{ user: UserRow; found: CampaignAccessRow } | undefined> {
  const query = prepared(db, 'session-user-campaign-access', (name) =>
    db
      .select({ user: getTableColumns(users), ...campaignAccessSelection })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(campaigns, eq(campaigns.id, sql.placeholder('campaignId')))
      .leftJoin(merchants, eq(merchants.id, campaigns.merchantId))
      .leftJoin(accounts, accountJoin)
      .where(liveSession())
      .prepare(name),
  );
  const [row] = await query.execute({ ...session, now: new Date().toISOString() });
  if (!row) return undefined;
  const { user, ...found } = row;
  return { user, found };
}

/** Marks a renewal of a live session; undefined when it has ended or is past its maximum age. */
export async function renewSession(db: DbOrTx, sid: string): Promise<LiveSession | undefined> {
  const now = new Date();
  const [row] = await db
    .update(sessions)
    .set({ renewedAt: now })
    .where(and(eq(sessions.id, sid), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return row;
}

/** Logout: the session and every token issued within it stop working. */
export async function endSession(db: DbOrTx, sid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.id, sid), isNull(sessions.endedAt)));
}
