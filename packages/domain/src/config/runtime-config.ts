/**
 * The configuration the server hands to the web app at run time, so that one
 * build of the app runs in every environment (docs/product.md#limits "Environment configuration").
 */
import { z } from 'zod';

export const OAUTH_FLOWS = ['code', 'implicit'] as const;
export type OAuthFlow = (typeof OAUTH_FLOWS)[number];

export const CURRENCIES = ['EUR', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The Swiss locale only changes the currency (docs/product.md#the-product). */
export function currencyForLocale(locale: string): Currency {
  return locale === 'de-CH' ? 'CHF' : 'EUR';
}

export const ZRuntimeConfig = z.object({
  appName: z.string(),
  /** Base URL of the merchant API, e.g. /api. */
  apiUrl: z.string(),
  /** Base URL of the auth API that serves /api/v2/my/tokens. */
  authApiUrl: z.string(),
  oauth: z.object({
    flow: z.enum(OAUTH_FLOWS),
    authorizeUrl: z.string(),
    tokenUrl: z.string(),
    /**
     * The provider's token revocation endpoint (RFC 7009), which logout
     * calls; empty when there is none (an external provider): logout then
     * calls POST {apiUrl}/session/logout.
     */
    revocationUrl: z.string(),
    clientId: z.string(),
    /** Where the provider sends the user back; empty means {origin}/oauth2/postback. */
    redirectUri: z.string(),
    scope: z.string(),
    loginHint: z.string(),
    /** The token name in /api/v2/my/tokens that replaces the stored token. */
    realm: z.string(),
  }),
  mapsKey: z.string(),
  currency: z.enum(CURRENCIES),
  locale: z.string(),
  /** IANA time zone dates are shown in and statistics are counted by (e.g. Europe/Berlin). */
  timeZone: z.string(),
  availableLocales: z.array(z.string()).min(1),
  urls: z.object({
    winnerApp: z.string(),
    adminApp: z.string(),
    frontend: z.string(),
  }),
  /** Seconds before expiry at which the web app refreshes its token. */
  tokenRefreshLeewaySeconds: z.number().int().min(1),
  /**
   * The longest the server's geocoding of one address may take (the
   * provider's timeout, plus Nominatim's pause between two requests): a
   * location save waits this much longer for its answer than other requests,
   * so that 'address not found' arrives before the web app gives up.
   */
  geocodeLimitMs: z.number().int().min(0),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
