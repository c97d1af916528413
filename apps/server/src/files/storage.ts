/**
 * Where uploaded files live: a local folder by default. Keys are generated
 * by the server (never a user's file name) and checked before any access.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Copies a file to a new key; false when the source does not exist. */
  copy(from: string, to: string): Promise<boolean>;
}

/** e.g. merchants/<uuid>/<uuid>.jpg */
const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png)$/;
export const isStorageKey = (key: string): boolean => KEY_PATTERN.test(key);

export function newImageKey(
  folder: 'merchants' | 'campaigns',
  ownerId: string,
  extension: 'jpg' | 'png',
): string {
  return `${folder}/${ownerId}/${randomUUID()}.${extension}`;
}

export function createLocalFileStorage(dir: string): FileStorage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      try {
        return await readFile(resolve(key));
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(resolve(key), { force: true });
    },
    async copy(from, to) {
      if (!isStorageKey(from)) return false;
      const target = resolve(to);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await copyFile(resolve(from), target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
  };
}
