/**
 * What the two-factor tests share: the app with the demo data and the
 * implicit grant, TOTP codes of a secret, the second step of a sign-in, the
 * security events, and setting it up over the API.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect } from 'vitest';
import { securityEvents, users } from '../../../src/platform/db/schema.js';
import { CLIENT_ID, REDIRECT_URI, createTestApp, type TestApp } from '../../helpers.js';
import type { DbOrTx } from '../../../src/platform/db/client.js';
import { createMerchant, createPerson, type PersonOptions } from '../../factories/index.js';

/** These tests sign in with the implicit grant too (its form post is the shortest way to a token). */
export const IMPLICIT = { OAUTH_ALLOW_IMPLICIT: 'true' };
export let t: TestApp;
export const plain = (secret: string) => secret.replace(/\s/g, '');

/** The code of the step `offset` steps from now. */
export const codeOf = (secret: string, offset = 0) =>
  generate({ secret: plain(secret), epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** The challenge token in a second-step page. */
export const challengeIn = (html: string) => {
  const match = /name="challenge" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no challenge in the page');
  return match[1];
};

export const implicitParams = {
  response_type: 'token',
  client_id: CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  scope: 'base',
  state: 's',
};

export function postStep(
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

export const tokenOf = (response: LightMyRequestResponse) =>
  new URLSearchParams(new URL(String(response.headers.location)).hash.slice(1)).get('access_token');

export async function userRow(email: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export async function eventsOf(email: string, kind: string) {
  const user = await userRow(email);
  return t.ctx.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.kind, kind)));
}

/** Sets up two-factor sign-in for `who` over the API: the secret and the recovery codes. */
export async function setUp(who: string) {
  const started = await t.api('POST', '/my/two-factor/setup', who);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await t.api('POST', '/my/two-factor/confirm', who, {
    code: await codeOf(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, codes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** The password the people of these tests sign in with. */
export const PASSWORD = 'demo';

/**
 * The people of these tests, `<name>@example.com`: an admin, an agency, the
 * owner and staff (manage-campaigns) of Bäckerei Sonnenschein, the owner of
 * Café Silberblick (silver) and a member of another merchant (multi).
 */
export async function createPeople(db: DbOrTx) {
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

/** Starts the test app with its people (and the implicit grant) for the file's tests. */
export function useTwoFactorApp(): void {
  beforeAll(async () => {
    t = await createTestApp(IMPLICIT);
    await t.signInAs(await createPeople(t.ctx.db));
  });
  afterAll(async () => {
    await t.close();
  });
}
