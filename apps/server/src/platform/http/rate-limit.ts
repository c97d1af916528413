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
 * connection and key space. Every key reads
 * `<REDIS_KEY_PREFIX>rate-limit:<limiter>:<what it counts>:<address or account>`.
 */
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import PluginRedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisSettings } from '../config/config-services.js';

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

/** What the plugin hands a store's child(): the limiter's options, and the route's when it is one. */
interface ChildOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * The plugin's Redis store with keys of our naming. Its own store names a
 * limiter's keys by the route's method and URL, which a limiter of
 * createRateLimit has none of: every key read
 * `…rate-limit:undefinedundefined-sign-in:…`. Here a limiter of
 * createRateLimit counts under the name its keyGenerator puts first
 * (`sign-in:address:…`), a route's own limit under its method and URL.
 */
function namedRedisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class NamedRedisStore implements FastifyRateLimitStore {
    private readonly counters: PluginRedisStore;

    constructor(options: ChildOptions, key = nameSpace) {
      this.counters = new PluginRedisStore(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        redis,
        key,
      );
    }

    incr(...args: Parameters<PluginRedisStore['incr']>): void {
      this.counters.incr(...args);
    }

    /** Counts without adding (createRateLimit's `{ increment: false }`). */
    read(...args: Parameters<PluginRedisStore['read']>): void {
      this.counters.read(...args);
    }

    child(options: object): FastifyRateLimitStore {
      const { routeInfo, ...flags } = options as ChildOptions;
      const method = routeInfo?.method;
      const url = routeInfo?.url;
      const route = typeof method === 'string' && typeof url === 'string' ? `${method}${url}:` : '';
      return new NamedRedisStore(flags, `${nameSpace}${route}`);
    }
  }
  return NamedRedisStore;
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
    store: namedRedisStore(redis, nameSpace),
    skipOnError: true,
  });
}

/** Logs that a limiter could not count (Redis unreachable) and let the request through. */
export function logUncounted(log: FastifyBaseLogger, error: unknown, limiter: string): void {
  log.warn({ err: error, limiter }, 'rate limit not counted: request let through');
}
