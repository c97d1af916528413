/**
 * Password reset at the built-in provider: the link on the sign-in page,
 * one answer (and one answer time) for known and unknown addresses, the
 * mail with a single-use link stored hashed, its lifetime, newer links
 * voiding older ones, the limits per account and per client address, and
 * the new password ending every session. Two submits of one link at the
 * same moment: exactly one sets the password (run it with
 * TEST_DATABASE_URL for PostgreSQL's concurrency).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../../src/platform/db/client.js';
import { passwordResets, users } from '../../../src/platform/db/schema.js';
import { MAIL_QUEUE } from '../../../src/platform/mail/outbox.js';
import { PASSWORD_RESET_QUEUE } from '../../../src/modules/password-reset/service.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createPerson,
  TEST_PASSWORD,
} from '../../factories/index.js';
import { REDIS_SERVER_BINARY, startOwnRedis, type OwnRedis } from '../../fixtures/redis-server.js';
import { until } from '../../fixtures/until.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  decodeQuotedPrintable,
  openTestDatabase,
  outboxNames,
  REDIRECT_URI,
  signInAttempt,
  type TestApp,
  type TestDatabase,
} from '../../helpers.js';

/** These tests sign in with the implicit grant too (its form post is the shortest way to a token). */
const IMPLICIT = { OAUTH_ALLOW_IMPLICIT: 'true' };

const SENT = 'Wenn ein Konto zu dieser Adresse existiert, haben wir eine E-Mail geschickt.';
const NEW_PASSWORD = 'Kastanienbaum-Wolke-71';

/** Asks for a link for `email` from `address`. */
function requestLink(t: TestApp, email: string, address = '192.0.2.10') {
  return t.app.inject({
    method: 'POST',
    url: '/identity/password-forgotten',
    headers: { 'x-forwarded-for': address },
    payload: { email, client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, response_type: 'token' },
  });
}

/**
 * Waits until the queued link requests and mails are all worked off (by
 * this drain or by the app's own workers, which poll as well).
 */
async function settleResetJobs(t: TestApp): Promise<void> {
  const queues = [PASSWORD_RESET_QUEUE, MAIL_QUEUE];
  await until(async () => {
    await t.ctx.jobs.drain(queues);
    const counts = await t.ctx.jobs.counts(t.ctx.db);
    return counts
      .filter((queue) => queues.includes(queue.name))
      .every((queue) => queue.waiting === 0 && queue.running === 0);
  }, 30_000);
}

/** The mails (decoded) sent since `before`, once the queued requests are worked off. */
async function resetMailsSince(t: TestApp, before: Set<string>): Promise<string[]> {
  await settleResetJobs(t);
  const outbox = t.ctx.config.mail.outboxDir;
  const names = (await readdir(outbox)).filter((name) => !before.has(name));
  const mails = await Promise.all(names.map((name) => readFile(path.join(outbox, name), 'utf8')));
  return mails.map((mail) => decodeQuotedPrintable(mail));
}

const linkToken = (mail: string | undefined): string => {
  const token = /\/identity\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(String(mail))?.[1];
  if (!token) throw new Error(`no reset link in ${mail}`);
  return token;
};

/** Requests a link for `email` and returns its token. */
async function freshToken(t: TestApp, email: string): Promise<string> {
  const before = await outboxNames(t);
  expect((await requestLink(t, email)).statusCode).toBe(200);
  const mails = await resetMailsSince(t, before);
  expect(mails).toHaveLength(1);
  return linkToken(mails[0]);
}

function submitReset(t: TestApp, token: string, password = NEW_PASSWORD, repeat = password) {
  return t.app.inject({
    method: 'POST',
    url: '/identity/password-reset',
    payload: { token, password, password_repeat: repeat },
  });
}

/**
 * The accounts whose passwords are reset, `<name>@example.com` with the
 * password TEST_PASSWORD: an admin, an agency, and people of a merchant.
 */
