/** Geocodes one location with the configured provider; failures count as "not found". */
import { formatAddress } from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import {
  GeocoderUnavailableError,
  type GeocodePriority,
  type GeocodeResult,
} from '../../geocoding/geocoder.js';

export async function geocodeLocation(
  ctx: AppContext,
  address: { street: string; streetnumber: string; zip: string; city: string; country: string },
  priority: GeocodePriority = 'interactive',
): Promise<GeocodeResult | null> {
  try {
    return await ctx.geocoder.geocode(address, priority);
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    // The user can still keep the address ('Trotzdem verwenden'); the cause goes to the log.
    ctx.log.warn({ err: error, address: formatAddress(address) }, 'geocoder unavailable');
    return null;
  }
}
