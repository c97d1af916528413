/**
 * Protection against guessed passwords: sign-in attempts limited per client
 * and per account, behind trusted and untrusted proxies, and the account
 * limit shared by two apps counting in one Redis.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../../src/platform/db/client.js';
import { createPerson, TEST_PASSWORD } from '../../factories/index.js';
import { freshPem, pkce } from '../../fixtures/sign-in.js';
import { deleteKeys, redisAnswers } from '../../fixtures/redis-server.js';
import {
  CLIENT_ID,
  createTestApp,
  openTestDatabase,
  REDIRECT_URI,
  signInAttempt,
  type TestApp,
  type TestDatabase,
} from '../../helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const redisUp = REDIS_URL !== undefined && (await redisAnswers(REDIS_URL));

/** The accounts the guesses aim at, each with the password TEST_PASSWORD. */
async function createAccounts(db: DbOrTx) {
  for (const email of ['owner@example.com', 'staff@example.com', 'silver@example.com']) {
    await createPerson(db, { email });
  }
}

/** An app whose database holds the accounts. */
async function appWithAccounts(env: Record<string, string>): Promise<TestApp> {
  const app = await createTestApp(env);
  await createAccounts(app.ctx.db);
  return app;
}

describe('brute-force protection', () => {
  it('limits sign-in attempts per client and says so in German', async () => {
    const limited = await appWithAccounts({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () => signInAttempt(limited.app, 'owner@example.com', 'guess');
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toContain('Zu viele Anmeldeversuche');
      // Even the right password is refused while the limit holds.
      const right = await signInAttempt(limited.app, 'owner@example.com', TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('brute-force protection behind proxies', () => {
  const guess = (app: TestApp, email: string, address: string, password = 'guess') =>
    signInAttempt(app.app, email, password, address);

  it('does not believe X-Forwarded-For by default: 200 guesses with forged addresses get 429s', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        // Another account each time, so that only the address limit can apply.
        const response = await guess(limited, `guess${i}@example.com`, `198.51.100.${i}`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.body).toContain('Zu viele Anmeldeversuche');
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(190);
    } finally {
      await limited.close();
    }
  });

  it('limits failed sign-ins per account from any address, with TRUST_PROXY set', async () => {
    const limited = await appWithAccounts({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10',
      LOGIN_FAILURES_PER_HOUR: '5',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        statuses.push((await guess(limited, 'Owner@Example.com', `203.0.113.${i}`)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      // Even the right password is refused from yet another address while the limit holds.
      const right = await guess(limited, 'owner@example.com', '203.0.113.99', TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.body).toContain('Zu viele Anmeldeversuche');
      // Other accounts are not affected, and the addresses are told apart (10 per minute each).
      expect(
        (await guess(limited, 'staff@example.com', '203.0.113.0', TEST_PASSWORD)).statusCode,
      ).toBe(302);
    } finally {
      await limited.close();
    }
  });

  it('holds the account limit for guesses that arrive at the same time from different addresses', async () => {
    const limited = await appWithAccounts({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10',
      LOGIN_FAILURES_PER_HOUR: '5',
    });
    try {
      const attempts = Array.from({ length: 30 }, (_, i) =>
        guess(
          limited,
          'owner@example.com',
          `203.0.113.${i}`,
          i === 29 ? TEST_PASSWORD : `guess-${i}`,
        ),
      );
      const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
      // At most five passwords are checked and found wrong; the others wait.
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
      // The right password, sent after 29 guesses, does not sign in.
      expect(statuses[29]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('uses up no attempts of an account with successful sign-ins, one after another or at once', async () => {
    const limited = await appWithAccounts({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_FAILURES_PER_HOUR: '2',
    });
    try {
      const signIn = (i: number, password = TEST_PASSWORD) =>
        guess(limited, 'owner@example.com', `203.0.113.${i}`, password);
      for (let i = 0; i < 5; i += 1) expect((await signIn(i)).statusCode).toBe(302);
      const together = await Promise.all([signIn(10), signIn(11)]);
      expect(together.map((response) => response.statusCode)).toEqual([302, 302]);
      // The account still has both of its failures, and no more.
      const wrong = [];
      for (let i = 20; i < 23; i += 1) wrong.push((await signIn(i, 'guess')).statusCode);
      expect(wrong).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits the token endpoint and the registration form per address too', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const register = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/identity/register',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { token: `guess-${i}`, password: 'x', password_repeat: 'x' },
        });
      const registrations = [];
      for (let i = 0; i < 3; i += 1) registrations.push((await register(i)).statusCode);
      expect(registrations).toEqual([400, 400, 429]);
      const tokens = [];
      for (let i = 0; i < 13; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/identity/token',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `198.51.100.${i}`,
          },
          payload: new URLSearchParams({
            grant_type: 'authorization_code',
            code: `guess-${i}`,
            client_id: CLIENT_ID,
            redirect_uri: REDIRECT_URI,
            code_verifier: pkce().verifier,
          }).toString(),
        });
        tokens.push(response.statusCode);
      }
      expect(tokens.slice(0, 12).every((status) => status === 400)).toBe(true);
      expect(tokens[12]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe.runIf(redisUp)('the account limit of two apps counting in one Redis', () => {
  const redisUrl = String(REDIS_URL);
  const prefix = `identity-${randomBytes(4).toString('hex')}:`;
  let database: TestDatabase;
  let secondPool: Database;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10',
      LOGIN_FAILURES_PER_HOUR: '5',
      JWT_PRIVATE_KEY: await freshPem(),
    };
    a = await createTestApp(env, { database });
    await createAccounts(database.db);
    secondPool = await database.connectAgain();
    b = await createTestApp(env, { database: secondPool });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await secondPool.close();
    await database.close();
    await deleteKeys(redisUrl, prefix);
  });

  const signIn = (app: TestApp, email: string, password: string, address: string) =>
    signInAttempt(app.app, email, password, address);

  it('holds for guesses that arrive at both at the same time', async () => {
    const attempts = Array.from({ length: 30 }, (_, i) =>
      signIn(i % 2 ? b : a, 'owner@example.com', `guess-${i}`, `203.0.113.${i}`),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked);
    // Every attempt gave its place back.
    const client = new Redis(redisUrl);
    try {
      expect(await client.keys(`${prefix}*in-flight*`)).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('counts the places of a process that died during its attempts for a minute only', async () => {
    const client = new Redis(redisUrl);
    try {
      const key = `${prefix}rate-limit:sign-in:in-flight:silver@example.com`;
      const [seconds] = await client.time();
      const now = Number(seconds) * 1000;
      // Five attempts that never ended: one of 61 s ago no longer counts, four of now do.
      await client.zadd(key, now - 61_000, 'gone', now, 'p1', now, 'p2', now, 'p3', now, 'p4');
      const right = (address: string) => signIn(b, 'silver@example.com', TEST_PASSWORD, address);
      expect((await right('198.51.100.1')).statusCode).toBe(302);
      await client.zadd(key, now, 'p5');
      expect((await right('198.51.100.2')).statusCode).toBe(429);
      expect(await client.pttl(key)).toBeLessThanOrEqual(60_000);
    } finally {
      client.disconnect();
    }
  });
});
