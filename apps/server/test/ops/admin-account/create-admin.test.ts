/**
 * The first admin of an installation (`npm run create-admin`): created with
 * a password that passes the sign-in pages' rules, or an existing person
 * made an admin; signs in through the real provider and acts for every
 * merchant. Bad addresses and weak passwords change nothing. Making an
 * existing person an admin ends their sessions (also those signing in at
 * that moment, on PostgreSQL with real concurrency) and takes back their
 * open invitations.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMerchantListResponse } from '@backoffice/domain';
import { createAdmin } from '../../../src/ops/admin-account/create-admin.js';
import { users } from '../../../src/platform/db/schema.js';
import {
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
  TEST_PASSWORD,
  type CreatedPerson,
} from '../../factories/index.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  decodeQuotedPrintable,
  mailsDuring,
  REDIRECT_URI,
  fragmentToken,
  implicitSignInAttempt,
  signInAttempt,
  type TestApp,
} from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

const PASSWORD = 'Sommer-Kaffee-2026!';
let t: TestApp;
let silberblick = '';
/** People who exist before create-admin names them (password TEST_PASSWORD). */
let staff: CreatedPerson;
let owner: CreatedPerson;
let multi: CreatedPerson;

beforeAll(async () => {
  // The implicit grant too: sign-ins of both flows meet a change of password below.
  t = await createTestApp({ OAUTH_ALLOW_IMPLICIT: 'true' });
  const db = t.ctx.db;
  const silver = await createMerchantWithOwner(db, { level: 1 });
  silberblick = silver.merchant.id;
  const basic = await createMerchant(db);
  const other = await createMerchant(db);
  owner = await createPerson(db, { memberships: [basic.id] });
  staff = await createPerson(db, {
    memberships: [{ merchantId: basic.id, roles: ['manage-campaigns'] }],
  });
  multi = await createPerson(db, { memberships: [basic.id, other.id] });
  await createAgency(db, [other.id], { email: 'agency@example.com' });
  await t.signInAs({ silver: silver.owner });
});
afterAll(async () => {
  await t.close();
});

const userOf = async (email: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

const init = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(token) });
const renew = (token: string) => t.app.inject({ url: '/api/v2/my/tokens', headers: bearer(token) });

/** A code of the code flow (PKCE) for a sign-in, with its verifier, not yet redeemed. */
async function pendingCode(email: string, password: string) {
  const verifier = randomBytes(32).toString('base64url');
  const response = await t.app.inject({
    method: 'POST',
    url: '/identity/authorize',
    payload: {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'base',
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      email,
      password,
    },
  });
  expect(response.statusCode, response.body).toBe(302);
  const code = new URL(String(response.headers.location)).searchParams.get('code');
  return { code: String(code), verifier };
}

const redeem = ({ code, verifier }: { code: string; verifier: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/identity/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      code,
      code_verifier: verifier,
    }).toString(),
  });

