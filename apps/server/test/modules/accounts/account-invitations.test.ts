/**
 * Inviting new people to a merchant's accounts: the invitation, its mail in
 * the outbox, and registration through the link completing the account.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccount, TAccountListResponse } from '@backoffice/domain';
import { hashPassword } from '../../../src/platform/identity/passwords.js';
import { completeInvitation } from '../../../src/modules/accounts/index.js';
import {
  createAdmin,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
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
const ids = { silberblick: '', weber: '', huber: '', wagner: '' };

async function accountsOf(merchantId: string, who: string): Promise<TAccountListResponse> {
  const response = await t.api('GET', `/merchants/${merchantId}/accounts`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The registration token of an invitation mail. */
function invitationToken(mail: string | undefined): string {
  const token = /\/identity\/register\?token=([A-Za-z0-9_-]+)/.exec(
    decodeQuotedPrintable(String(mail)),
  )?.[1];
  if (!token) throw new Error('no registration link in the mail');
  return decodeURIComponent(token);
}

const byEmail = (list: TAccountListResponse, email: string): TAccount => {
  const account = list.rows.find((row) => row.email === email);
  if (!account) throw new Error(`no account ${email}`);
  return account;
};

beforeAll(async () => {
  t = await createTestApp();
  const silver = await createMerchantWithOwner(
    t.ctx.db,
    { name: 'Café Silberblick KG', brandName: 'Café Silberblick', level: 1 },
    { email: 'silver@example.com' },
  );
  ids.silberblick = silver.merchant.id;
  ids.weber = (await createMerchant(t.ctx.db, { level: 1 })).id;
  ids.wagner = (await createMerchant(t.ctx.db, { level: 1 })).id;
  // A merchant whose managers are no contact.
  ids.huber = (await createMerchant(t.ctx.db, { errors: ['Kein Ansprechpartner definiert!'] })).id;
  await createPerson(t.ctx.db, {
    memberships: [
      { merchantId: ids.huber, roles: ['manage-merchant', 'manage-campaigns', 'manage-accounts'] },
    ],
  });
  // People who can sign in already, of no merchant here.
  await createPerson(t.ctx.db, { email: 'owner@example.com' });
  await createPerson(t.ctx.db, { email: 'staff@example.com' });
  await t.signInAs({
    admin: await createAdmin(t.ctx.db, { email: 'admin@example.com' }),
    silver: silver.owner,
  });
});
afterAll(async () => {
  await t.close();
});

