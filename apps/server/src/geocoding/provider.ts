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

export interface Geocoder {
  readonly name: string;
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
}

export class GeocoderUnavailableError extends Error {}

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
