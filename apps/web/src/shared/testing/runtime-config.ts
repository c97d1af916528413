/**
 * A runtime configuration for tests, as the server of a German installation
 * hands it out (GET /config.json); a test changes what it is about, e.g. the
 * locale and with it the currency. Only test files import this.
 */
import { currencyForLocale, type TRuntimeConfig } from '@backoffice/domain';

export function testRuntimeConfig(overrides: Partial<TRuntimeConfig> = {}): TRuntimeConfig {
  const locale = overrides.locale ?? 'de-DE';
  return {
    appName: 'Kampagnen-Backoffice',
    apiUrl: '/api',
    authApiUrl: '/api',
    oauth: {
      flow: 'code',
      authorizeUrl: '/identity/authorize',
      tokenUrl: '/identity/token',
      revocationUrl: '/identity/revoke',
      clientId: 'backoffice-web',
      redirectUri: '',
      scope: 'base',
      loginHint: '',
      realm: 'backoffice',
    },
    mapsKey: '',
    currency: currencyForLocale(locale),
    locale,
    timeZone: 'Europe/Berlin',
    availableLocales: ['de'],
    urls: { winnerApp: '', adminApp: '', frontend: '' },
    tokenRefreshLeewaySeconds: 600,
    // GEOCODER=nominatim with its defaults: twice GEOCODER_TIMEOUT_MS (5000) and a 1000 ms pause.
    geocodeLimitMs: 11_000,
    ...overrides,
  };
}
