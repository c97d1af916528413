/**
 * Uploaded files in an S3-compatible object store (AWS S3, MinIO, Ceph,
 * Cloudflare R2, …), so that every server process reads what any of them
 * wrote. Keys are the same as in the local folder; files are still served by
 * the server under /files/ (the bucket need not be public).
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
import { ConfigError } from '../config.js';
import type { S3Settings } from '../config-services.js';
import { isStorageKey, type FileStorage } from './storage.js';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** A missing object: S3 answers NoSuchKey (GET, copy source) or a bare 404 (some stores). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/**
 * The object store, asked for its bucket before the server starts: a bucket
 * that does not exist, or that refuses these credentials, is a setting to
 * correct and stops the start like any bad setting (otherwise the first
 * upload would fail with a 500). A store that does not answer now may be
 * back soon: that is logged, and the server starts (everything but files
 * works meanwhile; /ready checks the database only).
 */
export async function openS3FileStorage(
  settings: S3Settings,
  log: FastifyBaseLogger,
): Promise<FileStorage> {
  const client = s3Client(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
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
  return createS3FileStorage(settings, client);
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
  });
}

function createS3FileStorage(settings: S3Settings, client: S3Client): FileStorage {
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };
  return {
    async put(key, data) {
      const extension = key.split('.').pop() ?? '';
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: data,
          ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return undefined;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      // Deleting a missing object succeeds in S3, as removing a missing file does here.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async copy(from, to) {
      if (!isStorageKey(from)) return false;
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: checked(to), CopySource: `${Bucket}/${from}` }),
        );
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
