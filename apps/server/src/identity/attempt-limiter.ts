/**
 * Guessing limits of the provider's forms and token endpoint, on
 * @fastify/rate-limit's counters: every attempt counts against the client
 * address (request.ip, which believes X-Forwarded-For only from the proxies
 * TRUST_PROXY names), and, where a form names an account, failed attempts
 * count against that account from any address, so that spreading guesses
 * over many addresses does not help either. With REDIS_URL the counters are
 * shared by every server process (http/rate-limit.ts); each limiter's keys
 * carry its name, since the plugin gives every limiter of createRateLimit
 * the same key space in Redis. When the counters cannot be reached the
 * attempt is let through and a warning logged.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logUncounted } from '../http/rate-limit.js';

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

export interface AttemptLimiter {
  /** Counts the attempt; true when the address or the account has used up its attempts. */
  blocked(request: FastifyRequest): Promise<boolean>;
  /** Counts a failed attempt against the request's account. */
  recordFailure(request: FastifyRequest): Promise<void>;
}

export function createAttemptLimiter(app: FastifyInstance, limits: AttemptLimits): AttemptLimiter {
  const byAddress = app.createRateLimit({
    max: limits.perAddressPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `${limits.name}:address:${normalizeIP(request.ip)}`,
    skipOnError: false,
  });
  const account = limits.perAccount;
  const byAccount = account
    ? app.createRateLimit({
        max: account.failuresPerHour,
        timeWindow: 3_600_000,
        keyGenerator: (request) => `${limits.name}:account:${account.accountOf(request) ?? ''}`,
        allowList: (request) => account.accountOf(request) === undefined,
        skipOnError: false,
      })
    : undefined;
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
    async blocked(request) {
      const address = await count(request, () => byAddress(request));
      if (address && !address.isAllowed && address.isExceeded) return true;
      if (!byAccount) return false;
      // Reading does not count: only failures use up an account's attempts.
      const failures = await count(request, () => byAccount(request, { increment: false }));
      return failures !== undefined && !failures.isAllowed && failures.remaining === 0;
    },
    async recordFailure(request) {
      if (byAccount) await count(request, () => byAccount(request));
    },
  };
}
