/**
 * Folders only the server's own user may read: the data folder, the uploaded
 * files, backups (they hold password hashes, session ids, signing keys).
 * Folders are made 0700 and files 0600 whatever the process's umask, and
 * nothing here follows a symbolic link: a tree is copied only when it holds
 * nothing but regular files and folders, and every other entry (a link, a
 * FIFO, a device) is named in the refusal, never copied or skipped silently.
 */
import { constants, type Stats } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

// O_NOFOLLOW: a link as the last part of a path fails (ELOOP) instead of being
// followed. O_NONBLOCK: opening a FIFO does not wait for a writer.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Thrown when a tree holds entries other than regular files and folders; `entries` are relative paths. */
export class IrregularEntriesError extends Error {
  constructor(
    readonly root: string,
    readonly entries: string[],
  ) {
    super(
      `${root} holds entries that are neither regular files nor folders (links, FIFOs, devices): ${entries.join(', ')}`,
    );
  }
}

const kindOf = (stats: Stats) =>
  stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : 'other';

/**
 * Every entry of the tree at `root` (itself included, as '.') that is not a
 * regular file or a folder, as a path relative to `root`; links are not
 * followed. A root that does not exist has none.
 */
export async function irregularEntries(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (relative: string): Promise<void> => {
    const full = path.join(root, relative);
    const kind = kindOf(await lstat(full));
    if (kind === 'other') found.push(relative);
    if (kind !== 'folder') return;
    for (const name of (await readdir(full)).sort()) await visit(path.join(relative, name));
  };
  try {
    await lstat(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  await visit('.');
  return found.map((entry) => (entry === '.' ? '.' : path.normalize(entry)));
}

/** Refuses a tree with anything but regular files and folders, naming every such entry. */
export async function requireRegularTree(root: string): Promise<void> {
  const irregular = await irregularEntries(root);
  if (irregular.length > 0) throw new IrregularEntriesError(root, irregular);
}

/** Creates `folder` (and missing parents) 0700; an existing folder is made 0700 too. */
export async function makePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(folder, PRIVATE_FOLDER_MODE);
}

/** Writes a new file readable by the owner only; fails when something exists at `file`. */
export async function writePrivateFile(file: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(file, CREATE_FLAGS, PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    // The mode given to open() is narrowed by the umask only, never widened; set it exactly.
    await handle.chmod(PRIVATE_FILE_MODE);
  } finally {
    await handle.close();
  }
}

/** A regular file's bytes; a link or a special file at `file` fails instead of being followed. */
export async function readRegularFile(file: string): Promise<Buffer> {
  const handle = await open(file, READ_FLAGS);
  try {
    if (!(await handle.stat()).isFile()) throw new IrregularEntriesError(file, ['.']);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Copies one regular file to a new file 0600; a link or a special file at
 * `from` fails. Read whole: uploaded images and keys are small.
 */
export async function copyPrivateFile(from: string, to: string): Promise<void> {
  await writePrivateFile(to, await readRegularFile(from));
}

/**
 * Copies the tree at `from` into the folder `to` (created 0700 when missing):
 * folders 0700, files 0600. A tree holding anything but regular files and
 * folders is refused before anything is written, naming every such entry.
 */
export async function copyTreePrivately(from: string, to: string): Promise<void> {
  await requireRegularTree(from);
  await makePrivateFolder(to);
  const copy = async (relative: string): Promise<void> => {
    for (const name of await readdir(path.join(from, relative))) {
      const entry = path.join(relative, name);
      // Checked again as it is copied: nothing is followed even if the tree changed meanwhile.
      const kind = kindOf(await lstat(path.join(from, entry)));
      if (kind === 'folder') {
        await mkdir(path.join(to, entry), { mode: PRIVATE_FOLDER_MODE });
        await chmod(path.join(to, entry), PRIVATE_FOLDER_MODE);
        await copy(entry);
      } else if (kind === 'file') {
        await copyPrivateFile(path.join(from, entry), path.join(to, entry));
      } else {
        throw new IrregularEntriesError(from, [entry]);
      }
    }
  };
  await copy('.');
}

/**
 * Makes an existing tree private: folders 0700, files 0600. Links are left
 * as they are and not followed (chmod would change their target).
 */
export async function makeTreePrivate(root: string): Promise<void> {
  const visit = async (full: string): Promise<void> => {
    const kind = kindOf(await lstat(full));
    if (kind === 'other') return;
    await chmod(full, kind === 'folder' ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE);
    if (kind === 'folder') {
      for (const name of await readdir(full)) await visit(path.join(full, name));
    }
  };
  await visit(root);
}
