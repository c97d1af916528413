/**
 * The settings of geocoding: the provider (offline, Nominatim or Google),
 * its addresses and timeout, and how an uploaded row whose provider could
 * not answer is tried again.
 */
import { z } from 'zod';

export const ZGeocodingEnv = z.object({
  GEOCODER: z.enum(['offline', 'nominatim', 'google']).default('offline'),
  NOMINATIM_URL: z.url().default('https://nominatim.openstreetmap.org'),
  NOMINATIM_EMAIL: z.string().default(''),
  NOMINATIM_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  GOOGLE_GEOCODING_URL: z.url().default('https://maps.googleapis.com/maps/api/geocode/json'),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  GEOCODER_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(10),
  GEOCODER_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  GEOCODER_RETRY_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
});

type GeocodingEnv = z.infer<typeof ZGeocodingEnv>;

export interface GeocodingSettings {
  provider: 'offline' | 'nominatim' | 'google';
  nominatimUrl: string;
  /** Contact address sent to Nominatim (its usage policy asks for one). */
  nominatimEmail: string;
  /** Nominatim's usage policy: at most one request per second. */
  nominatimMinIntervalMs: number;
  googleUrl: string;
  timeoutMs: number;
  /**
   * An uploaded row whose provider could not answer (timeout, HTTP 5xx,
   * quota) is tried again this many times, after `retryDelaySeconds`,
   * doubled for each further attempt up to `retryMaxDelaySeconds`; then it
   * ends as 'geocoder_failed' (never as "not found").
   */
  retryLimit: number;
  retryDelaySeconds: number;
  retryMaxDelaySeconds: number;
}

export const geocodingSettings = (e: GeocodingEnv): GeocodingSettings => ({
  provider: e.GEOCODER,
  nominatimUrl: e.NOMINATIM_URL.replace(/\/$/, ''),
  nominatimEmail: e.NOMINATIM_EMAIL,
  nominatimMinIntervalMs: e.NOMINATIM_MIN_INTERVAL_MS,
  googleUrl: e.GOOGLE_GEOCODING_URL,
  timeoutMs: e.GEOCODER_TIMEOUT_MS,
  retryLimit: e.GEOCODER_RETRY_LIMIT,
  retryDelaySeconds: e.GEOCODER_RETRY_DELAY_SECONDS,
  retryMaxDelaySeconds: Math.max(
    e.GEOCODER_RETRY_MAX_DELAY_SECONDS,
    e.GEOCODER_RETRY_DELAY_SECONDS,
  ),
});

/**
 * The longest one geocoding call may take: the provider's timeout
 * (GEOCODER_TIMEOUT_MS); with Nominatim, whose requests go one at a time,
 * also the request under way before it (an import's row; users' saves go
 * before waiting rows) and the pause between the two. The import worker's
 * lease and the web app's wait for a location save follow from it (the
 * runtime config's `geocodeLimitMs`).
 */
export function geocodeLimitMs({ geocoding }: { geocoding: GeocodingSettings }): number {
  return geocoding.provider === 'nominatim'
    ? 2 * geocoding.timeoutMs + geocoding.nominatimMinIntervalMs
    : geocoding.timeoutMs;
}
