/**
 * Types of @fastify/rate-limit's own Redis store (its counting scripts),
 * which the package ships without types; http/rate-limit.ts names its keys.
 */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

  class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string);
    incr(key: string, callback: Counted, timeWindow: number, max: number): void;
    read(key: string, callback: Counted, timeWindow: number, max: number): void;
  }
  export = RedisStore;
}
