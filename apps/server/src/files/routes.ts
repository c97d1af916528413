/**
 * GET /files/<key>: stored uploads (merchant images). Keys are random and
 * checked against the storage's pattern, so nothing outside it can be read.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sendNotFound } from '../http/errors.js';
import { isStorageKey } from './storage.js';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isStorageKey(key)) return sendNotFound(reply);
      const data = await app.ctx.files.get(key);
      if (!data) return sendNotFound(reply);
      const extension = key.split('.').pop() ?? '';
      return reply
        .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(data);
    },
  );
};
