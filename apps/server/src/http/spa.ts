/**
 * Serves the built web app: hashed assets with long caching, and index.html
 * for every other GET that asks for HTML (history-mode routing).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors.js';

/** Paths that belong to the server; an unknown one under them is a JSON 404, never the app. */
const SERVER_PREFIXES = ['/api/', '/identity/', '/.well-known/'];

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
    app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
    const serverPath = SERVER_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (request.method === 'GET' && wantsHtml && !serverPath) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}
