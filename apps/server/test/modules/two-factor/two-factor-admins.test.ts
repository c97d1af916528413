/**
 * Two-factor sign-in and the admins: an admin resets another account's
 * second factor, and MFA_REQUIRED_FOR_ADMINS makes admins set one up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAttempt, type TestApp } from '../../helpers.js';
import {
  IMPLICIT,
  createPeople,
  t,
  codeOf,
  challengeIn,
  implicitParams,
  tokenOf,
  userRow,
  eventsOf,
  setUp,
  useTwoFactorApp,
} from './two-factor-fixture.js';

useTwoFactorApp();

describe("an admin's reset", () => {
  const accountOf = async (merchant: string, email: string) => {
    const merchantId = await t.merchantId(merchant);
    const list = await t.api('GET', `/merchants/${merchantId}/accounts`, 'admin');
    const row = list
      .json<{ rows: { id: string; email: string; two_factor: boolean }[] }>()
      .rows.find((account) => account.email === email);
    if (!row) throw new Error(`no account of ${email}`);
    return { merchantId, row };
  };

  it('is for admins only, and not across merchants', async () => {
    await setUp('staff');
    const { merchantId, row } = await accountOf('Bäckerei Sonnenschein', 'staff@example.com');
    expect(row.two_factor).toBe(true);
    const url = `/merchants/${merchantId}/accounts/${row.id}/two-factor`;
    // The merchant's own account manager is no admin.
    expect((await t.api('DELETE', url, 'owner')).statusCode).toBe(403);
    // Nor is anyone else of another merchant.
    expect((await t.api('DELETE', url, 'agency')).statusCode).toBe(403);
    expect((await t.api('DELETE', url, 'silver')).statusCode).toBe(403);
    // An account of another merchant under this merchant's path is not found.
    const other = await accountOf('Café Silberblick', 'silver@example.com');
    expect(
      (
        await t.api(
          'DELETE',
          `/merchants/${merchantId}/accounts/${other.row.id}/two-factor`,
          'admin',
        )
      ).statusCode,
    ).toBe(404);
    expect((await userRow('staff@example.com')).totpSecret).toBeTruthy();
  });

  it('clears the second factor, ends the sessions and tells the account who did it', async () => {
    const { merchantId, row } = await accountOf('Bäckerei Sonnenschein', 'staff@example.com');
    const reset = await t.api(
      'DELETE',
      `/merchants/${merchantId}/accounts/${row.id}/two-factor`,
      'admin',
    );
    expect(reset.statusCode).toBe(200);
    const user = await userRow('staff@example.com');
    expect(user.totpSecret).toBeNull();
    expect(user.totpEnabledAt).toBeNull();
    expect((await t.api('GET', '/my/two-factor', 'staff')).statusCode).toBe(401);
    const [event] = await eventsOf('staff@example.com', 'mfa_reset');
    expect(event?.actorUserId).toBe((await userRow('admin@example.com')).id);
    expect((await accountOf('Bäckerei Sonnenschein', 'staff@example.com')).row.two_factor).toBe(
      false,
    );
    // The password alone signs in again.
    expect((await signInAttempt(t.app, 'staff@example.com', 'demo')).statusCode).toBe(302);
  });
});

describe('MFA_REQUIRED_FOR_ADMINS', () => {
  let forced: TestApp;
  beforeAll(async () => {
    forced = await createTestApp({
      ...IMPLICIT,
      MFA_REQUIRED_FOR_ADMINS: 'true',
    });
    await createPeople(forced.ctx.db);
  });
  afterAll(async () => {
    await forced.close();
  });

  const step = (path: string, challenge: string, code: string) =>
    forced.app.inject({
      method: 'POST',
      url: `/identity/authorize/${path}`,
      payload: { ...implicitParams, challenge, code },
    });

  it('makes an admin set it up after the password, shows the recovery codes, then signs in', async () => {
    const page = await signInAttempt(forced.app, 'admin@example.com', 'demo');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Zwei-Faktor-Anmeldung einrichten');
    expect(page.body).toContain('<svg');
    const secret = /data-testid="totp-secret">([^<]+)</.exec(page.body)?.[1] ?? '';
    const challenge = challengeIn(page.body);
    const wrong = await step('setup', challenge, '12345');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Der Code ist falsch');

    const confirmed = await step('setup', challenge, await codeOf(secret));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Ihre Wiederherstellungscodes');
    expect(confirmed.body.match(/<li>/g)).toHaveLength(10);
    const done = await step('continue', challengeIn(confirmed.body), '');
    expect(done.statusCode).toBe(302);
    expect(tokenOf(done)).toBeTruthy();
    // Once only.
    expect((await step('continue', challenge, '')).body).toContain('Die Anmeldung ist abgelaufen');

    // The next sign-in asks for a code.
    const next = await signInAttempt(forced.app, 'admin@example.com', 'demo');
    expect(next.body).toContain('Bestätigungscode eingeben');
  });

  it('leaves other users alone', async () => {
    expect((await signInAttempt(forced.app, 'owner@example.com', 'demo')).statusCode).toBe(302);
  });
});
