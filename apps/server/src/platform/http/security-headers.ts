/**
 * The security headers of every answer (helmet), in one place: an onRequest
 * hook sends them on every request, routed or not, and answers Fastify gives
 * before any route is found (a path that is not valid percent-encoding) get
 * the same headers from here. helmet's middleware is built once: the Fastify
 * plugin built it anew for every request, parsing the options and the
 * Content-Security-Policy each time.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { sendProblem } from './problem.js';
import { sendRequestId } from './request-id.js';

/** Sets the security headers on a raw answer (helmet's middleware). */
export type SecurityHeaders = ReturnType<typeof helmet>;

/**
 * Helmet's middleware with this product's settings, built once: a strict
 * Content-Security-Policy (scripts same-origin only), which asks browsers to
 * upgrade insecure requests only when the product is served over HTTPS
 * (`PUBLIC_URL`): over plain HTTP, as on a developer's machine, the upgrade
 * would break every request. The web app connects to its own origin, and to
 * an external provider's token endpoint (`OAUTH_TOKEN_URL`), where it
 * exchanges the sign-in's code.
 */
export function securityHeaders(publicUrl: string, tokenUrl?: string): SecurityHeaders {
  const https = new URL(publicUrl).protocol === 'https:';
  const tokenOrigin = tokenUrl ? new URL(tokenUrl, publicUrl).origin : undefined;
  const connectOrigins =
    tokenOrigin && tokenOrigin !== new URL(publicUrl).origin ? [tokenOrigin] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        // Mantine sets inline styles; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", ...connectOrigins],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
  });
}

/** Sends the security headers on every answer of the app. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  setSecurityHeaders: SecurityHeaders,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}

/**
 * The longest path parameter the router takes: longer than any request line
 * Node accepts (16 KiB of headers), so the router never refuses one itself.
 * An address over MAX_URL_LENGTH (input-hygiene.ts) is answered 414; a
 * parameter of a shorter one reaches the route's schema, which refuses it
 * like any other bad value.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Fastify's errors before routing (a path that does not decode, a parameter
 * over MAX_PARAM_LENGTH): the product's error body and headers (the request
 * id too: no hook runs for them), as a bad id gets them from the schema.
 */
export function frameworkErrorAnswer(
  setSecurityHeaders: SecurityHeaders,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    request.log.info({ code: error.code }, 'request refused before routing');
    sendRequestId(request, reply);
    setSecurityHeaders(request.raw, reply.raw, () => {
      void sendProblem(reply, { status: 400, key: 'invalid_value', field: 'path' });
    });
  };
}
