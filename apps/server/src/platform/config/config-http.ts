/**
 * The settings of the HTTP server: how long a request may take to arrive
 * (slow clients are cut off) and which other browser origins may call the
 * API (CORS).
 */
import { z } from 'zod';
import { commaList } from './config-values.js';

/** An origin as CORS compares it: scheme, host and port, no path. */
const origin = z
  .url()
  .refine(
    (value) => new URL(value).origin === value.replace(/\/$/, ''),
    'an origin: scheme, host and port, no path (e.g. https://crm.example.com)',
  )
  .transform((value) => new URL(value).origin);

export const ZHttpEnv = z.object({
  // A 5 MB image over a slow mobile uplink (about 0.5 Mbit/s) takes some 90 s.
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  CORS_ORIGINS: commaList.pipe(z.array(origin)).default([]),
});

type HttpEnv = z.infer<typeof ZHttpEnv>;

export interface HttpSettings {
  /** Longest time to receive a whole request, body included (slow clients are cut off). */
  requestTimeoutMs: number;
  /** Longest time to receive a request's headers; at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** Browser origins other than the app's own that may call the API (CORS); none by default. */
  corsOrigins: string[];
}

export const httpSettings = (e: HttpEnv): HttpSettings => ({
  requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
  headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
  corsOrigins: e.CORS_ORIGINS,
});
