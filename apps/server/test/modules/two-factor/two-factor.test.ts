/**
 * Two-factor sign-in (TOTP): set-up over the API, the code page after the
 * password (code flow and implicit), replay and recovery codes used up once
 * (also under concurrent submits), the challenge's expiry and attempt limit,
 * the admins' forced set-up, turning it off, and an admin's reset.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, signInChallenges, users } from '../../../src/platform/db/schema.js';
import { decryptSecret } from '../../../src/platform/identity/totp.js';
import type { DbOrTx } from '../../../src/platform/db/client.js';
import { createMerchant, createPerson, type PersonOptions } from '../../factories/index.js';
import {
  CLIENT_ID,
  REDIRECT_URI,
  createTestApp,
  signInAttempt,
  type TestApp,
} from '../../helpers.js';

/** These tests sign in with the implicit grant too (its form post is the shortest way to a token). */
const IMPLICIT = { OAUTH_ALLOW_IMPLICIT: 'true' };

/** The password the people of these tests sign in with. */
const PASSWORD = 'demo';

/**
 * The people of these tests, `<name>@example.com`: an admin, an agency, the
 * owner and staff (manage-campaigns) of Bäckerei Sonnenschein, the owner of
 * Café Silberblick (silver) and a member of another merchant (multi).
 */
async function createPeople(db: DbOrTx) {
  const sonnenschein = await createMerchant(db, {
    name: 'Bäckerei Sonnenschein GmbH',
    brandName: 'Bäckerei Sonnenschein',
  });
  const silberblick = await createMerchant(db, {
    name: 'Café Silberblick KG',
    brandName: 'Café Silberblick',
    level: 1,
  });
  const other = await createMerchant(db);
  const person = (name: string, options: Omit<PersonOptions, 'email' | 'password'> = {}) =>
    createPerson(db, { email: `${name}@example.com`, password: PASSWORD, ...options });
  return {
    admin: await person('admin', { level: 'admin' }),
    agency: await person('agency', { level: 'agency', memberships: [other.id] }),
    owner: await person('owner', { memberships: [sonnenschein.id] }),
    staff: await person('staff', {
      memberships: [{ merchantId: sonnenschein.id, roles: ['manage-campaigns'] }],
    }),
    silver: await person('silver', { memberships: [silberblick.id] }),
    multi: await person('multi', { memberships: [other.id] }),
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(IMPLICIT);
  await t.signInAs(await createPeople(t.ctx.db));
});
afterAll(async () => {
  await t.close();
});

const plain = (secret: string) => secret.replace(/\s/g, '');
/** The code of the step `offset` steps from now. */
const codeOf = (secret: string, offset = 0) =>
  generate({ secret: plain(secret), epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** The challenge token in a second-step page. */
const challengeIn = (html: string) => {
  const match = /name="challenge" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no challenge in the page');
  return match[1];
};

const implicitParams = {
  response_type: 'token',
  client_id: CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  scope: 'base',
  state: 's',
};

function postStep(
  path: string,
  challenge: string,
  code: string,
  params: Record<string, string> = implicitParams,
) {
  return t.app.inject({
    method: 'POST',
    url: `/identity/authorize/${path}`,
    payload: { ...params, challenge, code },
  });
}

const tokenOf = (response: LightMyRequestResponse) =>
  new URLSearchParams(new URL(String(response.headers.location)).hash.slice(1)).get('access_token');

async function userRow(email: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function eventsOf(email: string, kind: string) {
  const user = await userRow(email);
  return t.ctx.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.kind, kind)));
}

