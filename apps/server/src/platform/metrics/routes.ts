/**
 * Serves the metrics (metrics.ts) and counts every answered request. Where:
 * with METRICS_PORT on that port alone (its own small HTTP server, on
 * METRICS_HOST), otherwise with METRICS_TOKEN as GET /metrics on the public
 * port; with neither there is no /metrics (404, as for any unknown path).
 * With a token, a scrape without `Authorization: Bearer <token>`, or with
 * another token, gets 401 and a `WWW-Authenticate` challenge; the tokens are
 * compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import type { MessageKey } from '@backoffice/domain';
import { PROBLEM_CONTENT_TYPE, problemBody, sendProblem } from '../http/problem.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

const CHALLENGE = 'Bearer realm="metrics"';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries the token. Both sides are hashed
 * first, so that the comparison takes the same time whatever the length or
 * content of what was sent.
 */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header === undefined ? null : /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}

/** What serving the metrics needs of the application's context (AppContext). */
export interface MetricsContext {
  config: Config;
  log: FastifyBaseLogger;
  metrics: Metrics;
}

export function registerMetrics(app: FastifyInstance, ctx: MetricsContext): void {
  const { metrics } = ctx;
  const settings = ctx.config.metrics;
  if (!metrics.enabled) return;

  // The route's pattern (never the URL itself), read when the answer has gone out.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestDone({
      route: request.routeOptions.url,
      method: request.method,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });

  const expected = settings.token === undefined ? undefined : digest(settings.token);
  if (settings.port === undefined) {
    if (!expected) return;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) =>
      answerOnPublicPort(request, reply, { metrics, expected }),
    );
    return;
  }

  const port = settings.port;
  let server: Server | undefined;
  app.addHook('onReady', async () => {
    const listening = createServer((request, response) => {
      void answerOnMetricsPort(request, response, {
        metrics,
        expected,
        publicUrl: ctx.config.publicUrl,
      }).catch((error: unknown) => {
        ctx.log.error({ err: error }, 'metrics: scrape failed');
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    listening.on('clientError', (_error, socket) => socket.destroy());
    // A port taken (or not allowed) stops the start, as the public port's would.
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, settings.host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    listening.on('error', (error) => ctx.log.error({ err: error }, 'metrics port failed'));
    server = listening;
    ctx.log.info({ address: listening.address() }, 'metrics served on their own port');
  });
  app.addHook('onClose', async () => {
    const stopping = server;
    if (!stopping) return;
    await new Promise<void>((resolve) => {
      stopping.close(() => resolve());
      stopping.closeAllConnections();
    });
  });
}

async function answerOnPublicPort(
  request: FastifyRequest,
  reply: FastifyReply,
  { metrics, expected }: { metrics: Metrics; expected: Buffer },
) {
  reply.header('cache-control', 'no-store');
  if (!bearerMatches(request.headers.authorization, expected)) {
    return sendProblem(reply.header('www-authenticate', CHALLENGE), {
      status: 401,
      key: 'unauthorized',
    });
  }
  const { contentType, text } = await metrics.scrape();
  return reply.type(contentType).send(text);
}

/** The metrics port's one path; anything else is 404 (or 405 for another method). */
async function answerOnMetricsPort(
  request: IncomingMessage,
  response: ServerResponse,
  {
    metrics,
    expected,
    publicUrl,
  }: { metrics: Metrics; expected: Buffer | undefined; publicUrl: string },
): Promise<void> {
  const json = (status: number, message: MessageKey, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'content-type': PROBLEM_CONTENT_TYPE,
      'cache-control': 'no-store',
      ...headers,
    });
    response.end(JSON.stringify(problemBody(publicUrl, { status, key: message })));
  };
  const path = (request.url ?? '').split('?', 1)[0];
  if (path !== METRICS_PATH) {
    json(404, 'not_found');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    json(405, 'method_not_allowed', { allow: 'GET, HEAD' });
    return;
  }
  if (expected && !bearerMatches(request.headers.authorization, expected)) {
    json(401, 'unauthorized', { 'www-authenticate': CHALLENGE });
    return;
  }
  const { contentType, text } = await metrics.scrape();
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : text);
}
