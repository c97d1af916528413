/**
 * Two-factor sign-in (TOTP): set-up over the API, the code page after the
 * password (code flow and implicit), replay and recovery codes used up once
 * (also under concurrent submits), the challenge's expiry and attempt limit,
 * and turning it off. The admins' forced set-up and an admin's reset:
 * two-factor-admins.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChallenges, users } from '../../../src/platform/db/schema.js';
import { decryptSecret } from '../../../src/platform/identity/totp.js';
import {
  CLIENT_ID,
  REDIRECT_URI,
  createTestApp,
  signInAttempt,
  type TestApp,
} from '../../helpers.js';
import {
  IMPLICIT,
  createPeople,
  t,
  plain,
  codeOf,
  challengeIn,
  implicitParams,
  postStep,
  tokenOf,
  userRow,
  eventsOf,
  setUp,
  useTwoFactorApp,
} from './two-factor-fixture.js';

useTwoFactorApp();

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
