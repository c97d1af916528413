/**
 * The longest one geocoding call may take, stated once (GEOCODER_TIMEOUT_MS;
 * with Nominatim twice that and its pause) and handed to the web app in its runtime config:
 * a location save waits that much longer than other requests, so that the
 * 422 'address_not_found' arrives before the app gives up.
 */
import { ZRuntimeConfig } from '@backoffice/domain';
import { describe, expect, it } from 'vitest';
import { geocodeLimitMs, loadConfig } from '../../../src/platform/config/config.js';
import { claimLeaseMs } from '../../../src/modules/locations/import-worker.js';
import { runtimeConfig } from '../../../src/modules/system/service.js';

describe('the geocoding limit', () => {
  it.each([
    // One request of an import may be under way before a save's, and the pause between them.
    [{ GEOCODER: 'nominatim' }, 11_000],
    [
      { GEOCODER: 'nominatim', GEOCODER_TIMEOUT_MS: '8000', NOMINATIM_MIN_INTERVAL_MS: '1500' },
      17_500,
    ],
    [{ GEOCODER: 'google', GEOCODER_TIMEOUT_MS: '12000' }, 12_000],
    [{}, 5000],
  ])('of %o is %i ms, in the runtime config and the import lease', (env, limit) => {
    const config = loadConfig(env);
    expect(geocodeLimitMs(config)).toBe(limit);
    const client = ZRuntimeConfig.parse(runtimeConfig(config));
    expect(client.geocodeLimitMs).toBe(limit);
    expect(claimLeaseMs(config)).toBe(10 * limit);
  });
});
