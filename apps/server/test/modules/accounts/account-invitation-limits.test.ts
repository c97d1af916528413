/**
 * Limits of invitations: the expiry the invitation mail names, how many
 * invitations may be sent, and registration through an invitation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccount, TAccountListResponse } from '@backoffice/domain';
import { accountInvitations, users } from '../../../src/platform/db/schema.js';
import { insertSession } from '../../../src/platform/identity/sessions.js';
import { createAdmin, createMerchant, createMerchantWithOwner } from '../../factories/index.js';
import {
  createTestApp,
  decodeQuotedPrintable,
  mailsSince,
  outboxNames,
  type TestApp,
} from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

let t: TestApp;
const STRONG_PASSWORD = 'Kaffeetasse-Sonnenblume-47';
let wagner = '';

/** The registration token of an invitation mail. */
function invitationToken(mail: string | undefined): string {
  const token = /\/identity\/register\?token=([A-Za-z0-9_-]+)/.exec(
    decodeQuotedPrintable(String(mail)),
  )?.[1];
  if (!token) throw new Error('no registration link in the mail');
  return decodeURIComponent(token);
}

beforeAll(async () => {
  t = await createTestApp();
  wagner = (await createMerchant(t.ctx.db, { level: 1 })).id;
  await t.signInAs({ admin: await createAdmin(t.ctx.db) });
});
afterAll(async () => {
  await t.close();
});

describe('the invitation mail’s expiry', () => {
  // Another zone than the Berlin that is the default, so the configured one shows.
  const TIME_ZONE = 'America/New_York';
  let zoned: TestApp;
  let merchant = '';
  beforeAll(async () => {
    zoned = await createTestApp({ TIME_ZONE });
    const silver = await createMerchantWithOwner(zoned.ctx.db, { level: 1 });
    merchant = silver.merchant.id;
    await zoned.signInAs({ silver: silver.owner });
  });
  afterAll(async () => {
    await zoned.close();
  });

  it('is written as dd.MM.yyyy HH:mm in the configured time zone', async () => {
    const before = await outboxNames(zoned);
    const response = await zoned.api('POST', `/merchants/${merchant}/invite-account`, 'silver', {
      user_email: 'zeitzone.test@example.com',
      roles: ['manage-campaigns'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsSince(zoned, before);
    const text = decodeQuotedPrintable(String(mail)).replace(/\r?\n/g, ' ');
    const [row] = await zoned.ctx.db
      .select({ expiresAt: accountInvitations.expiresAt })
      .from(accountInvitations)
      .innerJoin(users, eq(users.id, accountInvitations.userId))
      .where(eq(users.email, 'zeitzone.test@example.com'));
    // The wall clock in New York, read from its parts (en-US: no locale's format is ours).
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: TIME_ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(row?.expiresAt ?? new Date(0))
        .map((part) => [part.type, part.value]),
    );
    const expected = `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
    expect(/gültig bis ([^)]*)\)/.exec(text)?.[1]).toBe(expected);
  });
});

describe('invitation limits', () => {
  let limited: TestApp;
  const ids = { silberblick: '', keller: '' };
  beforeAll(async () => {
    limited = await createTestApp();
    const silver = await createMerchantWithOwner(limited.ctx.db, { level: 1 });
    ids.silberblick = silver.merchant.id;
    // A merchant with a manager of its own: the invited account is never its last manager.
    ids.keller = (await createMerchantWithOwner(limited.ctx.db, { level: 2 })).merchant.id;
    await limited.signInAs({ silver: silver.owner, admin: await createAdmin(limited.ctx.db) });
  });
  afterAll(async () => {
    await limited.close();
  });
  const mailCount = async () => (await outboxNames(limited)).size;

  it('refuses the 21st invitation of a merchant within an hour and sends no mail for it', async () => {
    const merchant = ids.silberblick;
    const mailsBefore = await mailCount();
    for (let i = 1; i <= 20; i += 1) {
      const response = await limited.api(
        'POST',
        `/merchants/${merchant}/invite-account`,
        'silver',
        {
          user_email: `person${i}@example.com`,
        },
      );
      expect(response.statusCode, `${i}: ${response.body}`).toBe(200);
    }
    const refused = await limited.api('POST', `/merchants/${merchant}/invite-account`, 'silver', {
      user_email: 'person21@example.com',
    });
    expect(refused.statusCode).toBe(429);
    expectProblem(refused, { status: 429, message: 'invitation_limit_reached' });
    expect((await mailCount()) - mailsBefore).toBe(20);
    const list = await limited.api('GET', `/merchants/${merchant}/accounts`, 'silver');
    expect(
      list.json<TAccountListResponse>().rows.some((row) => row.email === 'person21@example.com'),
    ).toBe(false);
  });

  it('stops invite-remove-invite loops from mailing one person again and again', async () => {
    const merchant = ids.keller;
    const mailsBefore = await mailCount();
    const invite = () =>
      limited.api('POST', `/merchants/${merchant}/invite-account`, 'admin', {
        user_email: 'immer.wieder@example.com',
      });
    for (let round = 1; round <= 3; round += 1) {
      const invited = await invite();
      expect(invited.statusCode, invited.body).toBe(200);
      const removed = await limited.api(
        'DELETE',
        `/merchants/${merchant}/accounts/${invited.json<{ account: TAccount }>().account.id}`,
        'admin',
      );
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const fourth = await invite();
    expect(fourth.statusCode).toBe(429);
    expectProblem(fourth, {
      status: 429,
      message: 'invitation_limit_reached',
      field: 'user_email',
    });
    expect((await mailCount()) - mailsBefore).toBe(3);
  });
});

describe('registration through an invitation', () => {
  it('ends any session the person had when it sets the password', async () => {
    const before = await outboxNames(t);
    const invited = await t.api('POST', `/merchants/${wagner}/invite-account`, 'admin', {
      user_email: 'sitzung@firma.example',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = invitationToken((await mailsSince(t, before))[0]);
    const [invitee] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'sitzung@firma.example'));
    if (!invitee) throw new Error('no invited user');
    // A session from before the password (none can be signed into without one: this is the rule's guard).
    const session = await insertSession(t.ctx.db, invitee.id, {
      maxAgeHours: 12,
      device: { userAgent: null, address: null },
    });
    const issued = await t.ctx.tokenIssuer.issue(invitee, session);
    const init = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/init-user',
        headers: { authorization: `Bearer ${issued.token}` },
      });
    expect((await init()).statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: '/identity/register',
      payload: { token, password: STRONG_PASSWORD, password_repeat: STRONG_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    expect((await init()).statusCode).toBe(401);
  });
});