/** Sets up two-factor sign-in for `who` over the API: the secret and the recovery codes. */
async function setUp(who: string) {
  const started = await t.api('POST', '/my/two-factor/setup', who);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await t.api('POST', '/my/two-factor/confirm', who, {
    code: await codeOf(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

describe('set-up from the account', () => {
  it('shows a QR code and the secret, refuses a wrong code, turns on with the right one', async () => {
    const started = await t.api('POST', '/my/two-factor/setup', 'owner');
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const offer = started.json<{ secret: string; qr_svg: string; uri: string }>();
    expect(offer.qr_svg).toMatch(/^<svg/);
    expect(offer.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(offer.uri).toContain(`secret=${plain(offer.secret)}`);

    const right = await codeOf(offer.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await t.api('POST', '/my/two-factor/confirm', 'owner', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'wrong_two_factor_code' });
    expect((await t.api('GET', '/my/two-factor', 'owner')).json()).toMatchObject({
      enabled: false,
    });

    const confirmed = await t.api('POST', '/my/two-factor/confirm', 'owner', { code: right });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.api('GET', '/my/two-factor', 'owner')).json()).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect(await eventsOf('owner@example.com', 'mfa_enabled')).toHaveLength(1);

    // Encrypted at rest: the stored secret is not the base32 secret, and the key opens it.
    const row = await userRow('owner@example.com');
    expect(row.totpSecret).toBeTruthy();
    expect(row.totpSecret).not.toContain(plain(offer.secret));
    expect(decryptSecret(t.ctx.mfaKey, String(row.totpSecret))).toBe(plain(offer.secret));
    expect(row.totpPendingSecret).toBeNull();

    // Another user's state is their own.
    expect((await t.api('GET', '/my/two-factor', 'silver')).json()).toMatchObject({
      enabled: false,
    });
    // A second set-up while on is refused.
    expect((await t.api('POST', '/my/two-factor/setup', 'owner')).statusCode).toBe(409);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/my/two-factor' });
    expect(response.statusCode).toBe(401);
  });
});

describe('sign-in with a second factor', () => {
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    ({ secret, codes: recovery } = await setUp('silver'));
  });

  it('asks for the code after the password, then finishes the implicit sign-in', async () => {
    const page = await signInAttempt(t.app, 'silver@example.com', 'demo');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bestätigungscode eingeben');
    expect(page.body).not.toContain('access_token');
    // The next step's code: the one the set-up took is spent.
    const done = await postStep('code', challengeIn(page.body), await codeOf(secret, 1));
    expect(done.statusCode).toBe(302);
    const token = tokenOf(done);
    expect(token).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/my/two-factor',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ enabled: true });
  });

  it('refuses the same code a second time (replay), with the page again', async () => {
    const first = await signInAttempt(t.app, 'silver@example.com', 'demo');
    const code = await codeOf(secret, -1);
    // The previous step's code: taken once it is refused, even though it is in the window.
    const replayed = await postStep('code', challengeIn(first.body), await codeOf(secret, 1));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.body).toContain('Der Code ist falsch oder wurde schon verwendet.');
    expect(replayed.body).toContain(challengeIn(first.body));
    const earlier = await postStep('code', challengeIn(first.body), code);
    expect(earlier.statusCode).toBe(401);
  });

  it('finishes the code flow with an authorization code', async () => {
    await t.ctx.db
      .update(users)
      .set({ totpLastStep: null })
      .where(eq(users.email, 'silver@example.com'));
    const verifier = randomBytes(32).toString('base64url');
    const params = {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'base',
      state: 'st',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    const page = await t.app.inject({
      method: 'POST',
      url: '/identity/authorize',
      payload: { ...params, email: 'silver@example.com', password: 'demo' },
    });
    expect(page.statusCode).toBe(200);
    const done = await postStep('code', challengeIn(page.body), await codeOf(secret), params);
    expect(done.statusCode).toBe(302);
    const location = new URL(String(done.headers.location));
    expect(location.searchParams.get('state')).toBe('st');
    const token = await t.app.inject({
      method: 'POST',
      url: '/identity/token',
      payload: {
        grant_type: 'authorization_code',
        code: String(location.searchParams.get('code')),
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      },
    });
    expect(token.statusCode).toBe(200);
  });

  it('takes a recovery code once, and tells the account', async () => {
    const [code] = recovery;
    const first = await signInAttempt(t.app, 'silver@example.com', 'demo');
    const done = await postStep('code', challengeIn(first.body), String(code).toUpperCase());
    expect(done.statusCode).toBe(302);
    expect(await eventsOf('silver@example.com', 'recovery_code_used')).toHaveLength(1);
    const again = await signInAttempt(t.app, 'silver@example.com', 'demo');
    const refused = await postStep('code', challengeIn(again.body), String(code));
    expect(refused.statusCode).toBe(401);
    expect((await t.api('GET', '/my/two-factor', 'silver')).json()).toMatchObject({
      recovery_codes_left: 9,
    });
  });

  it('lets only one of two concurrent submits of a recovery code through', async () => {
    const code = String(recovery[1]);
    const pages = await Promise.all([
      signInAttempt(t.app, 'silver@example.com', 'demo'),
      signInAttempt(t.app, 'silver@example.com', 'demo'),
    ]);
    const answers = await Promise.all(
      pages.map((page) => postStep('code', challengeIn(page.body), code)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([302, 401]);
  });

  it('sends an expired challenge back to the sign-in page', async () => {
    const page = await signInAttempt(t.app, 'silver@example.com', 'demo');
    const challenge = challengeIn(page.body);
    await t.ctx.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(signInChallenges.tokenHash, createHash('sha256').update(challenge).digest('base64url')),
      );
    const answer = await postStep('code', challenge, String(recovery[2]));
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('Die Anmeldung ist abgelaufen');
    expect(answer.body).toContain('name="password"');
    // The recovery code was not used up.
    expect((await t.api('GET', '/my/two-factor', 'silver')).json()).toMatchObject({
      recovery_codes_left: 8,
    });
  });

  it('allows five attempts per challenge, then sends back to the sign-in page', async () => {
    const page = await signInAttempt(t.app, 'silver@example.com', 'demo');
    const challenge = challengeIn(page.body);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postStep('code', challenge, 'nope-nope-nope-nope')).statusCode).toBe(401);
    }
    const sixth = await postStep('code', challenge, String(recovery[3]));
    expect(sixth.body).toContain('Die Anmeldung ist abgelaufen');
    expect(sixth.statusCode).toBe(401);
  });

  it('refuses a made-up challenge', async () => {
    const answer = await postStep('code', 'made-up', await codeOf(secret));
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('Die Anmeldung ist abgelaufen');
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs the password or a code, and records each change', async () => {
    const { secret } = await setUp('multi');
    const renewed = await t.api('POST', '/my/two-factor/recovery-codes', 'multi');
    expect(renewed.json<{ recovery_codes: string[] }>().recovery_codes).toHaveLength(10);
    expect(await eventsOf('multi@example.com', 'recovery_codes_renewed')).toHaveLength(1);

    const noProof = await t.api('POST', '/my/two-factor/disable', 'multi', {});
    expect(noProof.statusCode).toBe(400);
    const wrongPassword = await t.api('POST', '/my/two-factor/disable', 'multi', {
      password: 'wrong',
    });
    expect(wrongPassword.json()).toMatchObject({ message: 'two_factor_wrong_password' });
    const off = await t.api('POST', '/my/two-factor/disable', 'multi', {
      code: await codeOf(secret, 1),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await eventsOf('multi@example.com', 'mfa_disabled')).toHaveLength(1);
    // Signs in with the password alone again.
    expect((await signInAttempt(t.app, 'multi@example.com', 'demo')).statusCode).toBe(302);
    // Off already: nothing to renew.
    expect((await t.api('POST', '/my/two-factor/recovery-codes', 'multi')).statusCode).toBe(409);
  });

  it('turns off with the password', async () => {
    await setUp('agency');
    const off = await t.api('POST', '/my/two-factor/disable', 'agency', { password: 'demo' });
    expect(off.json()).toMatchObject({ enabled: false });
  });
});

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

describe('the sign-in limiter', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      ...IMPLICIT,
      LOGIN_FAILURES_PER_HOUR: '5',
    });
    const { owner } = await createPeople(limited.ctx.db);
    await limited.signInAs({ owner });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('counts wrong codes as failed sign-ins of the account', async () => {
    const started = await limited.api('POST', '/my/two-factor/setup', 'owner');
    const { secret } = started.json<{ secret: string }>();
    await limited.api('POST', '/my/two-factor/confirm', 'owner', { code: await codeOf(secret) });
    const page = await signInAttempt(limited.app, 'owner@example.com', 'demo');
    const challenge = challengeIn(page.body);
    const post = (code: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/identity/authorize/code',
        payload: { ...implicitParams, challenge, code },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('kein-code')).statusCode).toBe(401);
    }
    // The account's failures are used up: a new challenge and the right code are refused too.
    const again = await signInAttempt(limited.app, 'owner@example.com', 'demo');
    expect(again.statusCode).toBe(429);
    expect(again.body).toContain('Zu viele Anmeldeversuche');
  });
});