/** Invites the address to the silver merchant (as its owner, silver) and returns the link's token. */
async function invite(email: string): Promise<string> {
  const mails = await mailsDuring(t, async () => {
    const response = await t.api('POST', `/merchants/${silberblick}/invite-account`, 'silver', {
      user_email: email,
      roles: ['manage-campaigns'],
    });
    expect(response.statusCode, response.body).toBe(200);
  });
  const token = /\/identity\/register\?token=([A-Za-z0-9_-]+)/.exec(
    decodeQuotedPrintable(String(mails[0])),
  )?.[1];
  if (!token) throw new Error('no registration link in the mail');
  return token;
}

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
    expect(await createAdmin(t.ctx.db, staff.email, PASSWORD)).toEqual({
      kind: 'promoted',
      email: staff.email,
      invitationsRevoked: 0,
    });
    expect((await userOf(staff.email))?.level).toBe('admin');
    await expect(t.signIn(staff.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await t.signIn(staff.email, PASSWORD)).toBeTruthy();
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

describe('create-admin for a person who exists', () => {
  it('ends their sessions: a token from before and its renewal get 401, a pending code is void', async () => {
    const token = await t.signIn(owner.email, TEST_PASSWORD);
    const renewed = String(
      (await renew(token)).json<{ tokens: { token: string }[] }>().tokens[0]?.token,
    );
    const code = await pendingCode(owner.email, TEST_PASSWORD);
    // Verified once, so the verifier's cache knows both tokens.
    expect((await init(token)).statusCode).toBe(200);
    expect((await init(renewed)).statusCode).toBe(200);

    expect(await createAdmin(t.ctx.db, owner.email, PASSWORD)).toMatchObject({
      kind: 'promoted',
    });

    for (const old of [token, renewed]) {
      expect((await init(old)).statusCode).toBe(401);
      expect((await renew(old)).statusCode).toBe(401);
      const list = await t.app.inject({ url: '/api/merchants', headers: bearer(old) });
      expectProblem(list, { status: 401, message: 'unauthorized' });
    }
    const late = await redeem(code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_grant' });
    // Signing in again with the new password gives the admin's rights.
    const fresh = await t.signIn(owner.email, PASSWORD);
    const list = await t.app.inject({ url: '/api/merchants', headers: bearer(fresh) });
    expect(list.json<TMerchantListResponse>().pager.total_entries).toBeGreaterThan(1);
  });

  it('takes back their open invitations: the link shows the invalid page and sets no password', async () => {
    const email = 'eingeladen@firma.example';
    const token = await invite(email);
    expect((await t.app.inject({ url: `/identity/register?token=${token}` })).statusCode).toBe(200);

    expect(await createAdmin(t.ctx.db, email, PASSWORD)).toEqual({
      kind: 'promoted',
      email,
      invitationsRevoked: 1,
    });

    const page = await t.app.inject({ url: `/identity/register?token=${token}` });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Dieser Einladungslink ist ungültig');
    const other = 'Fremdes-Passwort-Herbst-77';
    const register = await t.app.inject({
      method: 'POST',
      url: '/identity/register',
      payload: { token, password: other, password_repeat: other },
    });
    expect(register.statusCode).toBe(400);
    expect(register.body).toContain('Dieser Einladungslink ist ungültig');
    expect((await signInAttempt(t.app, email, other)).statusCode).toBe(401);
    expect(await t.signIn(email, PASSWORD)).toBeTruthy();
  });

  it('never lets an invitation replace a password, however the person got it', async () => {
    const email = 'zweite-einladung@firma.example';
    const token = await invite(email);
    // A password set by another way than create-admin, leaving the invitation open.
    await createAdmin(t.ctx.db, owner.email, PASSWORD);
    const promoted = await userOf(owner.email);
    await t.ctx.db
      .update(users)
      .set({ passwordHash: promoted?.passwordHash ?? null })
      .where(eq(users.email, email));
    const page = await t.app.inject({ url: `/identity/register?token=${token}` });
    expect(page.statusCode).toBe(400);
    const other = 'Fremdes-Passwort-Herbst-77';
    const register = await t.app.inject({
      method: 'POST',
      url: '/identity/register',
      payload: { token, password: other, password_repeat: other },
    });
    expect(register.statusCode).toBe(400);
    expect(await t.signIn(email, PASSWORD)).toBeTruthy();
  });

  it('and a registration through the person’s invitation at the same moment: create-admin’s password holds', async () => {
    const other = 'Fremdes-Passwort-Herbst-77';
    for (let round = 0; round < 5; round += 1) {
      const email = `gleichzeitig-${round}@firma.example`;
      const token = await invite(email);
      const [made, registered] = await Promise.all([
        createAdmin(t.ctx.db, email, PASSWORD),
        t.app.inject({
          method: 'POST',
          url: '/identity/register',
          payload: { token, password: other, password_repeat: other },
        }),
      ]);
      expect(made.kind, `round ${round}`).toBe('promoted');
      expect([200, 400], `round ${round}`).toContain(registered.statusCode);
      expect((await signInAttempt(t.app, email, other)).statusCode, `round ${round}`).toBe(401);
      expect((await signInAttempt(t.app, email, PASSWORD)).statusCode, `round ${round}`).toBe(302);
    }
  });

  it('takes the address with its domain’s final dot as the address: no second user', async () => {
    expect(await createAdmin(t.ctx.db, 'Agency@Example.com.', PASSWORD)).toMatchObject({
      kind: 'promoted',
      email: 'agency@example.com',
    });
    expect(await userOf('agency@example.com.')).toBeUndefined();
    expect((await userOf('agency@example.com'))?.level).toBe('admin');
    for (const address of ['neu@firma.example..', 'neu@firma..example', 'n\u0435u@firma.example']) {
      expect(await createAdmin(t.ctx.db, address, PASSWORD), address).toEqual({
        kind: 'invalid_email',
      });
    }
  });

  it('ends the sessions of sign-ins with the old password that run at the same moment', async () => {
    const { email } = multi;
    /** A code-flow sign-in: its code redeemed after create-admin is done. */
    const codeSignIn = async (password: string) => {
      const verifier = randomBytes(32).toString('base64url');
      const response = await t.app.inject({
        method: 'POST',
        url: '/identity/authorize',
        payload: {
          response_type: 'code',
          client_id: CLIENT_ID,
          redirect_uri: REDIRECT_URI,
          scope: 'base',
          state: 's',
          code_challenge: createHash('sha256').update(verifier).digest('base64url'),
          code_challenge_method: 'S256',
          email,
          password,
        },
      });
      const code = response.headers.location
        ? new URL(String(response.headers.location)).searchParams.get('code')
        : null;
      return code === null ? undefined : { code, verifier };
    };
    let password = TEST_PASSWORD;
    for (let round = 0; round < 6; round += 1) {
      const next = `Neues-Passwort-Runde-${round}-Zitrone`;
      const [promoted, implicit, codes] = await Promise.all([
        createAdmin(t.ctx.db, email, next),
        Promise.all([1, 2, 3].map(() => implicitSignInAttempt(t.app, email, password))),
        Promise.all([1, 2, 3].map(() => codeSignIn(password))),
      ]);
      expect(promoted.kind).toBe('promoted');
      const tokens: string[] = [];
      for (const answer of implicit) {
        const token = fragmentToken(answer);
        if (token) tokens.push(token);
      }
      for (const code of codes) {
        const redeemed = code && (await redeem(code));
        if (redeemed && redeemed.statusCode === 200) tokens.push(redeemed.json().access_token);
      }
      for (const token of tokens) {
        expect((await init(token)).statusCode, `round ${round}`).toBe(401);
      }
      password = next;
    }
  });
});
