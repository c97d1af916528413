/**
 * @fastify/rate-limit with its counters in Redis when REDIS_URL is set, so
 * that every server process counts the same attempts; in this process's
 * memory otherwise. Redis must never take the product down with it: commands
 * fail at once while it is unreachable (no offline queue) or after half a
 * second when it hangs, the limits then let requests through with a logged
 * warning (docs/decisions.md, "Several server processes"), and the client
 * reconnects by itself. ioredis loads only when REDIS_URL is set (about 5 MB
 * a process without it need not hold). The app carries the client as
 * `app.limitRedis` for counters the plugin has no store for (the sign-in's
 * attempts in flight, identity/attempt-limiter.ts), so they share its
 * connection and key space.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisSettings } from '../config-services.js';

/** The Redis the limits count in, for counters of their own. */
export interface LimitRedis {
  client: Redis;
  /** Put in front of every key: the plugin's own, under REDIS_KEY_PREFIX. */
  keyPrefix: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits' Redis (registerRateLimit); undefined without REDIS_URL (limits count in memory). */
    limitRedis: LimitRedis | undefined;
  }
}

/** Longest wait for one counter; a hung Redis costs a request no more. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1000;
/** Repeated connection errors of one outage are logged at most this often. */
const WARN_EVERY_MS = 60_000;

async function connectRedis(settings: RedisSettings, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(settings.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  let lastWarning = 0;
  let down = false;
  redis.on('error', (error: Error) => {
    down = true;
    if (Date.now() - lastWarning < WARN_EVERY_MS) return;
    lastWarning = Date.now();
    log.warn(
      { err: error },
      'Redis unreachable: rate limits let requests through until it is back',
    );
  });
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again: rate limits count in Redis');
    down = false;
  });
  return redis;
}

/**
 * Registers the rate-limit plugin (no global limit: routes and limiters opt
 * in) and decorates the app with `limitRedis`.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  settings: RedisSettings | undefined,
): Promise<void> {
  if (!settings) {
    app.decorate('limitRedis', undefined);
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  const redis = await connectRedis(settings, app.log);
  // A process starts without Redis too; the client goes on trying in the background.
  await redis.connect().catch(() => undefined);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  const nameSpace = `${settings.keyPrefix}rate-limit:`;
  app.decorate('limitRedis', { client: redis, keyPrefix: nameSpace });
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace,
    skipOnError: true,
  });
}

/** Logs that a limiter could not count (Redis unreachable) and let the request through. */
export function logUncounted(log: FastifyBaseLogger, error: unknown, limiter: string): void {
  log.warn({ err: error, limiter }, 'rate limit not counted: request let through');
}
