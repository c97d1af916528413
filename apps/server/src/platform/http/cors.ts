/**
 * Cross-origin calls of the API from browser apps on other origins
 * (docs/api.md, "Calling the API from a browser"): only the origins in
 * CORS_ORIGINS, only the API (the identity provider's pages answer no
 * cross-origin request), with the bearer token in the Authorization header
 * and no cookies. Preflight requests are answered before authentication.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id.js';

/** Headers a browser app may send besides the simple ones. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'idempotency-key', REQUEST_ID_HEADER];
/** Headers of an answer a browser app may read besides the simple ones. */
const EXPOSED_HEADERS = [
  REQUEST_ID_HEADER,
  'idempotent-replayed',
  'retry-after',
  'www-authenticate',
];

/** Registers CORS in the API's scope, before its authentication; nothing when no origin is allowed. */
export async function registerCors(
  api: FastifyInstance,
  origins: readonly string[],
): Promise<void> {
  if (origins.length === 0) return;
  await api.register(fastifyCors, {
    origin: [...origins],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  });
}
