/**
 * The one access resolver: its SQL form (used by lists and search) and its
 * TypeScript form (used by single-merchant commands) say the same for every
 * user, integrator token, merchant and role; a campaign's access is its merchant's, with the
 * manage-campaigns role and the tip rule; site search shows campaigns only to those who may
 * manage them, and matches titles, never the title's JSON keys.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROLES,
  CAMPAIGN_TYPES,
  canUseCampaignType,
  canUseTips,
  hasRole,
  type AccountRole,
} from '@backoffice/domain';
import {
  accessibleMerchants,
  findMerchantAccess,
  requireCampaignAccess,
  withoutTips,
  type Caller,
  type UserRow,
} from '../../../src/platform/access/merchant-access.js';
import { findTokenCaller, newApiTokenSecret } from '../../../src/platform/access/api-tokens.js';
import { AppError } from '../../../src/platform/errors.js';
import { queryRows } from '../../../src/platform/db/client.js';
import { accounts, apiTokens, merchants, users } from '../../../src/platform/db/schema.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createPerson,
  type CreatedPerson,
} from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let sonnenschein = '';
let silberblick = '';
let keller = '';
let people: Record<'admin' | 'agency' | 'owner' | 'silver' | 'staff' | 'multi', CreatedPerson>;
/** The integrator tokens' callers, in the order of their table in `beforeAll`. */
const tokenCallers: Caller[] = [];

/** Every user and every integrator token (each of them found by its secret), as callers. */
async function everyCaller(): Promise<Caller[]> {
  expect(tokenCallers).toHaveLength(2);
  return [...(await t.ctx.db.select().from(users)), ...tokenCallers];
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  // Merchants of every level, two the agency acts for, one with errors and one nobody's.
  sonnenschein = (
    await createMerchant(db, {
      name: 'Bäckerei Sonnenschein GmbH',
      brandName: 'Bäckerei Sonnenschein',
    })
  ).id;
  silberblick = (await createMerchant(db, { level: 1 })).id;
  const adler = (await createMerchant(db, { level: 1 })).id;
  const berger = (await createMerchant(db)).id;
  keller = (await createMerchant(db, { level: 2 })).id;
  const huber = (await createMerchant(db, { errors: ['Kein Ansprechpartner definiert!'] })).id;
  await createMerchant(db);
  people = {
    admin: await createAdmin(db),
    agency: await createAgency(db, [adler, berger]),
    owner: await createPerson(db, { memberships: [sonnenschein] }),
    silver: await createPerson(db, { memberships: [silberblick] }),
    staff: await createPerson(db, {
      memberships: [{ merchantId: sonnenschein, roles: ['manage-campaigns'] }],
    }),
    multi: await createPerson(db, {
      memberships: [
        adler,
        keller,
        { merchantId: huber, roles: ['manage-merchant', 'manage-campaigns', 'manage-accounts'] },
      ],
    }),
  };
  await t.signInAs(people);
  // Integrator tokens, one a row: the admin's for Keller (every role), the staff member's for
  // Sonnenschein.
  const tokens: [CreatedPerson, string, AccountRole[]][] = [
    [people.admin, keller, [...ACCOUNT_ROLES]],
    [people.staff, sonnenschein, ['manage-campaigns']],
  ];
  for (const [person, merchantId, roles] of tokens) {
    const { secret, tokenHash, prefix } = newApiTokenSecret();
    await db.insert(apiTokens).values({
      merchantId,
      name: 'Resolver',
      roles,
      access: 'write',
      tokenHash,
      prefix,
      createdBy: person.id,
    });
    const caller = await findTokenCaller(db, secret);
    if (caller) tokenCallers.push(caller);
  }
});
afterAll(async () => {
  await t.close();
});

