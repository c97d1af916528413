/**
 * The server's logger: pino, with the request serialiser Fastify would use
 * minus the secrets requests carry. Query values that grant access
 * (invitation tokens, authorization codes, tokens, PKCE verifiers) or name a
 * person (login hints) are replaced, and pino's redaction removes
 * credentials wherever a log call passes headers or a body.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Level } from 'pino';

const SECRET_PARAMS = new Set([
  'token',
  'code',
  'access_token',
  'id_token',
  'refresh_token',
  'code_verifier',
  'login_hint',
  'password',
  'password_repeat',
]);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; only known names are secret.
      }
      return eq >= 0 && SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Names that are secret wherever they appear ('code' and 'token' also name harmless things, e.g. err.code). */
const SECRET_ANYWHERE = [
  'authorization',
  'password',
  'password_repeat',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'login_hint',
];

/** Credentials that a log call might pass along with headers or a body. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.cookie',
  ...SECRET_ANYWHERE.flatMap((name) => [name, `*.${name}`]),
  ...[...SECRET_PARAMS].map((name) => `req.body.${name}`),
  'body.token',
  'body.code',
];

export function createLogger(
  level: Level | 'silent',
  destination?: DestinationStream,
): FastifyBaseLogger {
  const options = {
    level,
    serializers: { req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
  return destination ? pino(options, destination) : pino(options);
}