describe('invitations (POST /merchants/{id}/invite-account, /identity/register)', () => {
  it('mails a registration link; the account stays pending until the person registers', async () => {
    const before = await outboxNames(t);
    const response = await t.api('POST', `/merchants/${ids.silberblick}/invite-account`, 'silver', {
      user_email: 'Neu.Person@Example.com',
      roles: ['manage-campaigns', 'contact'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      sent: true,
      account: { email: 'neu.person@example.com', pending_invitation: true },
    });
    const [mail, ...others] = await mailsSince(t, before);
    expect(others).toHaveLength(0);
    expect(mail).toMatch(/^To: neu\.person@example\.com$/m);
    expect(decodeQuotedPrintable(String(mail))).toContain('für Café Silberblick mitzuarbeiten');
    const unfolded = decodeQuotedPrintable(String(mail));
    const link = /http:\/\/localhost:3000\/identity\/register\?token=([A-Za-z0-9_-]+)/.exec(
      unfolded,
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(String(link?.[1]));

    // Pending: no access yet, and listed as pending.
    expect(
      byEmail(await accountsOf(ids.silberblick, 'silver'), 'neu.person@example.com')
        .pending_invitation,
    ).toBe(true);
    await expect(t.signIn('neu.person@example.com', STRONG_PASSWORD)).rejects.toThrow();

    const page = await t.app.inject({ method: 'GET', url: `/identity/register?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('neu.person@example.com');
    const short = await t.app.inject({
      method: 'POST',
      url: '/identity/register',
      payload: { token, password: 'kurz', password_repeat: 'kurz' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('mindestens 8 Zeichen');
    // Common passwords, and passwords containing the address, are refused (NIST SP 800-63B).
    const refusals: [string, string][] = [
      ['password', 'Listen häufig verwendeter Passwörter'],
      ['Sommer2024!', 'Listen häufig verwendeter Passwörter'],
      ['neu.person12345', 'E-Mail-Adresse'],
      ['NeuPerson-2024', 'E-Mail-Adresse'],
    ];
    for (const [password, reason] of refusals) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/identity/register',
        payload: { token, password, password_repeat: password },
      });
      expect(refused.statusCode, password).toBe(400);
      expect(refused.body, password).toContain(reason);
    }
    const done = await t.app.inject({
      method: 'POST',
      url: '/identity/register',
      payload: { token, password: STRONG_PASSWORD, password_repeat: STRONG_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Ihr Zugang ist eingerichtet');
    const again = await t.app.inject({ method: 'GET', url: `/identity/register?token=${token}` });
    expect(again.statusCode).toBe(400);

    expect(
      byEmail(await accountsOf(ids.silberblick, 'silver'), 'neu.person@example.com')
        .pending_invitation,
    ).toBe(false);
    t.tokens.neu = await t.signIn('neu.person@example.com', STRONG_PASSWORD);
    await t.api('POST', '/init-user', 'neu');
    expect((await t.api('GET', `/merchants/${ids.silberblick}/contacts`, 'neu')).statusCode).toBe(
      200,
    );
  });

  it('refuses to invite someone who is linked or can sign in already', async () => {
    const added = await t.api('POST', `/merchants/${ids.silberblick}/accounts`, 'silver', {
      user_email: 'owner@example.com',
    });
    expect(added.statusCode, added.body).toBe(200);
    const linked = await t.api('POST', `/merchants/${ids.silberblick}/invite-account`, 'silver', {
      user_email: 'owner@example.com',
    });
    expect(linked.json().message).toBe('user_already_linked');
    const registered = await t.api(
      'POST',
      `/merchants/${ids.silberblick}/invite-account`,
      'silver',
      {
        user_email: 'admin@example.com',
      },
    );
    expect(registered.statusCode).toBe(409);
    expect(registered.json().message).toBe('user_already_registered');
  });

  it('lets two merchants invite one new address at once', async () => {
    const weber = ids.weber;
    for (let round = 0; round < 5; round += 1) {
      const user_email = `gleichzeitig.${String(round)}@example.com`;
      const answers = await Promise.all([
        t.api('POST', `/merchants/${ids.silberblick}/invite-account`, 'silver', { user_email }),
        t.api('POST', `/merchants/${weber}/invite-account`, 'admin', { user_email }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    }
  });

  it('keeps the no-contact error when the last contact loses the role while an invitee registers', async () => {
    const huber = ids.huber;
    const errorsOf = async () =>
      (await t.api('GET', `/merchants/${huber}`, 'admin')).json<{ errors: string[] }>().errors;
    const added = await t.api('POST', `/merchants/${huber}/accounts`, 'admin', {
      user_email: 'staff@example.com',
      roles: ['contact'],
    });
    expect(added.statusCode, added.body).toBe(200);
    const staffAccount = added.json<TAccount>().id;
    expect(await errorsOf()).toEqual([]);
    const before = await outboxNames(t);
    const invited = await t.api('POST', `/merchants/${huber}/invite-account`, 'admin', {
      user_email: 'nachfolgerin@example.com',
      roles: ['manage-campaigns'],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [mail] = await mailsSince(t, before);
    const token = invitationToken(mail);

    const passwordHash = await hashPassword(STRONG_PASSWORD);
    // The staff member, the only contact, loses the role; that change has
    // counted the contacts (none) and waits for its commit while the invitee
    // (no contact either) registers and counts them too.
    const db = t.ctx.db;
    const transaction = db.transaction.bind(db);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let counted = () => {};
    const inside = new Promise<void>((resolve) => (counted = resolve));
    db.transaction = ((work, config) => {
      db.transaction = transaction;
      return transaction(async (tx) => {
        const result = await work(tx);
        counted();
        await gate;
        return result;
      }, config);
    }) as typeof db.transaction;
    try {
      const demoted = t.api('POST', `/merchants/${huber}/accounts/${staffAccount}`, 'admin', {
        roles: ['manage-campaigns'],
      });
      await inside;
      // The registration's own work, after the form's checks and the password's hash.
      const registered = completeInvitation(db, token, passwordHash);
      await new Promise((resolve) => setTimeout(resolve, 150));
      release();
      expect((await demoted).statusCode).toBe(200);
      expect(await registered).toEqual({ email: 'nachfolgerin@example.com' });
    } finally {
      db.transaction = transaction;
      release();
    }
    // Nobody is the merchant's contact: the registration did not count the
    // staff member's role as it was before the change.
    expect(await errorsOf()).toEqual(['Kein Ansprechpartner definiert!']);
  });

  it('removes a pending account while its invitee registers, without a deadlock', async () => {
    const silberblick = ids.silberblick;
    const before = await outboxNames(t);
    const invited = await t.api('POST', `/merchants/${silberblick}/invite-account`, 'admin', {
      user_email: 'zoegernd@example.com',
      roles: ['manage-campaigns'],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const accountId = invited.json<{ account: TAccount }>().account.id;
    const [mail] = await mailsSince(t, before);
    const token = invitationToken(mail);
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
    // Only to order the two: a third transaction holds the account's row, so
    // that the removal, with the merchant's lock taken, waits at the deletion
    // while the registration starts. Redeeming the invitation before taking
    // the merchant's lock made the two wait for each other (PostgreSQL
    // answered the removal with a deadlock, and the account stayed, active).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const holder = t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from accounts where id = ${accountId} for update`);
      held();
      await gate;
    });
    try {
      await isHeld;
      const removal = t.api('DELETE', `/merchants/${silberblick}/accounts/${accountId}`, 'admin');
      await pause();
      const registration = completeInvitation(t.ctx.db, token, passwordHash);
      await pause();
      release();
      await holder;
      const removed = await removal;
      expect(removed.statusCode, removed.body).toBe(200);
      // The removal came first: the invitation was revoked with the account.
      // (PGlite runs one transaction at a time and may let the registration in before.)
      const registered = await registration;
      if (process.env.TEST_DATABASE_URL) expect(registered).toBeUndefined();
    } finally {
      release();
    }
    const list = await accountsOf(silberblick, 'admin');
    expect(list.rows.map((row) => row.email)).not.toContain('zoegernd@example.com');
  });

  it('asks to send a command again when the database rolled its transaction back', async () => {
    const silberblick = ids.silberblick;
    const invited = await t.api('POST', `/merchants/${silberblick}/invite-account`, 'admin', {
      user_email: 'nochmal@example.com',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const accountId = invited.json<{ account: TAccount }>().account.id;
    const db = t.ctx.db;
    const transaction = db.transaction.bind(db);
    // As Drizzle reports a deadlock PostgreSQL broke up: the driver's error as the cause.
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    db.transaction = (() => {
      db.transaction = transaction;
      return Promise.reject(new Error('Failed query: delete', { cause: deadlock }));
    }) as typeof db.transaction;
    try {
      const refused = await t.api(
        'DELETE',
        `/merchants/${silberblick}/accounts/${accountId}`,
        'admin',
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expectProblem(refused, { status: 503, message: 'service_unavailable' });
    } finally {
      db.transaction = transaction;
    }
    expect(byEmail(await accountsOf(silberblick, 'admin'), 'nochmal@example.com').id).toBe(
      accountId,
    );
    const again = await t.api('DELETE', `/merchants/${silberblick}/accounts/${accountId}`, 'admin');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses look-alike addresses or treats them as the address they imitate', async () => {
    const before = await outboxNames(t);
    const wagner = ids.wagner;
    const invite = (user_email: string) =>
      t.api('POST', `/merchants/${wagner}/invite-account`, 'admin', { user_email });
    const refused = {
      cyrillicLocal: '\u0455ilver@example.com',
      cyrillicDomain: 'silver@ex\u0430mple.com',
      zeroWidth: 'sil\u200Bver@example.com',
    };
    for (const [name, address] of Object.entries(refused)) {
      const response = await invite(address);
      expect(response.statusCode, name).toBe(400);
      expectProblem(response, { status: 400, message: 'invalid_value', field: 'user_email' });
    }
    // Full-width letters are the plain letters (NFKC): silver, who is registered already.
    const fullWidth = await invite('\uFF53ilver@example.com');
    expect(fullWidth.statusCode).toBe(409);
    expect(fullWidth.json().message).toBe('user_already_registered');
    expect(await mailsSince(t, before)).toHaveLength(0);

    // An international domain is kept in its ASCII form (IDNA), which shows what it is.
    const idn = await invite('J\u00FCrgen@B\u00FCcher.de');
    expect(idn.statusCode, idn.body).toBe(200);
    expect(idn.json().account.email).toBe('j\u00FCrgen@xn--bcher-kva.de');
  });
});
