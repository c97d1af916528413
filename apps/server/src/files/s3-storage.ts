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
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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

export function createS3FileStorage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible stores
    // refuse or do not return the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
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
