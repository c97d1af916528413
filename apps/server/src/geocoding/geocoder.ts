/**
 * Geocoding behind one interface (spec §5, §9): an offline city-level
 * default, Nominatim and Google. A provider answers null when the address is
 * not found, and throws GeocoderUnavailableError when it cannot answer at all.
 */
import type { Config } from '../config.js';
import { createGoogleGeocoder } from './google.js';
import { createNominatimGeocoder } from './nominatim.js';
import { createOfflineGeocoder } from './offline.js';

export interface GeocodeQuery {
  street: string;
  streetnumber: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface GeocodeResult {
  lat: number;
  lng: number;
  /** The address as the provider writes it. */
  formattedAddress: string;
}

export interface Geocoder {
  readonly name: string;
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
}

export class GeocoderUnavailableError extends Error {}

export function createGeocoder(config: Config): Geocoder {
  const { geocoding } = config;
  switch (geocoding.provider) {
    case 'nominatim':
      return createNominatimGeocoder({
        baseUrl: geocoding.nominatimUrl,
        email: geocoding.nominatimEmail,
        minIntervalMs: geocoding.nominatimMinIntervalMs,
        timeoutMs: geocoding.timeoutMs,
        userAgent: `${config.web.appName} (${config.publicUrl})`,
      });
    case 'google':
      return createGoogleGeocoder({
        url: geocoding.googleUrl,
        key: config.web.mapsKey,
        timeoutMs: geocoding.timeoutMs,
      });
    case 'offline':
      return createOfflineGeocoder();
  }
}

/**
 * Serialises calls and keeps at least `intervalMs` between the end of one and
 * the start of the next (a provider's rate policy). Counting from the end, the
 * provider sees its requests at least that far apart, however long the
 * previous one took to arrive.
 */
export function createThrottle(intervalMs: number): <T>(task: () => Promise<T>) => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  let lastEnd = 0;
  return <T>(task: () => Promise<T>) => {
    const run = async (): Promise<T> => {
      const wait = lastEnd + intervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        return await task();
      } finally {
        lastEnd = Date.now();
      }
    };
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  };
}

/** fetch with a timeout; network failures become GeocoderUnavailableError. */
export async function fetchJson(
  url: string,
  init: { headers?: Record<string, string>; timeoutMs: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    throw new GeocoderUnavailableError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new GeocoderUnavailableError(`HTTP ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new GeocoderUnavailableError('invalid JSON');
  }
}
