/**
 * The Prometheus metrics of a server process (docs/operations.md,
 * "Metrics"): one registry per app context, never prom-client's global one,
 * so that the apps the tests build side by side count each on their own.
 * The modules tell what happened through Metrics (types.ts: a sign-in
 * failed, a mail was sent); when metrics are off (no METRICS_TOKEN or
 * METRICS_PORT) they do nothing and prom-client is never loaded.
 */
import type { MetricsSettings } from '../config/config-metrics.js';
import type { Metrics, MetricsSources } from './types.js';

export {
  SIGN_IN_FAILURE_REASONS,
  type Metrics,
  type MetricsSources,
  type SignInFailureReason,
} from './types.js';

const nothing = () => {};

/** Metrics off: nothing counted, nothing to scrape. */
export const NO_METRICS: Metrics = {
  enabled: false,
  scrape: () => Promise.reject(new Error('metrics are off')),
  requestDone: nothing,
  signInFailed: nothing,
  mailSent: nothing,
  mailFailed: nothing,
  ingested: nothing,
  jobFailed: nothing,
};

/** The metrics of one app context: prom-client's (loaded now) when configured, else none. */
export async function createMetrics(
  settings: MetricsSettings,
  sources: MetricsSources,
): Promise<Metrics> {
  if (!settings.enabled) return NO_METRICS;
  const { createPrometheusMetrics } = await import('./prometheus.js');
  return createPrometheusMetrics(sources);
}
