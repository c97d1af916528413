/**
 * The first admin of an installation (`npm run create-admin`): created with
 * a password that passes the sign-in pages' rules, or an existing person
 * made an admin; signs in through the real provider and acts for every
 * merchant. Bad addresses and weak passwords change nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMerchantListResponse } from '@backoffice/domain';
import { createAdmin } from '../src/admin-account/create-admin.js';
import { users } from '../src/db/schema.js';
import { bearer, createTestApp, type TestApp } from './helpers.js';

const PASSWORD = 'Sommer-Kaffee-2026!';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const userOf = async (email: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('create-admin', () => {
  it('creates an admin who signs in and sees every merchant', async () => {
    expect(await createAdmin(t.ctx.db, ' Chefin@Firma.example ', PASSWORD)).toEqual({
      kind: 'created',
      email: 'chefin@firma.example',
    });
    expect((await userOf('chefin@firma.example'))?.level).toBe('admin');
    const token = await t.signIn('chefin@firma.example', PASSWORD);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/merchants',
      headers: bearer(token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<TMerchantListResponse>().pager.total_entries).toBeGreaterThan(1);
  });

  it('makes an existing person an admin with the new password', async () => {
    expect(await createAdmin(t.ctx.db, 'staff@example.com', PASSWORD)).toEqual({
      kind: 'promoted',
      email: 'staff@example.com',
    });
    expect((await userOf('staff@example.com'))?.level).toBe('admin');
    await expect(t.signIn('staff@example.com', 'demo')).rejects.toThrow(/401/);
    expect(await t.signIn('staff@example.com', PASSWORD)).toBeTruthy();
  });

  it('refuses a bad address and a weak password, and changes nothing', async () => {
    expect(await createAdmin(t.ctx.db, 'keine-adresse', PASSWORD)).toEqual({
      kind: 'invalid_email',
    });
    expect(await createAdmin(t.ctx.db, 'neu@firma.example', 'kurz')).toEqual({
      kind: 'weak_password',
      problem: 'too_short',
    });
    expect(await createAdmin(t.ctx.db, 'neu@firma.example', 'passwort123')).toMatchObject({
      kind: 'weak_password',
    });
    expect(await userOf('neu@firma.example')).toBeUndefined();
  });
});