describe('access resolver', () => {
  it('gives the same answer in SQL and in TypeScript for every user, token, merchant and role', async () => {
    // A pending invitation grants nothing: add one to make the matrix cover it.
    const [silver] = await t.ctx.db.select().from(users).where(eq(users.id, people.silver.id));
    await t.ctx.db.insert(accounts).values({
      merchantId: keller,
      userId: String(silver?.id),
      roles: [...ACCOUNT_ROLES],
      pendingInvitation: true,
    });

    const everyUser = await everyCaller();
    const everyMerchant = await t.ctx.db.select({ id: merchants.id }).from(merchants);
    const roles: (AccountRole | undefined)[] = [undefined, ...ACCOUNT_ROLES];
    let checked = 0;
    for (const user of everyUser) {
      for (const role of roles) {
        const condition = accessibleMerchants(user, merchants.id, { role }) ?? sql`true`;
        const inSql = new Set(
          (
            await queryRows<{ id: string }>(
              t.ctx.db,
              sql`select ${merchants.id} as id from ${merchants} where ${condition}`,
            )
          ).map((row) => row.id),
        );
        for (const { id } of everyMerchant) {
          const access = await findMerchantAccess(t.ctx.db, user, id);
          const inTs = access !== undefined && (!role || hasRole(user, access.roles, role));
          const who = user.token ? `token of ${user.email}` : user.email;
          expect(inSql.has(id), `${who} ${role ?? 'any role'} ${id}`).toBe(inTs);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    // A token acts for its merchant alone, whoever made it (here an admin).
    const adminsToken = tokenCallers[0] as Caller;
    expect((await findMerchantAccess(t.ctx.db, adminsToken, keller))?.level).toBe(2);
    expect(await findMerchantAccess(t.ctx.db, adminsToken, sonnenschein)).toBeUndefined();
    // The pending invitation gave silver nothing at Keller.
    expect(await findMerchantAccess(t.ctx.db, silver as UserRow, keller)).toBeUndefined();
  });

  it('leaves out in SQL exactly the campaign types the domain keeps from a caller', async () => {
    const types = sql.join(
      CAMPAIGN_TYPES.map((type) => sql`(${type})`),
      sql`, `,
    );
    const kept = await queryRows<{ type: string }>(
      t.ctx.db,
      sql`select t.type from (values ${types}) as t(type) where ${withoutTips(sql`t.type`)}`,
    );
    const merchantUser = { level: 'other' } as const;
    expect(kept.map((row) => row.type)).toEqual(
      CAMPAIGN_TYPES.filter((type) => canUseCampaignType(merchantUser, type)),
    );
  });
});

describe('campaign access', () => {
  it('answers a campaign as its merchant’s access says, for every user: 404, 403, or the access', async () => {
    const everyUser = await everyCaller();
    const everyMerchant = await t.ctx.db.select({ id: merchants.id }).from(merchants);
    const outcome = async (user: UserRow, campaign: string) =>
      requireCampaignAccess(t.ctx.db, user, campaign).then(
        ({ access }) => ({ status: 200, roles: access.roles, level: access.level }),
        (error: unknown) => ({ status: error instanceof AppError ? error.statusCode : 500 }),
      );
    const seen = new Set<number>();
    for (const { id: merchant } of everyMerchant) {
      for (const type of ['coupon/percent', 'tip/standard'] as const) {
        const created = await t.api('POST', '/campaigns', 'admin', { merchant, type });
        expect(created.statusCode).toBe(200);
        const campaign = (created.json() as { campaign: { uuid: string } }).campaign.uuid;
        for (const user of everyUser) {
          const access = await findMerchantAccess(t.ctx.db, user, merchant);
          const expected = !access
            ? { status: 404 }
            : !hasRole(user, access.roles, 'manage-campaigns') ||
                (type === 'tip/standard' && !canUseTips(user))
              ? { status: 403 }
              : { status: 200, roles: access.roles, level: access.level };
          expect(await outcome(user, campaign), `${user.email} ${type} ${merchant}`).toEqual(
            expected,
          );
          seen.add(expected.status);
        }
      }
    }
    // The fixture's users and merchants reach every answer.
    expect([...seen].sort()).toEqual([200, 403, 404]);
    // An unknown campaign is not told apart from a foreign one.
    const [admin] = everyUser.filter((user) => user.level === 'admin');
    expect(await outcome(admin as UserRow, '00000000-0000-4000-8000-000000000000')).toEqual({
      status: 404,
    });
  });
});

describe('site search', () => {
  it('shows campaigns only to accounts that may manage campaigns, and their merchant still', async () => {
    const created = await t.api('POST', '/campaigns', 'owner', {
      merchant: sonnenschein,
      type: 'coupon/percent',
    });
    const { campaign } = created.json();
    await t.api('POST', `/campaigns/${campaign.uuid}`, 'owner', { title: { de: 'Brezel-Woche' } });
    expect(
      (await t.api('GET', '/ac/site-search?q=brezel', 'staff'))
        .json()
        .hits.map((hit: { ident: string }) => hit.ident),
    ).toContain(campaign.uuid);

    // The owner takes manage-campaigns from the staff account: contact only.
    const list = (await t.api('GET', `/merchants/${sonnenschein}/accounts`, 'owner')).json();
    const staffAccount = list.rows.find(
      (row: { email: string }) => row.email === people.staff.email,
    );
    const changed = await t.api(
      'POST',
      `/merchants/${sonnenschein}/accounts/${staffAccount.id}`,
      'owner',
      {
        roles: ['contact'],
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await t.api('GET', `/campaigns/${campaign.uuid}`, 'staff')).statusCode).toBe(403);
    const afterwards = (await t.api('GET', '/ac/site-search?q=brezel', 'staff')).json();
    expect(afterwards.hits).toEqual([]);
    const byId = (await t.api('GET', `/ac/site-search?q=${campaign.uuid}`, 'staff')).json();
    expect(byId.hits).toEqual([]);
    // The merchant itself is still found: staff may still act for it.
    const merchantHits = (await t.api('GET', '/ac/site-search?q=Sonnenschein', 'staff')).json();
    expect(merchantHits.hits.map((hit: { ident: string }) => hit.ident)).toContain(sonnenschein);
  });

  it('matches titles and ids, never the JSON keys of the title', async () => {
    const { campaign } = (
      await t.api('POST', '/campaigns', 'silver', { merchant: silberblick, type: 'coupon/offer' })
    ).json();
    await t.api('POST', `/campaigns/${campaign.uuid}`, 'silver', {
      title: { de: 'Kaffee gratis', en: 'Free coffee' },
    });
    // "en" is a key of this title and in no title here ("de" could be in an id's hex digits).
    expect((await t.api('GET', '/ac/site-search?q=en', 'silver')).json().hits).toEqual([]);
    expect((await t.api('GET', '/ac/site-search?q=%22en%22', 'silver')).json().hits).toEqual([]);
    // A percent sign is taken literally.
    expect((await t.api('GET', '/ac/site-search?q=%25', 'silver')).json().hits).toEqual([]);
    const hits = (await t.api('GET', '/ac/site-search?q=coffee', 'silver')).json().hits;
    expect(hits.map((hit: { ident: string }) => hit.ident)).toEqual([campaign.uuid]);
  });
});
