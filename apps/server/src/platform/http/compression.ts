/**
 * Compressed JSON answers (brotli or gzip, as the client accepts) above 1 KB.
 * The web app's files are compressed once at build time and sent as they are
 * (spa.ts), so only JSON is compressed per request, at brotli's quickest
 * quality and a 64 KB window: an answer of a few KB costs about a third of
 * quality 4 with the default 4 MB window, for about 10 % more bytes
 * (docs/decisions/049-cpu-per-call.md). Compressed request bodies are not accepted.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_LGWIN]: 16,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 1 },
  });
}
