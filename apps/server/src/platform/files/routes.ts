/**
 * GET /files/<key>: stored uploads (merchant and campaign images). Keys are
 * random and checked against the storage's pattern, so nothing outside it
 * can be read. `?width=&height=` gives the image in that size (docs/product.md#limits
 * optimal size), scaled on the way out (in a bounded line: 503 when it is
 * full); a key never changes its content, so every answer may be cached for a year.
 */
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_SIZE_MAX, IMAGE_SIZE_MIN, type ImageSize } from '@backoffice/domain';
import { sendNotFound, sendServiceUnavailable } from '../http/errors.js';
import { sendProblem } from '../http/problem.js';
import { ImageWorkBusyError, resizeStoredImage } from './images.js';
import { isStorageKey } from './storage.js';

const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;
type Extension = keyof typeof CONTENT_TYPES;
const isExtension = (value: string): value is Extension => value in CONTENT_TYPES;

const side = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= IMAGE_SIZE_MIN && number <= IMAGE_SIZE_MAX ? number : undefined;
};

export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string }; Querystring: { width?: string; height?: string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const extension = key.split('.').pop() ?? '';
      if (!isStorageKey(key) || !isExtension(extension)) return sendNotFound(reply);
      const { width, height } = request.query;
      let size: ImageSize | undefined;
      if (width !== undefined || height !== undefined) {
        const w = side(width);
        const h = side(height);
        if (w === undefined || h === undefined) {
          const field = w === undefined ? 'width' : 'height';
          return sendProblem(reply, { status: 400, key: 'invalid_value', field });
        }
        size = { width: w, height: h };
      }
      const data = await app.ctx.files.get(key);
      if (!data) return sendNotFound(reply);
      let body = data;
      if (size) {
        try {
          body = await resizeStoredImage(data, extension, size);
        } catch (error) {
          if (!(error instanceof ImageWorkBusyError)) throw error;
          return sendServiceUnavailable(reply);
        }
      }
      return reply
        .header('content-type', CONTENT_TYPES[extension])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );
};
