/**
 * Security events (platform/identity/security-events.ts): each is recorded with the
 * device it came from and mailed to the account in its language, in the
 * transaction of the change — a rolled-back change records and mails
 * nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../src/platform/db/schema.js';
import { recordSecurityEvent } from '../src/platform/identity/security-events.js';
import { MAIL_QUEUE } from '../src/platform/mail/outbox.js';
import { createTestApp, decodeQuotedPrintable, mailsDuring, type TestApp } from './helpers.js';

let t: TestApp;
let germanId = '';
let englishId = '';
let adminId = '';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin', LOCALE: 'de-DE' });
  const made = await t.ctx.db
    .insert(users)
    .values([
      { email: 'sicher@example.com', locale: 'de' },
      { email: 'secure@example.com', locale: 'en' },
    ])
    .returning({ id: users.id });
  germanId = String(made[0]?.id);
  englishId = String(made[1]?.id);
  const [admin] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@example.com'));
  adminId = String(admin?.id);
});
afterAll(async () => {
  await t.close();
});

const mailsOf = async (action: () => Promise<unknown>) =>
  (
    await mailsDuring(t, async () => {
      await action();
      await t.ctx.jobs.drain([MAIL_QUEUE]);
    })
  ).map(decodeQuotedPrintable);

describe('security events', () => {
  it('are recorded with their device and mailed to the account in its language', async () => {
    const device = { userAgent: CHROME_ON_LINUX, address: '203.0.113.7' };
    const mails = await mailsOf(() =>
      t.ctx.db.transaction(async (tx) => {
        await recordSecurityEvent(t.ctx, tx, {
          userId: germanId,
          kind: 'password_changed',
          device,
        });
        await recordSecurityEvent(t.ctx, tx, {
          userId: englishId,
          kind: 'mfa_reset',
          device,
          actorUserId: adminId,
        });
      }),
    );
    const german = mails.find((mail) => mail.includes('To: sicher@example.com'));
    expect(german).toContain('Ihr Passwort wurde geändert');
    expect(german).toContain('von 203.0.113.7, Chrome auf Linux');
    expect(german).not.toContain('Veranlasst von');
    const english = mails.find((mail) => mail.includes('To: secure@example.com'));
    expect(english).toContain('Your two-factor sign-in was reset by an administrator');
    expect(english).toContain('from 203.0.113.7, Chrome on Linux');
    expect(english).toContain('Done by: admin@example.com');
    const rows = await t.ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, englishId));
    expect(rows).toMatchObject([
      {
        kind: 'mfa_reset',
        actorUserId: adminId,
        address: '203.0.113.7',
        userAgent: CHROME_ON_LINUX,
      },
    ]);
  });

  it('names no browser for a User-Agent it does not recognise', async () => {
    const mails = await mailsOf(() =>
      t.ctx.db.transaction((tx) =>
        recordSecurityEvent(t.ctx, tx, {
          userId: germanId,
          kind: 'sessions_ended',
          device: { userAgent: 'curl-like/0', address: '203.0.113.8' },
        }),
      ),
    );
    expect(mails[0]).toContain('(von 203.0.113.8, –)');
  });

  it('records and mails nothing when the change is rolled back', async () => {
    const mails = await mailsOf(() =>
      t.ctx.db
        .transaction(async (tx) => {
          await recordSecurityEvent(t.ctx, tx, { userId: germanId, kind: 'mfa_enabled' });
          throw new Error('the change fails');
        })
        .catch(() => undefined),
    );
    expect(mails).toEqual([]);
    const rows = await t.ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.kind, 'mfa_enabled'));
    expect(rows).toEqual([]);
  });
});
