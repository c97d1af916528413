/**
 * The settings of the Prometheus metrics (metrics/): whether and where
 * `GET /metrics` is served. Never on the public port without a token: with
 * METRICS_PORT it is served on that port alone (METRICS_HOST, loopback by
 * default), with METRICS_TOKEN a scraper must send it as a bearer token
 * (on whichever port serves it), and with neither there is no /metrics.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** The shortest token taken: 32 characters (`openssl rand -hex 32` gives 64). */
export const METRICS_TOKEN_MIN_LENGTH = 32;

const emptyAsUndefined = z.literal('').transform(() => undefined);

export const ZMetricsEnv = z.object({
  METRICS_TOKEN: z
    .string()
    .min(
      METRICS_TOKEN_MIN_LENGTH,
      `at least ${METRICS_TOKEN_MIN_LENGTH} characters, e.g. from \`openssl rand -hex 32\``,
    )
    .max(1024)
    // What fits a bearer token (RFC 6750's token68) without quoting.
    .regex(/^[A-Za-z0-9\-._~+/]+=*$/, 'letters, digits and -._~+/ only (a bearer token)')
    .optional()
    .or(emptyAsUndefined),
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z
    .string()
    .trim()
    .refine(
      (value) => isIP(value) !== 0 || /^[A-Za-z0-9.-]{1,253}$/.test(value),
      'an address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0',
    )
    .optional()
    .or(emptyAsUndefined),
});

type MetricsEnv = z.infer<typeof ZMetricsEnv> & { PORT: number };

export interface MetricsSettings {
  /** Whether /metrics is served at all (a token or a port of its own is configured). */
  enabled: boolean;
  /** The bearer token a scraper must send; undefined: none asked (on METRICS_PORT only). */
  token: string | undefined;
  /** A port of its own for /metrics (then not served on the public port); undefined: none. */
  port: number | undefined;
  /** Interface the metrics port listens on. */
  host: string;
}

/** Settings that only make sense together, as `[variable, message]`. */
export function metricsProblems(e: MetricsEnv): [string, string][] {
  const problems: [string, string][] = [];
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    problems.push(['METRICS_PORT', 'a port other than PORT (the public one)']);
  }
  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined) {
    problems.push(['METRICS_HOST', 'only together with METRICS_PORT']);
  }
  return problems;
}

export const metricsSettings = (e: MetricsEnv): MetricsSettings => ({
  enabled: e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined,
  token: e.METRICS_TOKEN,
  port: e.METRICS_PORT,
  host: e.METRICS_HOST ?? '127.0.0.1',
});
