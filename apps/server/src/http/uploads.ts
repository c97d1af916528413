/**
 * Reads the one file of a multipart upload into memory, within the route's
 * file limit (uploadRoute() in body-limits.ts).
 * A request without a file in the field `upload` (UPLOAD_FIELD), or with an
 * empty one, is refused with the caller's message key ('Kein Bild
 * ausgewählt.', 'Kein Upload-File gefunden!').
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD, type MessageKey } from '@backoffice/domain';
import { decodeTextFile } from '../files/uploaded-text.js';
import { AppError } from './errors.js';

export async function readSingleUpload(
  request: FastifyRequest,
  /** The key of a request without a file; a file over the limit gets the route's uploadTooLarge. */
  missing: MessageKey,
  /** Whether an empty file counts as no file (images) or as a file without content (CSV). */
  emptyIsMissing = true,
): Promise<Buffer> {
  const { uploadMaxBytes: maxBytes, uploadTooLarge: tooLarge } = request.routeOptions.config;
  // A route that reads an upload declares its limit where it is registered.
  if (maxBytes === undefined || tooLarge === undefined)
    throw new Error(`${request.routeOptions.url ?? ''} has no upload limit`);
  if (!request.isMultipart()) throw new AppError(400, missing, 'upload');
  let data: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!file) throw new AppError(400, missing, UPLOAD_FIELD);
    if (file.fieldname !== UPLOAD_FIELD) {
      // A file in another field is no upload; it is read to its end, not kept.
      file.file.resume();
      throw new AppError(400, missing, UPLOAD_FIELD);
    }
    data = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, tooLarge, 'upload');
    }
    // A malformed multipart body (cut off, wrong boundary) is the client's error.
    throw new AppError(400, 'bad_input', 'upload');
  }
  if (emptyIsMissing && data.length === 0) throw new AppError(400, missing, 'upload');
  return data;
}

/**
 * The one file of a multipart upload as text (UTF-8, else Windows-1252); a
 * file with control characters (NUL bytes, a binary file) is no text file
 * and is refused as a whole with 400 upload_not_text.
 */
export async function readTextUpload(
  request: FastifyRequest,
  missing: MessageKey,
  emptyIsMissing = true,
): Promise<string> {
  const text = await decodeTextFile(await readSingleUpload(request, missing, emptyIsMissing));
  if (text === undefined) throw new AppError(400, 'upload_not_text', 'upload');
  return text;
}
