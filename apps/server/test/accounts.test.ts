/**
 * Accounts API (spec §3 Account, §6, §7, §8): list, add by email with its
 * messages, the three-account limit at level 0 and its absence at level 1,
 * invitations (outbox mail, registration completes the account), role
 * changes, last-manager protection, the contact rule, cross-merchant refusal.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccount, TAccountListResponse } from '@backoffice/domain';
import { accountInvitations, users } from '../src/platform/db/schema.js';
import { hashPassword } from '../src/platform/identity/passwords.js';
import { insertSession } from '../src/platform/identity/sessions.js';
import { completeInvitation } from '../src/modules/accounts/index.js';
import {
  createTestApp,
  decodeQuotedPrintable,
  mailsSince,
  outboxNames,
  type TestApp,
} from './helpers.js';

let t: TestApp;
const STRONG_PASSWORD = 'Kaffeetasse-Sonnenblume-47';
const ids = { sonnenschein: '', silberblick: '', adler: '' };

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
  await t.signInAs('admin', 'agency', 'owner', 'silver', 'staff', 'multi');
  ids.sonnenschein = await t.merchantId('Bäckerei Sonnenschein');
  ids.silberblick = await t.merchantId('Café Silberblick');
  ids.adler = await t.merchantId('Modehaus Adler');
});
afterAll(async () => {
  await t.close();
});

describe('GET /merchants/{id}/accounts', () => {
  it('lists emails, roles and the pending flag, with the level’s limit', async () => {
    const list = await accountsOf(ids.sonnenschein, 'owner');
    expect(list.limit).toBe(3);
    expect(list.rows.map((row) => row.email)).toEqual(['owner@example.com', 'staff@example.com']);
    expect(byEmail(list, 'owner@example.com')).toMatchObject({
      is_self: true,
      pending_invitation: false,
      roles: ['manage-merchant', 'manage-campaigns', 'manage-accounts', 'contact'],
    });
    expect((await accountsOf(ids.silberblick, 'silver')).limit).toBeNull();
  });

  it('needs manage-accounts (403) and the merchant’s own id (404)', async () => {
    expect(
      (await t.api('GET', `/merchants/${ids.sonnenschein}/accounts`, 'staff')).statusCode,
    ).toBe(403);
    expect(
      (await t.api('GET', `/merchants/${ids.sonnenschein}/accounts`, 'silver')).statusCode,
    ).toBe(404);
    expect(
      (await t.api('GET', `/merchants/${ids.sonnenschein}/accounts`, 'agency')).statusCode,
    ).toBe(404);
    expect(
      (await t.api('GET', `/merchants/${ids.sonnenschein}/accounts`, 'admin')).statusCode,
    ).toBe(200);
  });
});

describe('POST /merchants/{id}/accounts (add an existing user)', () => {
  it('asks for an email address (Bitte Email-Adresse angeben)', async () => {
    for (const user_email of ['', 'keine-adresse']) {
      const response = await t.api('POST', `/merchants/${ids.sonnenschein}/accounts`, 'owner', {
        user_email,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        message: 'email_required',
        field: 'user_email',
      });
    }
  });

  it('tells a user that does not exist and one already linked', async () => {
    const unknown = await t.api('POST', `/merchants/${ids.sonnenschein}/accounts`, 'owner', {
      user_email: 'niemand@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('user_not_found');
    const linked = await t.api('POST', `/merchants/${ids.sonnenschein}/accounts`, 'owner', {
      user_email: 'STAFF@example.com',
    });
    expect(linked.statusCode).toBe(409);
    expect(linked.json().message).toBe('user_already_linked');
  });

  it('allows three accounts at level 0, then refuses (Weitere Accounts hinzufügen nicht möglich!)', async () => {
    const third = await t.api('POST', `/merchants/${ids.sonnenschein}/accounts`, 'owner', {
      user_email: 'multi@example.com',
      roles: ['manage-campaigns'],
    });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toMatchObject({ email: 'multi@example.com', roles: ['manage-campaigns'] });
    const fourth = await t.api('POST', `/merchants/${ids.sonnenschein}/accounts`, 'owner', {
      user_email: 'silver@example.com',
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('account_limit_reached');
    const invite = await t.api('POST', `/merchants/${ids.sonnenschein}/invite-account`, 'owner', {
      user_email: 'neu@example.com',
    });
    expect(invite.json().message).toBe('account_limit_reached');
  });

  it('has no limit from level 1 (silver) on', async () => {
    for (const email of [
      'owner@example.com',
      'staff@example.com',
      'multi@example.com',
      'agency@example.com',
    ]) {
      const response = await t.api('POST', `/merchants/${ids.silberblick}/accounts`, 'silver', {
        user_email: email,
      });
      expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
    }
    expect((await accountsOf(ids.silberblick, 'silver')).rows).toHaveLength(5);
  });
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
    const weber = await t.merchantId('Weber Reisen');
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
    const huber = await t.merchantId('Getränke Huber');
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
      expect(refused.json()).toEqual({ statusCode: 503, message: 'service_unavailable' });
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
    const wagner = await t.merchantId('Wagners Bücherstube');
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
      expect(response.json(), name).toEqual({
        statusCode: 400,
        message: 'invalid_value',
        field: 'user_email',
      });
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

describe('the invitation mail’s expiry', () => {
  // Another zone than the Berlin that is the default, so the configured one shows.
  const TIME_ZONE = 'America/New_York';
  let zoned: TestApp;
  beforeAll(async () => {
    zoned = await createTestApp({ TIME_ZONE });
    await zoned.signInAs('silver');
  });
  afterAll(async () => {
    await zoned.close();
  });

  it('is written as dd.MM.yyyy HH:mm in the configured time zone', async () => {
    const merchant = await zoned.merchantId('Café Silberblick');
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
  beforeAll(async () => {
    limited = await createTestApp();
    await limited.signInAs('silver', 'admin');
  });
  afterAll(async () => {
    await limited.close();
  });
  const mailCount = async () => (await outboxNames(limited)).size;

  it('refuses the 21st invitation of a merchant within an hour and sends no mail for it', async () => {
    const merchant = await limited.merchantId('Café Silberblick');
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
    expect(refused.json()).toEqual({ statusCode: 429, message: 'invitation_limit_reached' });
    expect((await mailCount()) - mailsBefore).toBe(20);
    const list = await limited.api('GET', `/merchants/${merchant}/accounts`, 'silver');
    expect(
      list.json<TAccountListResponse>().rows.some((row) => row.email === 'person21@example.com'),
    ).toBe(false);
  });

  it('stops invite-remove-invite loops from mailing one person again and again', async () => {
    const merchant = await limited.merchantId('Autohaus Keller');
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
    expect(fourth.json()).toEqual({
      statusCode: 429,
      message: 'invitation_limit_reached',
      field: 'user_email',
    });
    expect((await mailCount()) - mailsBefore).toBe(3);
  });
});

describe('roles and removal', () => {
  it('changes roles; the contact role decides "Kein Ansprechpartner definiert!"', async () => {
    const list = await accountsOf(ids.sonnenschein, 'owner');
    const owner = byEmail(list, 'owner@example.com');
    const staff = byEmail(list, 'staff@example.com');
    const withoutContact = await t.api(
      'POST',
      `/merchants/${ids.sonnenschein}/accounts/${owner.id}`,
      'owner',
      {
        roles: ['manage-merchant', 'manage-campaigns', 'manage-accounts'],
      },
    );
    expect(withoutContact.statusCode, withoutContact.body).toBe(200);
    const linked = await t.api(
      'GET',
      `/merchants/${ids.sonnenschein}/linked-with-account`,
      'owner',
    );
    expect(linked.json().merchant).toMatchObject({
      is_valid: true,
      errors: ['Kein Ansprechpartner definiert!'],
    });
    const staffContact = await t.api(
      'POST',
      `/merchants/${ids.sonnenschein}/accounts/${staff.id}`,
      'owner',
      {
        roles: ['manage-campaigns', 'contact'],
      },
    );
    expect(staffContact.json().roles).toEqual(['manage-campaigns', 'contact']);
    const valid = await t.api('GET', `/merchants/${ids.sonnenschein}/linked-with-account`, 'owner');
    expect(valid.json().merchant).toMatchObject({ is_valid: true, errors: [] });
  });

  it('never takes manage-accounts from the last account that has it, nor removes it', async () => {
    const list = await accountsOf(ids.sonnenschein, 'owner');
    const owner = byEmail(list, 'owner@example.com');
    const demote = await t.api(
      'POST',
      `/merchants/${ids.sonnenschein}/accounts/${owner.id}`,
      'owner',
      {
        roles: ['contact'],
      },
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('last_account_manager');
    const remove = await t.api(
      'DELETE',
      `/merchants/${ids.sonnenschein}/accounts/${owner.id}`,
      'owner',
    );
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('last_account_manager');
  });

  it('removes another account; then one more fits under the limit', async () => {
    const list = await accountsOf(ids.sonnenschein, 'owner');
    const multi = byEmail(list, 'multi@example.com');
    const removed = await t.api(
      'DELETE',
      `/merchants/${ids.sonnenschein}/accounts/${multi.id}`,
      'owner',
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ removed: true });
    expect((await accountsOf(ids.sonnenschein, 'owner')).rows).toHaveLength(2);
    // The user refused as the fourth above now fits as the third; after it the limit holds again.
    const added = await t.api('POST', `/merchants/${ids.sonnenschein}/accounts`, 'owner', {
      user_email: 'silver@example.com',
      roles: ['manage-campaigns'],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      email: 'silver@example.com',
      roles: ['manage-campaigns'],
    });
    expect(
      (await accountsOf(ids.sonnenschein, 'owner')).rows.map((row) => row.email).sort(),
    ).toEqual(['owner@example.com', 'silver@example.com', 'staff@example.com']);
    const fourth = await t.api('POST', `/merchants/${ids.sonnenschein}/accounts`, 'owner', {
      user_email: 'multi@example.com',
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe('account_limit_reached');
  });

  it('refuses account ids of another merchant and roles it does not know', async () => {
    const other = byEmail(await accountsOf(ids.silberblick, 'silver'), 'silver@example.com');
    const response = await t.api(
      'DELETE',
      `/merchants/${ids.sonnenschein}/accounts/${other.id}`,
      'owner',
    );
    expect(response.statusCode).toBe(404);
    const roles = await t.api(
      'POST',
      `/merchants/${ids.sonnenschein}/accounts/${other.id}`,
      'owner',
      {
        roles: ['root'],
      },
    );
    expect(roles.statusCode).toBe(400);
    const cross = await t.api('POST', `/merchants/${ids.adler}/accounts/${other.id}`, 'owner', {
      roles: ['contact'],
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('addresses with the domain’s final dot', () => {
  it('finds the person of the address without the dot: no second user for one mailbox', async () => {
    const wagner = await t.merchantId('Wagners Bücherstube');
    const before = await outboxNames(t);
    const invited = await t.api('POST', `/merchants/${wagner}/invite-account`, 'admin', {
      user_email: 'silver@example.com.',
    });
    expect(invited.statusCode, invited.body).toBe(409);
    expect(invited.json()).toMatchObject({ message: 'user_already_registered' });
    expect(await mailsSince(t, before)).toHaveLength(0);

    const added = await t.api('POST', `/merchants/${wagner}/accounts`, 'admin', {
      user_email: 'Staff@Example.com\u3002',
      roles: ['manage-campaigns'],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ email: 'staff@example.com' });

    for (const user_email of ['neu@firma.example..', 'neu@firma..example']) {
      const refused = await t.api('POST', `/merchants/${wagner}/invite-account`, 'admin', {
        user_email,
      });
      expect(refused.json(), user_email).toEqual({
        statusCode: 400,
        message: 'invalid_value',
        field: 'user_email',
      });
    }
    const dotted = await t.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(like(users.email, '%.'));
    expect(dotted).toEqual([]);
  });
});

describe('registration through an invitation', () => {
  it('ends any session the person had when it sets the password', async () => {
    const wagner = await t.merchantId('Wagners Bücherstube');
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
    const session = await insertSession(t.ctx.db, invitee.id, 12, {
      userAgent: null,
      address: null,
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
