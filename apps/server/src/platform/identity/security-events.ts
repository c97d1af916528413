/**
 * Security events of an account (password reset or changed, two-factor
 * sign-in set up, turned off or reset by an admin, a recovery code used,
 * devices signed out): recorded in security_events and mailed to the
 * account through the outbox, both in the transaction of the change, so
 * that a committed change always tells its person and a rolled-back one
 * never does.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config/config.js';
import type { DbOrTx } from '../db/client.js';
import { securityEvents, users } from '../db/schema.js';
import { enqueueMail, type OutboxContext } from '../mail/outbox.js';
import { mailLanguage, securityEventMail, type SecurityEventKind } from '../mail/templates.js';
import { describeUserAgent, type Device } from './devices.js';

/** What recording a security event needs of the application's context (AppContext). */
export interface SecurityEventContext extends OutboxContext {
  config: Config;
}

export type { SecurityEventKind } from '../mail/templates.js';

/** "Chrome auf Linux" in the mail's language. */
const ON: Record<'de' | 'en', string> = { de: 'auf', en: 'on' };

/**
 * Records `kind` for the account `userId` and mails it to the account, on
 * `tx` (the change's transaction). `device` is the request's (deviceOf);
 * `actorUserId` who did it when not the account itself (an admin).
 */
export async function recordSecurityEvent(
  ctx: SecurityEventContext,
  tx: DbOrTx,
  event: {
    userId: string;
    kind: SecurityEventKind;
    device?: Device;
    actorUserId?: string;
  },
): Promise<void> {
  const [row] = await tx
    .insert(securityEvents)
    .values({
      userId: event.userId,
      kind: event.kind,
      actorUserId: event.actorUserId ?? null,
      address: event.device?.address ?? null,
      userAgent: event.device?.userAgent ?? null,
    })
    .returning({ at: securityEvents.createdAt });
  const [account] = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, event.userId));
  if (!row || !account) return;
  const actor =
    event.actorUserId && event.actorUserId !== event.userId
      ? (
          await tx.select({ email: users.email }).from(users).where(eq(users.id, event.actorUserId))
        )[0]?.email
      : undefined;
  const language = mailLanguage(account.locale);
  const { subject, text } = securityEventMail({
    kind: event.kind,
    email: account.email,
    at: row.at,
    address: event.device?.address,
    browser: describeUserAgent(event.device?.userAgent, ON[language]),
    actor,
    link: ctx.config.publicUrl,
    appName: ctx.config.web.appName,
    locale: ctx.config.web.locale,
    timeZone: ctx.config.web.timeZone,
    language,
  });
  await enqueueMail(ctx, tx, { to: [account.email], subject, text });
}
