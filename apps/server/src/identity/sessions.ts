/**
 * Server-side sessions of the built-in provider: one per sign-in, ended by
 * logout, never renewed past its maximum age. Times come from this process's
 * clock (like the tokens' exp), so a session and its tokens end together.
 */
import { and, eq, getTableColumns, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { sessions, users } from '../db/schema.js';
import type { UserRow } from '../access/users.js';

export interface LiveSession {
  id: string;
  expiresAt: Date;
}

/** Ended or expired sessions are kept a day (for support questions), then removed. */
const KEEP_AFTER_END_MS = 24 * 3_600_000;

export async function startSession(
  db: DbOrTx,
  userId: string,
  maxAgeHours: number,
): Promise<LiveSession> {
  const now = Date.now();
  // Clearing old sessions here keeps the table small without a job.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now - KEEP_AFTER_END_MS)));
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(now + maxAgeHours * 3_600_000) })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('insert returned no session');
  return row;
}

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
      .where(
        and(
          eq(sessions.id, sql.placeholder('sid')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.endedAt),
          gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ ...session, now: new Date().toISOString() });
  return row;
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
