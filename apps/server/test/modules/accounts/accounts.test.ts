/**
 * Accounts API (docs/product.md#accounts, docs/product.md#roles-and-access, docs/product.md#api-calls, docs/product.md#messages): the list, adding an existing
 * user by email with its messages and the account limit below the silver
 * level, role changes, last-manager protection, the contact rule, removal,
 * cross-merchant refusal, and addresses with the domain's final dot.
 */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccount, TAccountListResponse } from '@backoffice/domain';
import { users } from '../../../src/platform/db/schema.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, mailsSince, outboxNames, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

let t: TestApp;
const ids = { sonnenschein: '', silberblick: '', adler: '', wagner: '' };

async function accountsOf(merchantId: string, who: string): Promise<TAccountListResponse> {
  const response = await t.api('GET', `/merchants/${merchantId}/accounts`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const byEmail = (list: TAccountListResponse, email: string): TAccount => {
  const account = list.rows.find((row) => row.email === email);
  if (!account) throw new Error(`no account ${email}`);
  return account;
};

beforeAll(async () => {
  t = await createTestApp();
  // A basic merchant (level 0, at most three accounts) with its owner and a staff member.
  const bakery = await createMerchantWithOwner(t.ctx.db, {}, { email: 'owner@example.com' });
  const silver = await createMerchantWithOwner(
    t.ctx.db,
    { level: 1 },
    { email: 'silver@example.com' },
  );
  ids.sonnenschein = bakery.merchant.id;
  ids.silberblick = silver.merchant.id;
  ids.adler = (await createMerchant(t.ctx.db, { level: 1 })).id;
  ids.wagner = (await createMerchant(t.ctx.db, { level: 1 })).id;
  await t.signInAs({
    admin: await createAdmin(t.ctx.db),
    agency: await createAgency(t.ctx.db, [ids.adler], { email: 'agency@example.com' }),
    owner: bakery.owner,
    silver: silver.owner,
    staff: await createPerson(t.ctx.db, {
      email: 'staff@example.com',
      memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
    }),
    // A person of neither merchant, added to both below.
    multi: await createPerson(t.ctx.db, { email: 'multi@example.com' }),
  });
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
      expectProblem(response, { status: 400, message: 'email_required', field: 'user_email' });
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
    const wagner = ids.wagner;
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
      expectProblem(refused, { status: 400, message: 'invalid_value', field: 'user_email' });
    }
    const dotted = await t.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(like(users.email, '%.'));
    expect(dotted).toEqual([]);
  });
});
