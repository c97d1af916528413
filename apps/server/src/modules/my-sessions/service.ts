/**
 * The account's signed-in devices: its live sessions at the built-in
 * provider with the browser and address each was started from, ending one
 * of them, or all but the caller's own. Ending sessions is a security event
 * of the account (recorded and mailed in the same transaction).
 *
 * Users of an external provider have no sessions here (their tokens carry
 * no `sid`): their list is empty and says so (`managed: false`).
 */
import Bowser from 'bowser';
import type { TMySessionList, TSessionsEnded } from '@backoffice/domain';
import type { Db } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/users/users.js';
import { notFound } from '../../platform/errors.js';
import type { Device } from '../../platform/identity/devices.js';
import {
  recordSecurityEvent,
  type SecurityEventContext,
} from '../../platform/identity/security-events.js';
import { endOwnSession, endSessionsOf, liveSessionsOf } from '../../platform/identity/sessions.js';

/** The browser and system names of a User-Agent (as describeUserAgent reads them). */
function browserAndSystem(userAgent: string | null): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  // Bowser names an unknown browser '' (and an unknown system undefined).
  return { browser: parsed.browser.name || null, system: parsed.os.name || null };
}

/**
 * What the my-sessions module uses of the application (built in services.ts):
 * the database, and the outbox and configuration of the security mail.
 */
export interface MySessionDeps extends SecurityEventContext {
  db: Db;
}

/** The caller: the user and the session of the token (undefined for an external provider's token). */
export interface Caller {
  user: UserRow;
  sid: string | undefined;
}

export async function listMySessions(db: Db, caller: Caller): Promise<TMySessionList> {
  if (caller.sid === undefined) return { managed: false, sessions: [] };
  const rows = await liveSessionsOf(db, caller.user.id);
  return {
    managed: true,
    sessions: rows.map((row) => ({
      id: row.id,
      started: row.createdAt.toISOString(),
      last_used: row.renewedAt.toISOString(),
      ...browserAndSystem(row.userAgent),
      address: row.address,
      current: row.id === caller.sid,
    })),
  };
}

/**
 * Ends one of the caller's live sessions (the caller's own too, which is a
 * logout); 404 for a session that is not the caller's or no longer live.
 */
export async function endMySession(
  deps: MySessionDeps,
  caller: Caller,
  { sessionId, device }: { sessionId: string; device: Device },
): Promise<TSessionsEnded> {
  if (caller.sid === undefined) throw notFound();
  await deps.db.transaction(async (tx) => {
    if (!(await endOwnSession(tx, caller.user.id, sessionId))) throw notFound();
    await recordSecurityEvent(deps, tx, { userId: caller.user.id, kind: 'sessions_ended', device });
  });
  return { ended: 1 };
}

/** Ends every live session of the caller but the caller's own; mails only when one was ended. */
export async function endMyOtherSessions(
  deps: MySessionDeps,
  caller: Caller,
  device: Device,
): Promise<TSessionsEnded> {
  const { sid } = caller;
  if (sid === undefined) return { ended: 0 };
  const ended = await deps.db.transaction(async (tx) => {
    const count = await endSessionsOf(tx, caller.user.id, { sid });
    if (count > 0) {
      await recordSecurityEvent(deps, tx, {
        userId: caller.user.id,
        kind: 'sessions_ended',
        device,
      });
    }
    return count;
  });
  return { ended };
}

/** The my-sessions module's service, built once by the app. */
export function createMySessionService(deps: MySessionDeps) {
  return {
    list: (caller: Caller) => listMySessions(deps.db, caller),
    end: (caller: Caller, request: { sessionId: string; device: Device }) =>
      endMySession(deps, caller, request),
    endOthers: (caller: Caller, device: Device) => endMyOtherSessions(deps, caller, device),
  };
}

export type MySessionService = ReturnType<typeof createMySessionService>;
