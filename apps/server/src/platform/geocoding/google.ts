/** Google's Geocoding API with the configured maps key. */
import {
  fetchJson,
  GeocoderUnavailableError,
  type GeocodeQuery,
  type GeocodeResult,
  type Geocoder,
} from './provider.js';

interface GoogleAnswer {
  status?: unknown;
  results?: {
    formatted_address?: unknown;
    geometry?: { location?: { lat?: unknown; lng?: unknown } };
  }[];
}

export function createGoogleGeocoder(options: {
  url: string;
  key: string;
  timeoutMs: number;
}): Geocoder {
  return {
    name: 'google',
    async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
      if (!options.key) throw new GeocoderUnavailableError('MAPS_KEY is not set');
      const params = new URLSearchParams({
        address: [`${query.street} ${query.streetnumber}`.trim(), `${query.zip} ${query.city}`]
          .filter(Boolean)
          .join(', '),
        components: `country:${query.country}`,
        language: 'de',
        key: options.key,
      });
      const separator = options.url.includes('?') ? '&' : '?';
      const body = (await fetchJson(`${options.url}${separator}${params.toString()}`, {
        timeoutMs: options.timeoutMs,
      })) as GoogleAnswer;
      // Only ZERO_RESULTS says "no such address"; OVER_QUERY_LIMIT, UNKNOWN_ERROR,
      // REQUEST_DENIED and the like are no answer about the address.
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status !== 'OK') throw new GeocoderUnavailableError(String(body.status));
      const first = body.results?.[0];
      if (!first) return null;
      const lat = Number(first.geometry?.location?.lat);
      const lng = Number(first.geometry?.location?.lng);
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) {
        throw new GeocoderUnavailableError('result without coordinates');
      }
      return {
        lat,
        lng,
        formattedAddress:
          typeof first.formatted_address === 'string' ? first.formatted_address : '',
      };
    },
  };
}
