/**
 * POST /api/my/password: a signed-in person changes their own password.
 * A wrong current password is refused on its field (and counted like a
 * failed sign-in), the new one must pass the password policy, the other
 * sessions end while the current one stays, and a mail tells the account.
 * Another user's password and sessions are untouched; an account without
 * a password here cannot change one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/platform/db/schema.js';
import { createMerchant, createPerson, TEST_PASSWORD } from '../../factories/index.js';
import {
  bearer,
  createTestApp,
  decodeQuotedPrintable,
  mailsDuring,
  signInAttempt,
  type TestApp,
} from '../../helpers.js';

const NEW_PASSWORD = 'Lindenallee-Regenbogen-42';

function change(
  t: TestApp,
  token: string,
  body: { current_password: string; new_password: string; new_password_repeat?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/my/password',
    headers: bearer(token),
    payload: { new_password_repeat: body.new_password, ...body },
  });
}

const initUser = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(token) });

describe('changing one’s own password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_FAILURES_PER_HOUR: '3' });
    const merchant = await createMerchant(t.ctx.db);
    for (const name of ['owner', 'staff', 'silver', 'multi']) {
      await createPerson(t.ctx.db, { email: `${name}@example.com`, memberships: [merchant.id] });
    }
    await createPerson(t.ctx.db, {
      email: 'agency@example.com',
      level: 'agency',
      memberships: [merchant.id],
    });
  });
  afterAll(() => t.close());

  it('tells whether the caller has a password here', async () => {
    const token = await t.signInAndInit('owner@example.com', TEST_PASSWORD);
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/my/password',
      headers: bearer(token),
    });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ changeable: true });
  });

  it('refuses a wrong current password on its field', async () => {
    const token = await t.signInAndInit('staff@example.com', TEST_PASSWORD);
    const answer = await change(t, token, {
      current_password: 'falsch',
      new_password: NEW_PASSWORD,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'wrong_password', field: 'current_password' });
    expect((await signInAttempt(t.app, 'staff@example.com', TEST_PASSWORD)).statusCode).toBe(302);
  });

  it('holds the new password to the policy', async () => {
    const token = await t.signInAndInit('staff@example.com', TEST_PASSWORD);
    const cases = [
      { new_password: 'kurz', message: 'password_too_short', field: 'new_password' },
      {
        new_password: 'staff-Kastanie-93',
        message: 'password_contains_email',
        field: 'new_password',
      },
      { new_password: 'passwort123', message: 'password_too_common', field: 'new_password' },
    ];
    for (const { new_password, message, field } of cases) {
      const answer = await change(t, token, { current_password: TEST_PASSWORD, new_password });
      expect(answer.statusCode, new_password).toBe(400);
      expect(answer.json()).toMatchObject({ message, field });
    }
    const differ = await change(t, token, {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_repeat: `${NEW_PASSWORD}!`,
    });
    expect(differ.json()).toMatchObject({
      message: 'passwords_differ',
      field: 'new_password_repeat',
    });
    expect((await signInAttempt(t.app, 'staff@example.com', TEST_PASSWORD)).statusCode).toBe(302);
  });

  it('ends the other sessions, keeps the current one, and mails the account', async () => {
    const here = await t.signInAndInit('silver@example.com', TEST_PASSWORD);
    const elsewhere = await t.signInAndInit('silver@example.com', TEST_PASSWORD);
    const other = await t.signInAndInit('owner@example.com', TEST_PASSWORD);
    const answers: Awaited<ReturnType<typeof change>>[] = [];
    const mails = await mailsDuring(t, async () => {
      answers.push(
        await change(t, here, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD }),
      );
    });
    expect(answers.map((answer) => answer.statusCode)).toEqual([200]);
    expect(answers[0]?.json()).toEqual({ ended_sessions: 1 });
    expect((await initUser(t, here)).statusCode).toBe(200);
    expect((await initUser(t, elsewhere)).statusCode).toBe(401);
    // Another user's session and password are untouched.
    expect((await initUser(t, other)).statusCode).toBe(200);
    expect((await signInAttempt(t.app, 'owner@example.com', TEST_PASSWORD)).statusCode).toBe(302);
    expect((await signInAttempt(t.app, 'silver@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInAttempt(t.app, 'silver@example.com', NEW_PASSWORD)).statusCode).toBe(302);
    const texts = mails.map((mail) => decodeQuotedPrintable(mail));
    expect(texts.some((text) => /^To: silver@example\.com/m.test(text))).toBe(true);
    expect(texts.some((text) => text.includes('Ihr Passwort wurde geändert'))).toBe(true);
  });

  it('counts wrong current passwords against the account like failed sign-ins', async () => {
    const token = await t.signInAndInit('agency@example.com', TEST_PASSWORD);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await change(t, token, { current_password: `falsch${i}`, new_password: NEW_PASSWORD }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Even the right one waits now.
    const right = await change(t, token, {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
  });

  it('answers an account without a password here that it cannot change one', async () => {
    const token = await t.signInAndInit('multi@example.com', TEST_PASSWORD);
    await t.ctx.db
      .update(users)
      .set({ passwordHash: null })
      .where(eq(users.email, 'multi@example.com'));
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/my/password',
      headers: bearer(token),
    });
    expect(state.json()).toEqual({ changeable: false });
    const answer = await change(t, token, {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'password_not_changeable' });
  });

  it('refuses a caller without a valid session', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/my/password',
      payload: {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
        new_password_repeat: NEW_PASSWORD,
      },
    });
    expect(answer.statusCode).toBe(401);
  });
});
