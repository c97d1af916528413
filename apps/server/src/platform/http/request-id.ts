/**
 * Every request's id, sent back in `X-Request-Id` on every answer (errors
 * too), so that a user's report of a failed request (the web app shows the
 * id in the alert) finds its lines in the log, where Fastify writes it as
 * `reqId`. The id is a random UUID: Fastify's default (`req-1`, `req-2`, …)
 * starts again with every process and repeats across instances.
 *
 * A proxy in front (TRUST_PROXY) may have named the request already (nginx's
 * `$request_id`, a load balancer's id): its `X-Request-Id` is taken, so that
 * the proxy's log and ours share the id, but only from a proxy the settings
 * trust (the same rule as for X-Forwarded-For) and only when it is a short
 * token; a client cannot choose the id its requests are logged under.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { trustProxyOption } from '../config/config.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy may hand on: token characters only (no spaces, quotes or
 * line breaks to forge log lines or headers with), at most 128 of them.
 * UUIDs, nginx's 32 hex digits and the usual trace ids fit.
 */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:=@+/-]{1,128}$/;

/** Whether the peer that sent a request is a proxy the settings trust. */
function trustedPeer(trustProxy: Config['trustProxy']): (address: string | undefined) => boolean {
  const option = trustProxyOption(trustProxy);
  if (typeof option === 'boolean') return () => option;
  const trusts = typeof option === 'function' ? option : proxyAddr.compile(option);
  // Hop 0 is the peer itself, the proxy that would have set the header.
  return (address) => address !== undefined && trusts(address, 0);
}

/** Fastify's `genReqId`: a trusted proxy's id when it sent a valid one, else a new UUID. */
export function requestIdGenerator(
  trustProxy: Config['trustProxy'],
): (request: IncomingMessage) => string {
  const fromTrustedPeer = trustedPeer(trustProxy);
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    if (
      typeof sent === 'string' &&
      PROXY_REQUEST_ID.test(sent) &&
      fromTrustedPeer(request.socket.remoteAddress)
    ) {
      return sent;
    }
    return randomUUID();
  };
}

/** Names the request in its answer. */
export function sendRequestId(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(REQUEST_ID_HEADER, request.id);
}

/**
 * Sends the id on every answer: the hook runs first for every request,
 * routed or not, so that rate limits, refusals and errors carry it too.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    sendRequestId(request, reply);
    done();
  });
}
