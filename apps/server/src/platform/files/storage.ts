/**
 * Where uploaded files live: a local folder by default. Keys are generated
 * by the server (never a user's file name) and checked before any access.
 * The folder is the server's alone (folders 0700, files 0600), and no access
 * follows a symbolic link out of it: a link planted in the folder (by a
 * doctored backup, say) would otherwise let GET /files/… serve any file of
 * the host, such as /proc/self/environ with the process's secrets. Such a
 * key is answered as missing.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-folders.js';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Copies a file to a new key; false when the source does not exist. */
  copy(from: string, to: string): Promise<boolean>;
}

/**
 * e.g. merchants/<uuid>/<uuid>.jpg, the key the product refers to, and the
 * files kept beside it (image-store.ts): the upload as received once its
 * format is made, merchants/<uuid>/<uuid>.original.jpg, and its sizes,
 * merchants/<uuid>/<uuid>.100x50.jpg.
 */
const KEY_PATTERN =
  /^[a-z]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}(\.original|\.\d{1,4}x\d{1,4})?\.(jpg|png)$/;
export const isStorageKey = (key: string): boolean => KEY_PATTERN.test(key);

/** An image's key as the product refers to it (imagePath), not one of the files kept beside it. */
const IMAGE_KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png)$/;
export const isImageKey = (key: string): boolean => IMAGE_KEY_PATTERN.test(key);

/** Where an image's upload is kept as received once its format is made in its place. */
export const originalKey = (imageKey: string): string =>
  imageKey.replace(/\.(jpg|png)$/, '.original.$1');

/** The file of an image in another size (`?width=&height=`), made from its format. */
export const sizeKey = (imageKey: string, size: { width: number; height: number }): string =>
  imageKey.replace(/\.(jpg|png)$/, `.${String(size.width)}x${String(size.height)}.$1`);

export function newImageKey(
  folder: 'merchants' | 'campaigns',
  ownerId: string,
  extension: 'jpg' | 'png',
): string {
  return `${folder}/${ownerId}/${randomUUID()}.${extension}`;
}

// O_NOFOLLOW: a link as the file itself fails (ELOOP) instead of being followed.
// O_NONBLOCK: a FIFO planted as a file does not make the open wait for a writer.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const WRITE_FLAGS =
  constants.O_WRONLY |
  constants.O_CREAT |
  constants.O_TRUNC |
  constants.O_NOFOLLOW |
  constants.O_NONBLOCK;

/** What a file that is not there (or is not a plain file inside the folder) fails with. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'ENXIO']);
const isAbsent = (error: unknown) =>
  ABSENT.has(String((error as NodeJS.ErrnoException | undefined)?.code));

export function createLocalFileStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };

  /**
   * The key's file by its real path, or undefined when a folder on its way is
   * missing or is a link: the folder's real path must be exactly the key's
   * folder inside the real FILES_DIR (which itself may be reached through a
   * link the operator set up).
   */
  async function located(key: string): Promise<string | undefined> {
    const folder = path.dirname(key);
    try {
      const [realRoot, realFolder] = await Promise.all([
        realpath(root),
        realpath(path.join(root, folder)),
      ]);
      if (realFolder !== path.join(realRoot, folder)) return undefined;
      return path.join(realFolder, path.basename(key));
    } catch (error) {
      if (isAbsent(error)) return undefined;
      throw error;
    }
  }

  /** Creates the key's folders one by one (0700), never through a link. */
  async function makeFolders(key: string): Promise<void> {
    await mkdir(root, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    let folder = root;
    for (const part of path.dirname(key).split('/')) {
      folder = path.join(folder, part);
      try {
        await mkdir(folder, { mode: PRIVATE_FOLDER_MODE });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (!(await lstat(folder)).isDirectory()) {
        throw new Error(`${folder} is not a folder (a link or a file): uploads are not stored`);
      }
    }
  }

  async function get(key: string): Promise<Buffer | undefined> {
    if (!isStorageKey(key)) return undefined;
    const file = await located(key);
    if (!file) return undefined;
    let handle;
    try {
      handle = await open(file, READ_FLAGS);
    } catch (error) {
      if (isAbsent(error)) return undefined;
      throw error;
    }
    try {
      // A FIFO, a socket or a device is no stored file.
      if (!(await handle.stat()).isFile()) return undefined;
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /**
   * Each step below waits for a thread of libuv's pool and then for a turn
   * of the event loop, which a busy server takes tens of milliseconds to
   * give: a write takes five of them (the folder's real path, open, the
   * file's type, one write, close), and the folders are made, one by one,
   * only when the key's folder is not there yet.
   */
  async function put(key: string, data: Buffer): Promise<void> {
    checked(key);
    let file = await located(key);
    if (!file) {
      await makeFolders(key);
      file = await located(key);
    }
    if (!file)
      throw new Error(`the folder of ${key} is not inside ${root}: uploads are not stored`);
    const handle = await open(file, WRITE_FLAGS, PRIVATE_FILE_MODE);
    try {
      if (!(await handle.stat()).isFile()) throw new Error(`${file} is not a regular file`);
      // One write for the whole file (FileHandle.writeFile writes 512 KB at a time).
      let written = 0;
      while (written < data.length) {
        const { bytesWritten } = await handle.write(data, written, data.length - written, written);
        written += bytesWritten;
      }
    } finally {
      await handle.close();
    }
  }

  return {
    put,
    get,
    async delete(key) {
      if (!isStorageKey(key)) return;
      const file = await located(key);
      // Removing a link removes the link itself, never its target.
      if (file) await rm(file, { force: true });
    },
    async copy(from, to) {
      checked(to);
      // Images are small: read and written whole, through the same checks as any access.
      const data = await get(from);
      if (!data) return false;
      await put(to, data);
      return true;
    },
  };
}
