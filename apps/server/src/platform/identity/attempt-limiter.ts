/**
 * Guessing limits of the provider's forms and token endpoint. Every attempt
 * counts against the client address (request.ip, which believes
 * X-Forwarded-For only from the proxies TRUST_PROXY names), on
 * @fastify/rate-limit's counters. Where a form names an account, failed
 * attempts also count against that account from any address, so that
 * spreading guesses over many addresses does not help either; and since a
 * password check takes a while (Argon2id), the account's attempts under way
 * count as well: an attempt is admitted only while the account's failures
 * plus its attempts in flight, itself included, stay within the limit. An
 * attempt raises its account's in-flight count before it reads the failures
 * and, when it fails, counts its failure before it lowers the count again,
 * so attempts sent at the same moment never find more room than there is,
 * and a successful sign-in uses up nothing.
 *
 * With REDIS_URL every counter is shared by all server processes
 * (http/rate-limit.ts): each limiter's keys carry its name, since the plugin
 * gives every limiter of createRateLimit the same key space in Redis, and the
 * attempts in flight are a sorted set per account whose entries expire after
 * a minute, so a process that dies during an attempt blocks its account no
 * longer. Without REDIS_URL this process counts in its own memory. When the
 * counters cannot be reached the attempt is let through and a warning logged.
 */
import { randomUUID } from 'node:crypto';
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logUncounted, type LimitRedis } from '../http/rate-limit.js';

export interface AttemptLimits {
  /** Names the limiter's counters (e.g. `sign-in`); unique per limiter. */
  name: string;
  /** Attempts per client address and minute. */
  perAddressPerMinute: number;
  /** Failed attempts per account and hour, with the account a request names. */
  perAccount?: {
    failuresPerHour: number;
    /** The account the request tries (e.g. the normalised email); undefined counts nothing. */
    accountOf: (request: FastifyRequest) => string | undefined;
  };
}

/** An admitted attempt; it ends with failed() or done(), and only the first of them counts. */
export interface AttemptTicket {
  /** Counts a failure against the attempt's account and ends the attempt. */
  failed(): Promise<void>;
  /** Ends the attempt without a failure (it succeeded, or could not be decided). */
  done(): Promise<void>;
}

export interface AttemptLimiter {
  /**
   * Counts the attempt against its address and admits it, or refuses it
   * (undefined) when the address or the account has used up its attempts.
   * An admitted attempt holds a place of its account until its ticket ends.
   */
  admit(request: FastifyRequest): Promise<AttemptTicket | undefined>;
}

/** A crashed process's attempts in flight stop counting after this long. */
const IN_FLIGHT_EXPIRY_MS = 60_000;
/**
 * Accounts whose failures the in-memory store keeps (LRU; the plugin's
 * default is 5,000). Each failure against another account pushes out the
 * account used least recently, and with it its count: at 5,000, that many
 * failures spread over other addresses gave a victim's account a fresh set
 * of guesses. At 50,000 a fresh set costs 50,000 failures, and the store,
 * filled by failures only, holds about 13 MB when full of ordinary
 * addresses. Counters in Redis have no such bound.
 */
const ACCOUNTS_KEPT_IN_MEMORY = 50_000;

/** Attempts under way per account. */
interface InFlight {
  /** Adds an attempt: how many the account has now, this one included, and how to remove it. */
  raise(account: string): Promise<{ count: number; lower: () => Promise<void> }>;
}

function inFlightInMemory(): InFlight {
  const counts = new Map<string, number>();
  return {
    async raise(account) {
      const count = (counts.get(account) ?? 0) + 1;
      counts.set(account, count);
      const lower = async () => {
        const left = (counts.get(account) ?? 1) - 1;
        if (left > 0) counts.set(account, left);
        else counts.delete(account);
      };
      return { count, lower };
    },
  };
}

/**
 * One entry per attempt, scored with Redis's clock: drops the entries that
 * expired, adds the new one and counts them, in one step.
 */
const RAISE_SCRIPT = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ms, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])`;

function inFlightInRedis(redis: LimitRedis, limiter: string): InFlight {
  return {
    async raise(account) {
      const key = `${redis.keyPrefix}${limiter}:in-flight:${account}`;
      const entry = randomUUID();
      const count = Number(
        await redis.client.eval(RAISE_SCRIPT, 1, key, entry, IN_FLIGHT_EXPIRY_MS),
      );
      const lower = async () => {
        await redis.client.zrem(key, entry);
      };
      return { count, lower };
    },
  };
}

/** The ticket of an attempt that holds no place (no account named, or none counted). */
const FREE_TICKET: AttemptTicket = { failed: async () => {}, done: async () => {} };

export function createAttemptLimiter(app: FastifyInstance, limits: AttemptLimits): AttemptLimiter {
  const byAddress = app.createRateLimit({
    max: limits.perAddressPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `${limits.name}:address:${normalizeIP(request.ip)}`,
    skipOnError: false,
  });
  const account = limits.perAccount;
  // `cache` is an option of the plugin's routes, which createRateLimit passes to its store as well.
  const accountOptions: RateLimitOptions | undefined = account && {
    max: account.failuresPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `${limits.name}:account:${account.accountOf(request) ?? ''}`,
    skipOnError: false,
    cache: ACCOUNTS_KEPT_IN_MEMORY,
  };
  const byAccount = accountOptions && app.createRateLimit(accountOptions);
  const inFlight = app.limitRedis
    ? inFlightInRedis(app.limitRedis, limits.name)
    : inFlightInMemory();

  /** The counter's answer, or undefined (let through, logged) when it cannot be reached. */
  const count = async <T>(request: FastifyRequest, check: () => Promise<T>) => {
    try {
      return await check();
    } catch (error) {
      logUncounted(request.log, error, limits.name);
      return undefined;
    }
  };

  return {
    async admit(request) {
      const address = await count(request, () => byAddress(request));
      if (address && !address.isAllowed && address.isExceeded) return undefined;
      const name = account?.accountOf(request);
      if (!account || !byAccount || name === undefined) return FREE_TICKET;

      // Raised before the failures are read, and a failure is counted before
      // its attempt's place is lowered: every other attempt that fails shows
      // in at least one of the two counts below.
      const place = await count(request, () => inFlight.raise(name));
      const lower = async () => {
        if (!place) return;
        try {
          await place.lower();
        } catch (error) {
          request.log.warn(
            { err: error, limiter: limits.name },
            'attempt in flight not ended: it stops counting within a minute',
          );
        }
      };
      // Reading does not count: only failures use up an account's attempts.
      const failures = await count(request, () => byAccount(request, { increment: false }));
      const remaining =
        failures && !failures.isAllowed ? failures.remaining : account.failuresPerHour;
      if ((place?.count ?? 1) > remaining) {
        await lower();
        return undefined;
      }

      let open = true;
      const end = async (failed: boolean) => {
        if (!open) return;
        open = false;
        if (failed) await count(request, () => byAccount(request));
        await lower();
      };
      return { failed: () => end(true), done: () => end(false) };
    },
  };
}
