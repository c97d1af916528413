/**
 * The services several server processes share besides the database: Redis
 * for the rate-limit counters and an S3-compatible object store for uploaded
 * files. Without them a process counts in memory and keeps files in FILES_DIR.
 */
import { z } from 'zod';
import { booleanFromEnv } from './config-values.js';

const emptyAsUndefined = z.literal('').transform(() => undefined);

export const ZServicesEnv = z.object({
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'a redis:// or rediss:// URL' })
    .optional()
    .or(emptyAsUndefined),
  REDIS_KEY_PREFIX: z.string().max(100).default('backoffice:'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
    .optional()
    .or(emptyAsUndefined),
  S3_ENDPOINT: z.url().optional().or(emptyAsUndefined),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().or(emptyAsUndefined),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().or(emptyAsUndefined),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(5000),
});

type ServicesEnv = z.infer<typeof ZServicesEnv>;

export interface RedisSettings {
  url: string;
  /** Put in front of every key, so that several products or test runs can share one Redis. */
  keyPrefix: string;
}

export interface S3Settings {
  bucket: string;
  /** Undefined means AWS itself (the region's endpoint). */
  endpoint: string | undefined;
  region: string;
  /** Undefined means the SDK's own credential chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Addresses as endpoint/bucket/key instead of bucket.endpoint/key (most self-hosted stores). */
  forcePathStyle: boolean;
  /** Longest wait for a connection to the store. */
  connectTimeoutMs: number;
  /** Longest a whole operation may take (retries and the answer's body included). */
  requestTimeoutMs: number;
}

/** Problems of S3 settings that only make sense together, as `[variable, message]`. */
export function servicesProblems(e: ServicesEnv): [string, string][] {
  const problems: [string, string][] = [];
  const others = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (!e.S3_BUCKET && others.some((value) => value !== undefined)) {
    problems.push(['S3_BUCKET', 'required when other S3_* settings are given']);
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push([
      'S3_SECRET_ACCESS_KEY',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ]);
  }
  return problems;
}

export function redisSettings(e: ServicesEnv): RedisSettings | undefined {
  return e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined;
}

export function s3Settings(e: ServicesEnv): S3Settings | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    connectTimeoutMs: e.S3_CONNECT_TIMEOUT_MS,
    requestTimeoutMs: e.S3_REQUEST_TIMEOUT_MS,
  };
}
