/**
 * Rate limits with REDIS_URL: two server instances count the sign-in limits
 * together (per address and per account), and Redis never takes the product
 * down with it: unreachable at start or stopped under running instances, the
 * sign-in still answers (the limits let requests through) and counts in
 * Redis again once it is back. Runs against a Redis server of the test's own
 * (Debian's redis-server), which it stops and starts; the unreachable case
 * needs none.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.js';
import { createPerson, TEST_PASSWORD, type CreatedPerson } from '../factories/index.js';
import { until } from '../fixtures/until.js';
import { REDIS_SERVER_BINARY, startOwnRedis, type OwnRedis } from '../fixtures/redis-server.js';
import {
  createTestApp,
  openTestDatabase,
  signInAttempt,
  type TestApp,
  type TestDatabase,
} from '../helpers.js';

const JWT_PRIVATE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/** One sign-in attempt of `person` through the provider's form, from `address` (believed with TRUST_PROXY). */
function signIn(t: TestApp, person: CreatedPerson, password: string, address = '203.0.113.1') {
  return signInAttempt(t.app, person.email, password, address);
}

describe('an unreachable Redis', () => {
  it('keeps the sign-in answering, without limits, and quickly', async () => {
    // Nothing listens on port 1: every counter fails at once.
    const t = await createTestApp({
      REDIS_URL: 'redis://127.0.0.1:1',
      LOGIN_RATE_LIMIT_PER_MINUTE: '2',
    });
    try {
      const owner = await createPerson(t.ctx.db);
      const started = Date.now();
      for (let i = 0; i < 4; i += 1) {
        expect((await signIn(t, owner, TEST_PASSWORD)).statusCode).toBe(302);
      }
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(REDIS_SERVER_BINARY !== undefined)('two instances counting in one Redis', () => {
  let redis: OwnRedis;
  let database: TestDatabase;
  let secondPool: Database;
  let a: TestApp;
  let b: TestApp;
  let owner: CreatedPerson;
  let silver: CreatedPerson;
  const prefix = `test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await openTestDatabase();
    secondPool = await database.connectAgain();
    const env = {
      JWT_PRIVATE_KEY,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: prefix,
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '4',
      LOGIN_FAILURES_PER_HOUR: '3',
    };
    a = await createTestApp(env, { database });
    b = await createTestApp(env, { database: secondPool });
    owner = await createPerson(a.ctx.db);
    silver = await createPerson(a.ctx.db);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await secondPool.close();
    await database.close();
    await redis.stop();
  });

  it('counts one address over both instances', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await signIn(i % 2 ? b : a, owner, TEST_PASSWORD, '198.51.100.7')).statusCode);
    }
    // Four attempts per minute in all, not four on each instance.
    expect(answers).toEqual([302, 302, 302, 302, 429]);
    const client = new Redis(redis.url);
    const keys = await client.keys(`${prefix}rate-limit:*`);
    client.disconnect();
    expect(keys.some((key) => key.endsWith('sign-in:address:198.51.100.7'))).toBe(true);
  });

  it('counts failed sign-ins of one account over both instances and addresses', async () => {
    expect((await signIn(a, owner, 'falsch', '198.51.100.21')).statusCode).toBe(401);
    expect((await signIn(b, owner, 'falsch', '198.51.100.22')).statusCode).toBe(401);
    expect((await signIn(a, owner, 'falsch', '198.51.100.23')).statusCode).toBe(401);
    // The account's three failures are used up: even the right password waits, on either instance.
    expect((await signIn(b, owner, TEST_PASSWORD, '198.51.100.24')).statusCode).toBe(429);
    expect((await signIn(a, owner, TEST_PASSWORD, '198.51.100.25')).statusCode).toBe(429);
  });

  it('names every key by the prefix, the limiter, what it counts and the address or account', async () => {
    const client = new Redis(redis.url);
    const keys = await client.keys(`${prefix}*`);
    client.disconnect();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(
        new RegExp(`^${prefix}rate-limit:sign-in:(address|account|in-flight):[^:]+$`),
      );
    }
    expect(keys).toContain(`${prefix}rate-limit:sign-in:address:198.51.100.21`);
    expect(keys).toContain(`${prefix}rate-limit:sign-in:account:${owner.email}`);
  });

  it('keeps answering while Redis is down and counts together again once it is back', async () => {
    // Another account: the owner's failures above block it for an hour.
    await redis.stop();
    // Without the counters the attempts are let through (and logged), quickly.
    const started = Date.now();
    for (let i = 0; i < 6; i += 1) {
      expect((await signIn(i % 2 ? b : a, silver, TEST_PASSWORD, '198.51.100.40')).statusCode).toBe(
        302,
      );
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await a.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);

    // A fresh Redis (it kept nothing): both instances reconnect by themselves, and
    // then one address has four attempts a minute over both again.
    await redis.start();
    let round = 0;
    await until(async () => {
      round += 1;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t = i % 2 ? b : a;
        statuses.push(
          (await signIn(t, silver, TEST_PASSWORD, `198.51.100.${100 + round}`)).statusCode,
        );
      }
      return statuses.join() === '302,302,302,302,429';
    });
  });
});
