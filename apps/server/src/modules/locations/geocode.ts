/**
 * Geocodes one location with the configured provider. A user's save and the
 * background import treat a provider that cannot answer differently: the
 * user is asked as for an address not found (and may keep it with 'Trotzdem
 * verwenden'), the import tries the row again later.
 */
import { formatAddress } from '@backoffice/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  GeocoderUnavailableError,
  type Geocoder,
  type GeocodeQuery,
  type GeocodeResult,
} from '../../platform/geocoding/geocoder.js';

/** What the provider said about an address: found, not known, or nothing (it failed). */
export type GeocodeOutcome =
  | { kind: 'found'; result: GeocodeResult }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; reason: string };

/** What geocoding uses: the provider, and the log for its outages. */
export interface GeocodeDeps {
  geocoder: Geocoder;
  log: FastifyBaseLogger;
}

export async function geocodeOutcome(
  deps: GeocodeDeps,
  address: GeocodeQuery,
  priority: 'interactive' | 'background',
): Promise<GeocodeOutcome> {
  try {
    const result = await deps.geocoder.geocode(address, priority);
    return result ? { kind: 'found', result } : { kind: 'not_found' };
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    // The cause without a stack: an outage logs this for every row and attempt.
    deps.log.warn(
      { reason: error.message, address: formatAddress(address), priority },
      'geocoder unavailable',
    );
    return { kind: 'unavailable', reason: error.message };
  }
}

/**
 * A user's save: the position, or null when the address was not found or
 * the provider could not answer. The user is at the screen: the save asks
 * "Adresse nicht gefunden" with 'Trotzdem verwenden' (the address is kept
 * without a map position) or 'Adresse prüfen' (a later save tries again);
 * refusing the save outright would lose the user's input to an outage.
 */
export async function geocodeLocation(
  deps: GeocodeDeps,
  address: GeocodeQuery,
): Promise<GeocodeResult | null> {
  const outcome = await geocodeOutcome(deps, address, 'interactive');
  return outcome.kind === 'found' ? outcome.result : null;
}
