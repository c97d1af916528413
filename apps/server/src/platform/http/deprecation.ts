/**
 * Deprecation as code (docs/api.md "Changes and deprecation"): a route
 * declares `config: { deprecated: { since, sunset } }`, and then the OpenAPI
 * document marks its operation `deprecated: true` (openapi.ts), and every
 * answer of it, errors included, carries the headers
 *
 * - `Deprecation: @<unix seconds>` (RFC 9745): since when it is deprecated,
 * - `Sunset: <HTTP-date>` (RFC 8594): after when it may be removed,
 * - `Link: <…>; rel="deprecation"`: where the change is documented.
 *
 * The dates are checked when the route is registered: a sunset less than
 * six months after the deprecation does not start the server.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteDeprecation {
  /** The day the operation was marked deprecated (`YYYY-MM-DD`, UTC). */
  since: string;
  /** The day after which it may be removed (`YYYY-MM-DD`, UTC): at least six months after `since`. */
  sunset: string;
  /** Where the change is documented; the API document (/api/docs) unless given. */
  link?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the route deprecated (registerDeprecation, and `deprecated` in the OpenAPI document). */
    deprecated?: RouteDeprecation;
  }
}

/** The least time between deprecation and sunset the API promises (docs/api.md). */
const MIN_SUNSET_MONTHS = 6;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(value: string, name: string, url: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (!DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new Error(`${url}: deprecated.${name} must be a day YYYY-MM-DD, not "${value}"`);
  return date;
}

/**
 * The headers every answer of a deprecated route carries. Throws when the
 * dates are no days or the sunset is less than six months after `since`.
 */
export function deprecationHeaders(
  deprecation: RouteDeprecation,
  docsUrl: string,
  url = 'route',
): Record<'deprecation' | 'sunset' | 'link', string> {
  const since = dayOf(deprecation.since, 'since', url);
  const sunset = dayOf(deprecation.sunset, 'sunset', url);
  const earliest = new Date(since);
  earliest.setUTCMonth(earliest.getUTCMonth() + MIN_SUNSET_MONTHS);
  if (sunset < earliest)
    throw new Error(
      `${url}: deprecated.sunset must be at least ${MIN_SUNSET_MONTHS} months after deprecated.since`,
    );
  return {
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    sunset: sunset.toUTCString(),
    link: `<${deprecation.link ?? docsUrl}>; rel="deprecation"; type="text/html"`,
  };
}

/**
 * Adds the deprecation headers to every answer of the routes that declare
 * `config.deprecated` (registered after it, so that their dates are checked). `docsUrl` is the default of
 * the `Link` header (the API document under PUBLIC_URL).
 */
export function registerDeprecation(app: FastifyInstance, docsUrl: string): void {
  // The dates are checked as each route is registered: a wrong one stops the start.
  app.addHook('onRoute', (route) => {
    const deprecation = route.config?.deprecated;
    if (deprecation)
      deprecationHeaders(deprecation, docsUrl, `${String(route.method)} ${route.url}`);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const deprecation = request.routeOptions.config.deprecated;
    if (!deprecation) return payload;
    const headers = deprecationHeaders(deprecation, docsUrl);
    const link = reply.getHeader('link');
    reply.headers({
      deprecation: headers.deprecation,
      sunset: headers.sunset,
      link: link ? `${String(link)}, ${headers.link}` : headers.link,
    });
    return payload;
  });
}
