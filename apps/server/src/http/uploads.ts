/**
 * Reads the one file of a multipart upload into memory, within a size limit.
 * A request without a file, or with an empty one, is refused with the
 * caller's message key ('Kein Bild ausgewählt.', 'Kein Upload-File gefunden!').
 */
import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '@backoffice/domain';
import { AppError } from './errors.js';

export async function readSingleUpload(
  request: FastifyRequest,
  maxBytes: number,
  keys: { missing: MessageKey; tooLarge: MessageKey },
  /** Whether an empty file counts as no file (images) or as a file without content (CSV). */
  emptyIsMissing = true,
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, keys.missing, 'upload');
  let data: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw new AppError(400, keys.missing, 'upload');
    data = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, keys.tooLarge, 'upload');
    }
    // A malformed multipart body (cut off, wrong boundary) is the client's error.
    throw new AppError(400, 'bad_input', 'upload');
  }
  if (emptyIsMissing && data.length === 0) throw new AppError(400, keys.missing, 'upload');
  return data;
}
