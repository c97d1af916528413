/**
 * Reads the one file of a multipart upload into memory, within the route's
 * file limit (uploadRoute() in body-limits.ts).
 * A request without a file in the field `upload` (UPLOAD_FIELD), or with an
 * empty one, is refused with the caller's message key ('Kein Bild
 * ausgewählt.', 'Kein Upload-File gefunden!').
 *
 * Image uploads take turns: an account has at most
 * IMAGE_UPLOADS_PER_ACCOUNT of them processed at once and a few more waiting;
 * one more is refused with 429 `too_many_uploads` and Retry-After, decided
 * before its body is read (which is dropped, never kept). Bodies are read
 * only when the image lines have room for them (files/images.ts), so uploads
 * that wait hold no memory.
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD, type MessageKey } from '@backoffice/domain';
import { checkUpload, ImageRejectedError, type CheckedUpload, type ImageFormat } from './images.js';
import { decodeTextFile } from './uploaded-text.js';
import { AppError, RetryLaterError } from '../errors.js';

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

/** An account's image uploads beyond IMAGE_UPLOADS_PER_ACCOUNT that may wait for their turn. */
export const ACCOUNT_UPLOADS_WAITING_MAX = 4;
/** When an account refused for too many uploads is asked to come back. */
const TOO_MANY_UPLOADS_RETRY_SECONDS = 5;

interface AccountUploads {
  /** Uploads being processed (read, decoded). */
  active: number;
  /** Uploads waiting for their turn: each is handed the turn of one that ends. */
  waiting: (() => void)[];
}

/** Per account (user id) in this process; an account without uploads has no entry. */
const uploadsByAccount = new Map<string, AccountUploads>();

/** An account's image uploads in this process: processed now, and waiting. */
export function accountUploads(accountId: string): { active: number; waiting: number } {
  const uploads = uploadsByAccount.get(accountId);
  return { active: uploads?.active ?? 0, waiting: uploads?.waiting.length ?? 0 };
}

/**
 * Takes one of the account's turns: undefined when the account has as many
 * uploads under way as it may, else a promise of the turn (at once, or when
 * one of the account's uploads ends), which gives back a function that ends it.
 */
function takeAccountTurn(accountId: string, perAccount: number): Promise<() => void> | undefined {
  const uploads = uploadsByAccount.get(accountId) ?? { active: 0, waiting: [] };
  if (uploads.active + uploads.waiting.length >= perAccount + ACCOUNT_UPLOADS_WAITING_MAX) {
    return undefined;
  }
  uploadsByAccount.set(accountId, uploads);
  const end = () => {
    const next = uploads.waiting.shift();
    if (next) next();
    else {
      uploads.active -= 1;
      if (uploads.active === 0) uploadsByAccount.delete(accountId);
    }
  };
  if (uploads.active < perAccount) {
    uploads.active += 1;
    return Promise.resolve(end);
  }
  return new Promise((resolve) => uploads.waiting.push(() => resolve(end)));
}

/**
 * Reads what is left of a refused upload's body and drops it. Node closes
 * the connection of a request that asked for it to be closed as soon as the
 * answer is sent, under a body still arriving: the client (or a proxy in
 * front) would then see the connection reset instead of the answer.
 */
function discardBody(request: FastifyRequest): Promise<void> {
  const body = request.raw;
  if (body.readableEnded || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    body.once('end', resolve);
    body.once('close', resolve);
    body.once('error', () => resolve());
    body.resume();
  });
}

/**
 * The image of an upload (field `upload`) by `accountId`, checked by its
 * header for `format` (400 with the image's problem otherwise) and kept as
 * received: it is made into the format on its first request (image-store.ts).
 * The account's turn is taken before the body is read (429 when it has too
 * many under way), and the body read once the receiving line has room.
 */
export async function readImageUpload(
  request: FastifyRequest,
  accountId: string,
  format: ImageFormat,
): Promise<CheckedUpload> {
  const turn = takeAccountTurn(accountId, request.server.ctx.config.files.imageUploadsPerAccount);
  if (!turn) {
    await discardBody(request);
    throw new RetryLaterError(429, 'too_many_uploads', {
      retryAfterSeconds: TOO_MANY_UPLOADS_RETRY_SECONDS,
      field: 'upload',
    });
  }
  const endTurn = await turn;
  try {
    return await checkUpload(() => readSingleUpload(request, 'no_image'), format);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new AppError(400, error.problem, 'image');
    throw error;
  } finally {
    endTurn();
  }
}
