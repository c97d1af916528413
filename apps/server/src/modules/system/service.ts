/** Readiness and the web app's runtime configuration, from the database's ping and the settings. */
import { currencyForLocale, type TRuntimeConfig } from '@backoffice/domain';
import { geocodeLimitMs, type Config } from '../../platform/config/config.js';
import type { Database } from '../../platform/db/client.js';

/** The settings the web app's runtime configuration is made of. */
type RuntimeConfigSettings = Pick<Config, 'web' | 'identity' | 'publicUrl' | 'geocoding'>;

export function runtimeConfig(config: RuntimeConfigSettings): TRuntimeConfig {
  const { web, identity } = config;
  return {
    appName: web.appName,
    apiUrl: '/api',
    authApiUrl: '',
    oauth: {
      flow: web.flow,
      authorizeUrl: web.authorizeUrl,
      tokenUrl: web.tokenUrl,
      // The built-in provider's; an external provider's tokens are let go of by forgetting them.
      revocationUrl: identity.jwksUrl ? '' : `${config.publicUrl}/identity/revoke`,
      clientId: identity.clientId,
      redirectUri: '',
      scope: web.scope,
      loginHint: web.loginHint,
      realm: identity.realm,
    },
    mapsKey: web.mapsKey,
    currency: currencyForLocale(web.locale),
    locale: web.locale,
    timeZone: web.timeZone,
    availableLocales: web.availableLocales,
    urls: { winnerApp: web.winnerAppUrl, adminApp: web.adminAppUrl, frontend: web.frontendUrl },
    tokenRefreshLeewaySeconds: web.tokenRefreshLeewaySeconds,
    geocodeLimitMs: geocodeLimitMs(config),
  };
}

/** What the system routes use of the application (built in services.ts). */
export interface SystemDeps {
  database: Pick<Database, 'ping'>;
  config: RuntimeConfigSettings;
}

/** The system routes' answers: the database's readiness and the runtime configuration (made once). */
export function createSystemService({ database, config }: SystemDeps) {
  const clientConfig = runtimeConfig(config);
  return {
    /** Whether the database answers. */
    ping: () => database.ping(),
    runtimeConfig: (): TRuntimeConfig => clientConfig,
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
