/**
 * Guessing limits of the provider's forms and token endpoint, on
 * @fastify/rate-limit's counters: every attempt counts against the client
 * address (request.ip, which believes X-Forwarded-For only from the proxies
 * TRUST_PROXY names), and, where a form names an account, failed attempts
 * count against that account from any address, so that spreading guesses
 * over many addresses does not help either.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface AttemptLimits {
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
  });
  const account = limits.perAccount;
  const byAccount = account
    ? app.createRateLimit({
        max: account.failuresPerHour,
        timeWindow: 3_600_000,
        keyGenerator: (request) => `account:${account.accountOf(request) ?? ''}`,
        allowList: (request) => account.accountOf(request) === undefined,
      })
    : undefined;

  return {
    async blocked(request) {
      const address = await byAddress(request);
      if (!address.isAllowed && address.isExceeded) return true;
      if (!byAccount) return false;
      // Reading does not count: only failures use up an account's attempts.
      const failures = await byAccount(request, { increment: false });
      return !failures.isAllowed && failures.remaining === 0;
    },
    async recordFailure(request) {
      if (byAccount) await byAccount(request);
    },
  };
}
