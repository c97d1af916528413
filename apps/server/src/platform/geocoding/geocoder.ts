/**
 * Geocoding behind one interface (docs/product.md#locations): an offline city-level
 * default, Nominatim and Google. A provider answers null only when it says
 * that it knows no such address (Nominatim: an empty list; Google:
 * ZERO_RESULTS), and throws GeocoderUnavailableError when it gives no answer
 * about the address (timeout, network error, HTTP error, quota, an answer it
 * cannot read): an import tries such a row again later.
 */
import type { Config } from '../config/config.js';
import { createGoogleGeocoder } from './google.js';
import { createNominatimGeocoder } from './nominatim.js';
import { createOfflineGeocoder } from './offline.js';

import type { Geocoder } from './provider.js';

export {
  GeocoderUnavailableError,
  type GeocodeQuery,
  type GeocodeResult,
  type Geocoder,
} from './provider.js';

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
