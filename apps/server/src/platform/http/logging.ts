/**
 * The server's logger: pino, with the request serialiser Fastify would use
 * minus the secrets and personal ids requests carry. Query values that grant
 * access (invitation tokens, authorization codes, tokens, PKCE verifiers) or
 * name a person (login hints, participant ids, search texts) are replaced;
 * so are path parameters that name a participant, in every route that has
 * one (PERSONAL_PATH_PARAMS). Errors are logged without the parameters of a
 * failed query, and pino's redaction removes credentials wherever a log call
 * passes headers or a body.
 */
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { pino, stdSerializers, type DestinationStream, type Level } from 'pino';

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
/**
 * Path parameters that name a participant (the consumer app's id of a
 * person, which an erasure must not leave behind in the logs): any route
 * with a parameter of one of these names is logged with its value replaced.
 */
const PERSONAL_PATH_PARAMS = new Set(['participant', 'participant_id', 'participantId']);
/**
 * Query parameters whose values name a person wherever they appear:
 * participant ids, and search texts (`q`), which are whatever a user typed,
 * e.g. a participant id in the search of an access-code set's uses.
 */
const PERSONAL_QUERY_PARAMS = new Set([...PERSONAL_PATH_PARAMS, 'q']);
const REDACTED_QUERY_PARAMS = new Set([
  ...SECRET_PARAMS,
  ...[...PERSONAL_QUERY_PARAMS].map((name) => name.toLowerCase()),
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
      return eq >= 0 && REDACTED_QUERY_PARAMS.has(name.toLowerCase())
        ? `${rawName}=${REDACTED}`
        : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/** A parameter of a route template (`:name`, optionally with a regular expression), or its wildcard. */
const TEMPLATE_PARAM = /:([A-Za-z0-9_]+)(\([^)]*\))?|\*/g;

/**
 * The request's URL with the values of personal path parameters replaced:
 * rebuilt from the route's template (`/api/admin/participants/:participant`)
 * when the route has such a parameter, so that no way of writing the value
 * (escaped, with a trailing slash, refused by the route's schema) survives.
 * Requests found by no route have no parameters and keep their path.
 */
function redactPath(request: FastifyRequest): string {
  const template = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (!template || !Object.keys(params).some((name) => PERSONAL_PATH_PARAMS.has(name))) {
    return request.url;
  }
  const path = template.replace(TEMPLATE_PARAM, (whole: string, name: string | undefined) => {
    const key = name ?? '*';
    if (PERSONAL_PATH_PARAMS.has(key)) return REDACTED;
    const value = params[key];
    return typeof value === 'string' ? encodeURIComponent(value) : whole;
  });
  const query = request.url.indexOf('?');
  return query < 0 ? path : `${path}${request.url.slice(query)}`;
}

const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(redactPath(request)),
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

/**
 * Pino's error serialiser without the parameters of failed queries: Drizzle
 * puts them into its error's message (`params: …`), and they hold whatever a
 * query was given, participant ids and email addresses among them. The SQL
 * text stays.
 */
function serializeError(error: unknown): unknown {
  const serialized = stdSerializers.err(error as Error) as unknown;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const fields = serialized as Record<string, unknown>;
  for (let current = error, depth = 0; depth < 10; depth += 1) {
    if (!(current instanceof Error)) break;
    if (current instanceof DrizzleQueryError) {
      const shown = `params: ${String(current.params)}`;
      for (const key of ['message', 'stack']) {
        const text = fields[key];
        if (typeof text === 'string') fields[key] = text.replaceAll(shown, `params: ${REDACTED}`);
      }
    }
    current = current.cause;
  }
  if ('params' in fields) fields.params = REDACTED;
  return fields;
}

export function createLogger(
  level: Level | 'silent',
  destination?: DestinationStream,
): FastifyBaseLogger {
  const options = {
    level,
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The log file of demo mode, inside the data folder. */
export const demoLogFile = (dataDir: string): string => path.join(dataDir, 'logs', 'server.log');

/**
 * Where demo mode logs (`npm start` on the embedded database): every line
 * into `DATA_DIR/logs/server.log`, so that the console shows the start's
 * progress and the address to open instead of two JSON lines per request;
 * warnings and errors are copied to standard error, where the person trying
 * the product sees them. Written synchronously, as pino writes to standard
 * output, so that nothing is lost when the process ends. Every other mode
 * logs JSON lines to standard output (createLogger without a destination).
 */
export function demoLogDestination(dataDir: string, level: Level | 'silent'): DestinationStream {
  const file = pino.destination({ dest: demoLogFile(dataDir), mkdir: true, sync: true });
  return pino.multistream([
    { level: level === 'silent' ? 'fatal' : level, stream: file },
    { level: 'warn', stream: process.stderr },
  ]);
}