async function createAccounts(db: DbOrTx): Promise<void> {
  const merchant = await createMerchant(db);
  await createAdmin(db, { email: 'admin@example.com' });
  await createAgency(db, [merchant.id], { email: 'agency@example.com' });
  for (const name of ['owner', 'silver', 'staff', 'multi']) {
    await createPerson(db, { email: `${name}@example.com`, memberships: [merchant.id] });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...IMPLICIT,
      TRUST_PROXY: 'true',
      PASSWORD_RESET_PER_ACCOUNT_PER_HOUR: '100',
    });
    await createAccounts(t.ctx.db);
  });
  afterAll(() => t.close());

  it('links the sign-in page to the request page with the authorization request', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/identity/authorize?response_type=token&client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=base&state=xyz`,
    });
    expect(page.body).toContain('Passwort vergessen?');
    const href = /<a href="([^"]*password-forgotten[^"]*)"/.exec(page.body)?.[1] ?? '';
    const url = new URL(href.replaceAll('&amp;', '&'), 'http://x');
    expect(url.searchParams.get('state')).toBe('xyz');
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    const forgot = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.headers['content-security-policy']).toContain("default-src 'none'");
    // The way back leads to the same sign-in.
    expect(forgot.body).toContain('Zurück zur Anmeldung');
    expect(forgot.body).toContain('state=xyz');
  });

  it('answers known and unknown addresses alike, and mails only a known one', async () => {
    const before = await outboxNames(t);
    const known = await requestLink(t, 'owner@example.com');
    const unknown = await requestLink(t, 'niemand@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toContain(SENT);
    expect(unknown.body).toBe(known.body);
    const mails = await resetMailsSince(t, before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: owner@example\.com/m);
    expect(mails[0]).toContain('gültig 60 Minuten');
  });

  it('refuses an address that is none, with a German message', async () => {
    const answer = await requestLink(t, 'kein-at-zeichen');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse an.');
  });

  it('takes as long for unknown addresses as for known ones (median of 50 each)', async () => {
    /** One round: the relative difference of the two kinds' medians. */
    const round = async (name: number): Promise<number> => {
      const times = { known: [] as number[], unknown: [] as number[] };
      // Interleave the two kinds, so that whatever slows the machine meets both.
      for (let i = 0; i < 50; i += 1) {
        for (const kind of i % 2
          ? (['known', 'unknown'] as const)
          : (['unknown', 'known'] as const)) {
          const started = process.hrtime.bigint();
          const answer = await requestLink(
            t,
            kind === 'known' ? 'silver@example.com' : `unbekannt-${name}-${i}@example.com`,
          );
          times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
          expect(answer.body).toContain(SENT);
        }
      }
      const known = median(times.known);
      const unknown = median(times.unknown);
      return Math.abs(known - unknown) / Math.max(known, unknown);
    };
    try {
      for (let i = 0; i < 5; i += 1) await requestLink(t, `warm${i}@example.com`);
      // A machine busy with other work can skew one round; a real difference shows in every one.
      const differences: number[] = [];
      for (let i = 0; i < 3 && !differences.some((difference) => difference < 0.1); i += 1) {
        if (i > 0) {
          // The round's links count against silver's hourly number: the next round starts afresh.
          await settleResetJobs(t);
          const silver = t.ctx.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, 'silver@example.com'));
          await t.ctx.db.delete(passwordResets).where(inArray(passwordResets.userId, silver));
        }
        differences.push(await round(i));
      }
      expect(Math.min(...differences)).toBeLessThan(0.1);
    } finally {
      // The queued requests are worked off (silver's link mails go out) before the next test counts mails.
      await settleResetJobs(t);
    }
  });

  it('stores only the token’s hash, valid for the configured minutes', async () => {
    const token = await freshToken(t, 'staff@example.com');
    // 32 random bytes (256 bits).
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.ctx.db
      .select({ reset: passwordResets })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(users.email, 'staff@example.com'));
    const open = rows.map((row) => row.reset).filter((row) => row.usedAt === null);
    expect(open).toHaveLength(1);
    const [link] = open;
    if (!link) throw new Error('no open link');
    expect(link.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows.some((row) => row.reset.tokenHash.includes(token))).toBe(false);
    const minutes = (link.expiresAt.getTime() - link.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 1);
  });

  it('sets the new password, ends every session and mails the account', async () => {
    const session = await t.signIn('agency@example.com', TEST_PASSWORD);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(session) }))
        .statusCode,
    ).toBe(200);
    const token = await freshToken(t, 'agency@example.com');
    const form = await t.app.inject({
      method: 'GET',
      url: `/identity/password-reset?token=${token}`,
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('agency@example.com');
    expect(form.headers['referrer-policy']).toBe('no-referrer');

    // The policy's German messages, the password stays.
    expect((await submitReset(t, token, 'kurz')).body).toContain('mindestens 8 Zeichen');
    expect((await submitReset(t, token, NEW_PASSWORD, 'anders-123456')).body).toContain(
      'Die Passwörter stimmen nicht überein.',
    );
    expect((await signInAttempt(t.app, 'agency@example.com', TEST_PASSWORD)).statusCode).toBe(302);

    const before = await outboxNames(t);
    const done = await submitReset(t, token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Ihr Passwort ist geändert.');
    expect(done.body).toContain('Zur Anmeldung');
    const mails = await resetMailsSince(t, before);
    expect(mails.some((mail) => mail.includes('Ihr Passwort wurde zurückgesetzt'))).toBe(true);

    // The old session is over, the old password too; the new one signs in.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: bearer(session),
    });
    expect(old.statusCode).toBe(401);
    expect((await signInAttempt(t.app, 'agency@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInAttempt(t.app, 'agency@example.com', NEW_PASSWORD)).statusCode).toBe(302);

    // Single use: the link says so and offers a new one.
    const again = await submitReset(t, token, 'Noch-ein-anderes-Passwort-9');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('gilt nicht (mehr)');
    expect(again.body).toContain('Neuen Link anfordern');
    expect((await signInAttempt(t.app, 'agency@example.com', NEW_PASSWORD)).statusCode).toBe(302);
  });

  it('works for admins too', async () => {
    const token = await freshToken(t, 'admin@example.com');
    expect((await submitReset(t, token)).statusCode).toBe(200);
    expect((await signInAttempt(t.app, 'admin@example.com', NEW_PASSWORD)).statusCode).toBe(302);
  });

  it('voids the older link when a newer one is requested', async () => {
    const older = await freshToken(t, 'multi@example.com');
    const newer = await freshToken(t, 'multi@example.com');
    const page = await t.app.inject({
      method: 'GET',
      url: `/identity/password-reset?token=${older}`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('durch einen neueren Link ersetzt');
    expect((await submitReset(t, older)).statusCode).toBe(400);
    expect((await submitReset(t, newer)).statusCode).toBe(200);
  });

  it('lets a link expire after its lifetime', async () => {
    const token = await freshToken(t, 'silver@example.com');
    const hash = createHash('sha256').update(token).digest('hex');
    // The lifetime passed: as if it had been made 61 minutes ago.
    const [row] = await t.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hash));
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date((row?.createdAt.getTime() ?? 0) - 60_000) })
      .where(eq(passwordResets.tokenHash, hash));
    const page = await t.app.inject({
      method: 'GET',
      url: `/identity/password-reset?token=${token}`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('abgelaufen');
    expect((await submitReset(t, token)).statusCode).toBe(400);
    expect((await signInAttempt(t.app, 'silver@example.com', TEST_PASSWORD)).statusCode).toBe(302);
  });

  it('lets exactly one of two submits at the same moment use a link', async () => {
    const token = await freshToken(t, 'owner@example.com');
    const answers = await Promise.all([
      submitReset(t, token, 'Erster-Versuch-Ahornblatt-1'),
      submitReset(t, token, 'Zweiter-Versuch-Birkenzweig-2'),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const winner =
      answers[0]?.statusCode === 200
        ? 'Erster-Versuch-Ahornblatt-1'
        : 'Zweiter-Versuch-Birkenzweig-2';
    const loser = winner.startsWith('Erster')
      ? 'Zweiter-Versuch-Birkenzweig-2'
      : 'Erster-Versuch-Ahornblatt-1';
    expect((await signInAttempt(t.app, 'owner@example.com', winner)).statusCode).toBe(302);
    expect((await signInAttempt(t.app, 'owner@example.com', loser)).statusCode).toBe(401);
  });
});

describe('password reset limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...IMPLICIT,
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '3',
      PASSWORD_RESET_PER_ACCOUNT_PER_HOUR: '2',
    });
    await createPerson(t.ctx.db, { email: 'owner@example.com' });
  });
  afterAll(() => t.close());

  it('mails an account its hourly number of links at most, with the same answer', async () => {
    const before = await outboxNames(t);
    const answers = [];
    // From different addresses: the account's limit holds whatever the address.
    for (let i = 0; i < 4; i += 1)
      answers.push(await requestLink(t, 'owner@example.com', `198.51.100.${i}`));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const mails = await resetMailsSince(t, before);
    expect(mails).toHaveLength(2);
  });

  it('limits the requests of one client address, not those of another', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await requestLink(t, `x${i}@example.com`, '203.0.113.50')).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const blocked = await requestLink(t, 'x@example.com', '203.0.113.50');
    expect(blocked.body).toContain('Zu viele Anfragen');
    expect((await requestLink(t, 'x@example.com', '203.0.113.51')).statusCode).toBe(200);
  });
});

describe.runIf(REDIS_SERVER_BINARY !== undefined)(
  'password reset limits over two instances',
  () => {
    let redis: OwnRedis;
    let database: TestDatabase;
    let secondPool: Database;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      redis = await startOwnRedis();
      database = await openTestDatabase();
      secondPool = await database.connectAgain();
      const env = {
        JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
        TRUST_PROXY: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '3',
        PASSWORD_RESET_PER_ACCOUNT_PER_HOUR: '2',
      };
      a = await createTestApp(env, { database });
      b = await createTestApp(env, { database: secondPool });
      await createPerson(database.db, { email: 'owner@example.com' });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await secondPool.close();
      await database.close();
      await redis.stop();
    });

    it('counts one client address over both instances', async () => {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push(
          (await requestLink(i % 2 ? b : a, `y${i}@example.com`, '198.51.100.77')).statusCode,
        );
      }
      // Three requests per minute in all, not three on each instance.
      expect(answers).toEqual([200, 200, 200, 429]);
    });

    it('makes an account its hourly number of links at most, whichever instance asks', async () => {
      for (let i = 0; i < 4; i += 1) {
        const answer = await requestLink(
          i % 2 ? b : a,
          'owner@example.com',
          `198.51.100.${90 + i}`,
        );
        expect(answer.statusCode).toBe(200);
      }
      await settleResetJobs(a);
      await settleResetJobs(b);
      const [owner] = await a.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, 'owner@example.com'));
      const links = await a.ctx.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, String(owner?.id)));
      expect(links).toHaveLength(2);
    });
  },
);
