/**
 * GET /files/<key>: stored images (merchant and campaign images). Keys are
 * random and checked against the images' pattern, so nothing outside it
 * can be read, nor an upload as received. The image is served in its format,
 * made on the first request and kept (image-store.ts); `?width=&height=` gives
 * it in that size (docs/product.md#limits optimal size), made the same way
 * (in a bounded line: 503 when it is full); a key never changes its content,
 * so every answer may be cached for a year.
 */
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_SIZE_MAX, IMAGE_SIZE_MIN, type ImageSize } from '@backoffice/domain';
import { sendNotFound, sendServiceUnavailable } from '../http/errors.js';
import { sendProblem } from '../http/problem.js';
import { ImageWorkBusyError } from './images.js';
import { shownImage, sizedImage } from './image-store.js';
import { isImageKey } from './storage.js';

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
      if (!isImageKey(key) || !isExtension(extension)) return sendNotFound(reply);
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
      const { db, files } = app.ctx;
      let body;
      try {
        body = size
          ? await sizedImage({ db, files }, key, { extension, size })
          : await shownImage({ db, files }, key, extension);
      } catch (error) {
        if (!(error instanceof ImageWorkBusyError)) throw error;
        return sendServiceUnavailable(reply);
      }
      if (!body) return sendNotFound(reply);
      return reply
        .header('content-type', CONTENT_TYPES[extension])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    },
  );
};
