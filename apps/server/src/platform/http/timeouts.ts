/**
 * How long the server waits for a client: the whole request, body included,
 * within HTTP_REQUEST_TIMEOUT_MS and its headers within
 * HTTP_HEADERS_TIMEOUT_MS; a client that is slower (announcing a large body
 * and sending a byte now and then, or headers a byte at a time) is answered
 * 408 and its connection closed, so slow clients cannot hold connections
 * and memory indefinitely. A connection on which nothing moves in either
 * direction for as long as a whole request may take is closed too (a client
 * that stops reading its answer). Keep-alive connections between requests
 * are closed after Fastify's keepAliveTimeout (72 s, longer than the usual
 * idle timeout of a load balancer in front).
 */
import type { ServerOptions } from 'node:http';
import type { Config } from '../config/config.js';

/**
 * Node checks its request and header timeouts every so often, not for each
 * connection on time (30 s by default): a quarter of the headers' timeout
 * cuts slow clients off near the limit.
 */
function checkingInterval(headersTimeoutMs: number): number {
  return Math.min(30_000, Math.max(250, Math.floor(headersTimeoutMs / 4)));
}

/** The Fastify options that set the server's timeouts. */
export function serverTimeouts(http: Config['http']): {
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: checkingInterval(http.headersTimeoutMs),
    },
  };
}
