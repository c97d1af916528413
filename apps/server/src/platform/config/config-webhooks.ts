/**
 * The settings of webhook deliveries (docs/product.md#webhooks): where they
 * may go, how long one attempt may take, when failed ones are tried again,
 * and after how long of only failures an endpoint is switched off.
 */
import { z } from 'zod';
import { booleanFromEnv, commaList } from './config-values.js';

/**
 * The pauses before the attempts after the first (Standard Webhooks' own
 * schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; about 28 hours in all).
 */
const DEFAULT_RETRY_DELAYS = '5,300,1800,7200,18000,36000,36000';

export const ZWebhooksEnv = z.object({
  WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_DELAYS_SECONDS: commaList
    .pipe(
      z
        .array(z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().max(604_800)))
        .max(20),
    )
    .default(DEFAULT_RETRY_DELAYS.split(',').map(Number)),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  WEBHOOK_DISPATCH_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
});

type WebhooksEnv = z.infer<typeof ZWebhooksEnv>;

export interface WebhooksSettings {
  /** Loopback, private and link-local addresses are allowed targets (closed networks, tests). */
  allowPrivate: boolean;
  /** Longest wait for a receiver's answer to one attempt. */
  timeoutMs: number;
  /** Seconds before each attempt after the first; their count is the retries. */
  retryDelaysSeconds: number[];
  /** Hours of only failed deliveries after which an endpoint is switched off and its owner mailed. */
  disableAfterHours: number;
  /** How often waiting events are handed to their endpoints (0: not in this process). */
  dispatchIntervalSeconds: number;
}

export const webhooksSettings = (e: WebhooksEnv): WebhooksSettings => ({
  allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
  timeoutMs: e.WEBHOOK_TIMEOUT_MS,
  retryDelaysSeconds: e.WEBHOOK_RETRY_DELAYS_SECONDS,
  disableAfterHours: e.WEBHOOK_DISABLE_AFTER_HOURS,
  dispatchIntervalSeconds: e.WEBHOOK_DISPATCH_INTERVAL_SECONDS,
});
