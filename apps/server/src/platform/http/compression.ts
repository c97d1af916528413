/**
 * Compressed JSON answers (brotli or gzip, as the client accepts) above 1 KB.
 * The web app's files are compressed once at build time and sent as they are
 * (spa.ts), so only JSON is compressed per request, at brotli's quickest
 * quality and a 64 KB window: an answer of a few KB costs about a third of
 * quality 4 with the default 4 MB window, for about 10 % more bytes
 * (docs/decisions/049-cpu-per-call.md). Compressed request bodies are not accepted.
 *
 * An answer is compressed in one call and written with its length, headers
 * and body in one socket write, up to SYNC_COMPRESSION_MAX_BYTES. The
 * plugin's own bound follows the machine's cores (8 KB on two, 4 KB on four
 * or more): above it an answer went through a compression stream on the
 * thread pool and out in chunks, three socket writes instead of one (a
 * socket write costs 0.3–0.4 ms of CPU on the virtual machines we run on),
 * and a page of the campaign list (about 6.5 KB for ten rows, more with
 * long titles) is above 4 KB. At brotli's quickest quality a list page takes
 * about 0.2 ms in one call, 50 KB about 0.9 ms on the slow bench machine
 * (2026-11-29); only bigger answers are streamed, off the event loop.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
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
