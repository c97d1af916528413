/**
 * Password hashes: every new one is Argon2id (registration, create-admin);
 * a scrypt hash as earlier versions stored it still signs in, in either
 * flow, and is Argon2id afterwards; a wrong password changes nothing.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../src/ops/admin-account/create-admin.js';
import { users } from '../../../src/platform/db/schema.js';
import {
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../../src/platform/identity/passwords.js';
import {
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
  TEST_PASSWORD,
  type CreatedPerson,
} from '../../factories/index.js';
import {
  createTestApp,
  decodeQuotedPrintable,
  fragmentToken,
  implicitSignInAttempt,
  mailsDuring,
  signInAttempt,
  tokenOf,
  type TestApp,
} from '../../helpers.js';

const PASSWORD = 'Sommer-Kaffee-2026!';

/** A hash as earlier versions stored it: scrypt$N$r$p$salt$hash (node:crypto, NFKC). */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16_384, r: 8, p: 1 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let t: TestApp;
let silberblick = '';
/** People whose stored hash the tests replace by an earlier version's. */
let staff: CreatedPerson;
let agency: CreatedPerson;
let owner: CreatedPerson;
beforeAll(async () => {
  t = await createTestApp({ OAUTH_ALLOW_IMPLICIT: 'true' });
  const { merchant, owner: silver } = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  silberblick = merchant.id;
  const basic = await createMerchant(t.ctx.db);
  owner = await createPerson(t.ctx.db, { memberships: [basic.id] });
  staff = await createPerson(t.ctx.db, {
    memberships: [{ merchantId: basic.id, roles: ['manage-campaigns'] }],
  });
  agency = await createAgency(t.ctx.db, [basic.id]);
  await t.signInAs({ silver });
});
afterAll(async () => {
  await t.close();
});

const storedHash = async (email: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0]?.passwordHash;

const setHash = (email: string, passwordHash: string) =>
  t.ctx.db.update(users).set({ passwordHash }).where(eq(users.email, email));

describe('password hashes', () => {
  it('hashes new passwords with Argon2id at OWASP’s parameters or stronger', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
    const [, m, time, p] = /m=(\d+),t=(\d+),p=(\d+)/.exec(hash) ?? [];
    expect(Number(m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(time)).toBeGreaterThanOrEqual(2);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('Sommer-Kaffee-2027!', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(scryptHash(PASSWORD))).toBe(true);
    // Weaker Argon2id (m=4 MiB) is replaced too; a malformed hash verifies nothing.
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNo')).toBe(
      true,
    );
    expect(await verifyPassword(PASSWORD, '$argon2id$broken')).toBe(false);
    expect(await verifyPassword(PASSWORD, 'scrypt$1$2')).toBe(false);
  });

  it('stores create-admin’s password and a registration’s as Argon2id', async () => {
    await createAdmin(t.ctx.db, 'chefin@firma.example', PASSWORD);
    expect(await storedHash('chefin@firma.example')).toMatch(/^\$argon2id\$/);

    const mails = await mailsDuring(t, async () => {
      const invited = await t.api('POST', `/merchants/${silberblick}/invite-account`, 'silver', {
        user_email: 'neu@firma.example',
        roles: ['manage-campaigns'],
      });
      expect(invited.statusCode, invited.body).toBe(200);
    });
    const token = /\/identity\/register\?token=([A-Za-z0-9_-]+)/.exec(
      decodeQuotedPrintable(String(mails[0])),
    )?.[1];
    const registered = await t.app.inject({
      method: 'POST',
      url: '/identity/register',
      payload: { token: String(token), password: PASSWORD, password_repeat: PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(400);
    expect(await storedHash('neu@firma.example')).toMatch(/^\$argon2id\$/);
    expect(await t.signIn('neu@firma.example', PASSWORD)).toBeTruthy();
  });

  it('signs in with an earlier scrypt hash (code flow) and stores Argon2id then', async () => {
    const { email } = staff;
    const old = scryptHash(TEST_PASSWORD);
    await setHash(email, old);
    // A wrong password is refused and leaves the old hash as it was.
    expect((await signInAttempt(t.app, email, 'falsch')).statusCode).toBe(401);
    expect(await storedHash(email)).toBe(old);

    const answer = await signInAttempt(t.app, email, TEST_PASSWORD);
    expect(answer.statusCode).toBe(302);
    const token = await tokenOf(t.app, answer);
    expect(token).toBeTruthy();
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(TEST_PASSWORD, String(upgraded))).toBe(true);
    // The token of that sign-in works: re-hashing is no change of password.
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: { authorization: `Bearer ${String(token)}` },
    });
    expect(init.statusCode).toBe(200);
    // And the next sign-in verifies the new hash, leaving it as it is.
    expect(await t.signIn(email, TEST_PASSWORD)).toBeTruthy();
    expect(await storedHash(email)).toBe(upgraded);
    expect((await signInAttempt(t.app, email, 'falsch')).statusCode).toBe(401);
  });

  it('does so in the implicit grant too', async () => {
    const { email } = agency;
    await setHash(email, scryptHash(TEST_PASSWORD));
    const answer = await implicitSignInAttempt(t.app, email, TEST_PASSWORD);
    expect(fragmentToken(answer)).toBeTruthy();
    expect(await storedHash(email)).toMatch(/^\$argon2id\$/);
  });

  it('lets every one of simultaneous sign-ins with the old hash in, storing one new hash', async () => {
    const { email } = owner;
    await setHash(email, scryptHash(TEST_PASSWORD));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => signInAttempt(t.app, email, TEST_PASSWORD)),
    );
    for (const answer of answers) expect(await tokenOf(t.app, answer)).toBeTruthy();
    const stored = await storedHash(email);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(TEST_PASSWORD, String(stored))).toBe(true);
  });
});
