/**
 * Uploaded files in an S3-compatible object store (AWS S3, MinIO, Ceph,
 * Cloudflare R2, …), so that every server process reads what any of them
 * wrote. Keys are the same as in the local folder; files are still served by
 * the server under /files/ (the bucket need not be public).
 *
 * Every operation is bounded in time: a connection within
 * S3_CONNECT_TIMEOUT_MS, the whole operation (its retries and the answer's
 * body included) within S3_REQUEST_TIMEOUT_MS. A store that does not answer
 * in time, cannot be reached or answers with a server error is logged
 * (`object store unavailable`) and the request that needed it is answered
 * 503 with Retry-After, never left waiting.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config/config.js';
import type { S3Settings } from '../config/config-services.js';
import { RetryLaterError } from '../errors.js';
import { isStorageKey, type FileStorage } from './storage.js';

/** When a caller refused for an unavailable store is asked to come back. */
const RETRY_AFTER_SECONDS = 5;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** A missing object: S3 answers NoSuchKey (GET, copy source) or a bare 404 (some stores). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Whether a failure says the store is away rather than refusing: no answer
 * within the timeouts, no connection (a Node system error such as
 * ECONNREFUSED), or a server error (5xx, including S3's SlowDown).
 */
function storeUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
  const { code } = error as NodeJS.ErrnoException;
  return typeof code === 'string' && /^E[A-Z_]+$/.test(code);
}

/** Settles as `work` does, or rejects when `signal` aborts first (calling `stop` to let go of it). */
function withinDeadline<T>(work: Promise<T>, signal: AbortSignal, stop: () => void): Promise<T> {
  if (signal.aborted) {
    stop();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      stop();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The object store, asked for its bucket before the server starts: a bucket
 * that does not exist, or that refuses these credentials, is a setting to
 * correct and stops the start like any bad setting (otherwise the first
 * upload would fail with a 500). A store that does not answer within
 * S3_REQUEST_TIMEOUT_MS may be back soon: that is logged, and the server
 * starts (everything but files works meanwhile; /ready checks the database
 * only).
 */
export async function openS3FileStorage(
  settings: S3Settings,
  log: FastifyBaseLogger,
): Promise<FileStorage> {
  const client = s3Client(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }), {
      abortSignal: AbortSignal.timeout(settings.requestTimeoutMs),
    });
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const where = settings.endpoint ? ` at ${settings.endpoint}` : '';
    if (status === 404) {
      throw new ConfigError(
        `Invalid configuration:\n  S3_BUCKET: the bucket "${settings.bucket}" does not exist${where}`,
      );
    }
    if (status === 401 || status === 403) {
      throw new ConfigError(
        `Invalid configuration:\n  S3_ACCESS_KEY_ID: the object store refuses access to the bucket "${settings.bucket}"${where} with these credentials`,
      );
    }
    log.warn(
      { err: error, bucket: settings.bucket },
      'object store not reachable at start; uploads and images fail until it answers',
    );
  }
  return createS3FileStorage(settings, client, log);
}

function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible stores
    // refuse or do not return the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Each attempt's bounds (the SDK has none by default): a store that takes
    // the connection and never answers fails the attempt instead of holding it.
    requestHandler: {
      connectionTimeout: settings.connectTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
  });
}

function createS3FileStorage(
  settings: S3Settings,
  client: S3Client,
  log: FastifyBaseLogger,
): FileStorage {
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };
  /**
   * Runs one operation within S3_REQUEST_TIMEOUT_MS (retries included); a
   * store that is away becomes a 503 with Retry-After for the caller.
   */
  async function bounded<T>(
    operation: string,
    key: string,
    run: (abortSignal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    try {
      return await run(AbortSignal.timeout(settings.requestTimeoutMs));
    } catch (error) {
      if (!storeUnavailable(error)) throw error;
      log.warn({ err: error, bucket: Bucket, key, operation }, 'object store unavailable');
      throw new RetryLaterError(503, 'service_unavailable', {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    }
  }
  return {
    async put(key, data) {
      const extension = key.split('.').pop() ?? '';
      await bounded('put', key, (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: checked(key),
            Body: data,
            ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          }),
          { abortSignal },
        ),
      );
    },
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      return bounded('get', key, async (abortSignal) => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }), {
            abortSignal,
          });
          const body = answer.Body;
          if (!body) return undefined;
          // The body arrives after the answer's head: the same deadline holds for it.
          const bytes = await withinDeadline(body.transformToByteArray(), abortSignal, () => {
            if ('destroy' in body && typeof body.destroy === 'function') body.destroy();
          });
          return Buffer.from(bytes);
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      });
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      // Deleting a missing object succeeds in S3, as removing a missing file does here.
      await bounded('delete', key, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }),
      );
    },
    async copy(from, to) {
      if (!isStorageKey(from)) return false;
      return bounded('copy', to, async (abortSignal) => {
        try {
          await client.send(
            new CopyObjectCommand({ Bucket, Key: checked(to), CopySource: `${Bucket}/${from}` }),
            { abortSignal },
          );
          return true;
        } catch (error) {
          if (isMissing(error)) return false;
          throw error;
        }
      });
    },
  };
}
