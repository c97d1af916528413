/**
 * What every geocoding provider shares: the query and answer types, the
 * "cannot answer" error, request pacing and JSON fetching with a timeout.
 */

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

/**
 * Whose request it is: a user waiting for a save (the default), or the
 * background import of a CSV file, whose rows give way to users' saves.
 */
export type GeocodePriority = 'interactive' | 'background';

export interface Geocoder {
  readonly name: string;
  geocode(query: GeocodeQuery, priority?: GeocodePriority): Promise<GeocodeResult | null>;
}

export class GeocoderUnavailableError extends Error {}

/**
 * Serialises calls and keeps at least `intervalMs` between the end of one and
 * the start of the next (a provider's rate policy). Counting from the end, the
 * provider sees its requests at least that far apart, however long the
 * previous one took to arrive. Interactive calls go before background ones
 * that wait: a user's save waits for at most the call under way, however many
 * imports are running.
 */
export function createThrottle(
  intervalMs: number,
): <T>(task: () => Promise<T>, priority?: GeocodePriority) => Promise<T> {
  const waiting: Record<GeocodePriority, (() => void)[]> = { interactive: [], background: [] };
  let busy = false;
  let lastEnd = 0;
  const startNext = () => {
    const next = waiting.interactive.shift() ?? waiting.background.shift();
    if (next) next();
    else busy = false;
  };
  return async <T>(task: () => Promise<T>, priority: GeocodePriority = 'interactive') => {
    // The turn passes from one call to the next without `busy` going false.
    if (busy) await new Promise<void>((resolve) => waiting[priority].push(resolve));
    busy = true;
    try {
      const wait = lastEnd + intervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return await task();
    } finally {
      lastEnd = Date.now();
      startNext();
    }
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
