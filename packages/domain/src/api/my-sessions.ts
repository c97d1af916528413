/**
 * Contract of the account's signed-in devices ("Angemeldete Geräte"): the
 * live sessions of the built-in provider, each with the browser and address
 * it was started from, and the answers of ending one or all but the current.
 */
import { z } from 'zod';

/** One live session of the caller's account. */
export const ZMySession = z.object({
  id: z.string(),
  /** Sign-in (ISO date-time). */
  started: z.string(),
  /** The last token renewal within the session (the app renews at least hourly while open). */
  last_used: z.string(),
  /**
   * The browser and the operating system its User-Agent names ("Chrome",
   * "Linux"), as names, so that each language joins them in its own words;
   * null when the User-Agent names none.
   */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** The client address at sign-in. */
  address: z.string().nullable(),
  /** The session of the token that asks (this device). */
  current: z.boolean(),
});
export type TMySession = z.infer<typeof ZMySession>;

export const ZMySessionList = z.object({
  /**
   * False for a user of an external provider (OAUTH_JWKS_URL): their
   * sign-ins are that provider's, none is kept here, and the list is empty.
   */
  managed: z.boolean(),
  /** Newest sign-in first. */
  sessions: z.array(ZMySession),
});
export type TMySessionList = z.infer<typeof ZMySessionList>;

/** How many sessions a request ended. */
export const ZSessionsEnded = z.object({ ended: z.number().int() });
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;
