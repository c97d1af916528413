/**
 * Nominatim (OpenStreetMap) search with structured parameters. Its usage
 * policy allows one request per second and asks for an identifying
 * User-Agent; both are honoured here for every caller of this process.
 */
import {
  createThrottle,
  fetchJson,
  GeocoderUnavailableError,
  type GeocodePriority,
  type GeocodeQuery,
  type GeocodeResult,
  type Geocoder,
} from './provider.js';

interface NominatimOptions {
  baseUrl: string;
  email: string;
  minIntervalMs: number;
  timeoutMs: number;
  userAgent: string;
}

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const throttle = createThrottle(options.minIntervalMs);
  return {
    name: 'nominatim',
    async geocode(query: GeocodeQuery, priority?: GeocodePriority): Promise<GeocodeResult | null> {
      const params = new URLSearchParams({
        format: 'jsonv2',
        limit: '1',
        street: [query.streetnumber, query.street].filter(Boolean).join(' '),
        postalcode: query.zip,
        city: query.city,
        countrycodes: query.country.toLowerCase(),
      });
      if (options.email) params.set('email', options.email);
      const body = await throttle(
        () =>
          fetchJson(`${options.baseUrl}/search?${params.toString()}`, {
            headers: { 'user-agent': options.userAgent, 'accept-language': 'de' },
            timeoutMs: options.timeoutMs,
          }),
        priority,
      );
      // Only an empty list says "no such address"; an error object is no answer.
      if (!Array.isArray(body)) throw new GeocoderUnavailableError('unexpected answer');
      const first = body[0] as NominatimPlace | undefined;
      if (!first) return null;
      const lat = Number(first.lat);
      const lng = Number(first.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) {
        throw new GeocoderUnavailableError('place without coordinates');
      }
      return {
        lat,
        lng,
        formattedAddress: typeof first.display_name === 'string' ? first.display_name : '',
      };
    },
  };
}
