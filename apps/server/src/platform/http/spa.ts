/**
 * Serves the built web app: hashed assets with long caching, sent as the
 * brotli or gzip copy the build made when the browser accepts one, and
 * index.html for every other GET or HEAD that asks for a page (history-mode
 * routing; `/` also for uptime monitors that ask for anything). In demo mode
 * a browser that came by another address than PUBLIC_URL (127.0.0.1 for
 * localhost) is sent there first, since sign-in only returns to PUBLIC_URL.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.js';

/** Paths that belong to the server; an unknown one under them is a JSON 404, never the app. */
const SERVER_PREFIXES = ['/api/', '/identity/', '/.well-known/'];

function asksForPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (SERVER_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return false;
  const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
  return wantsHtml || request.url === '/';
}

export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
    app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
    return;
  }
  const { demo, publicUrl } = app.ctx.config;
  const publicHost = new URL(publicUrl).host;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are found through their originals, never addressed themselves.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (!asksForPage(request)) return sendNotFound(reply);
    if (demo && request.host !== publicHost) {
      // The same path at PUBLIC_URL: appended to its origin, never resolved
      // against it (a path of "//other.example/" would name another host).
      return reply.redirect(`${new URL(publicUrl).origin}${request.url}`, 302);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
