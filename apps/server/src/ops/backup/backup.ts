/**
 * Backup and restore of the embedded database (DATA_DIR) with its uploaded
 * files (FILES_DIR), for `npm run backup` and `npm run restore`. A backup is
 * a folder: the database as PGlite's own dump (`database.tar.gz`, from
 * `dumpDataDir`), a copy of the files, the keys the data folder keeps (the
 * demo signing key, the key that encrypts two-factor secrets) when there are
 * any, and `backup.json` saying what it holds. It is taken while no server holds
 * the data folder (its lock, platform/db/folder-lock.ts): PGlite is one process's
 * database, and opening it beside a running server would write to it twice.
 * PostgreSQL is backed up with its own tools (pg_dump; docs/operations.md).
 *
 * A backup holds password hashes, session ids and keys: it is written for
 * its owner alone (folders 0700, files 0600), and so is what a restore
 * writes. Backup and restore copy regular files and folders only: a backup
 * (or a files folder) holding anything else, such as a symbolic link that
 * GET /files/… would serve, is refused as a whole before anything is
 * written, naming every such entry.
 */
import { access, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteFolder } from '../../platform/db/client.js';
import { PGLITE_OPTIONS } from '../../platform/db/embedded.js';
import { lockDataFolder } from '../../platform/db/folder-lock.js';
import {
  copyPrivateFile,
  copyTreePrivately,
  irregularEntries,
  makePrivateFolder,
  makeTreePrivate,
  readRegularFile,
  writePrivateFile,
} from '../../platform/files/private-folders.js';
import { MFA_KEY_FILE } from '../../platform/identity/totp.js';

export interface DataLocation {
  /** DATA_DIR: the embedded database (and the keys it keeps). */
  dataDir: string;
  /** FILES_DIR: uploaded files; undefined when they live in an object store. */
  filesDir: string | undefined;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Whether the backup holds the uploaded files (false when they live in an object store). */
  files: boolean;
  /** Whether the backup holds the demo signing key (kept for backups of earlier versions). */
  signingKey: boolean;
  /** The key files of the data folder the backup holds (`KEY_FILES`). */
  keys: KeyFile[];
}

const DATABASE_FILE = 'database.tar.gz';
const FILES_FOLDER = 'files';
const MANIFEST_FILE = 'backup.json';
const SIGNING_KEY_FILE = 'demo-signing-key.pem';

/**
 * The keys a data folder may keep beside its database. Without the MFA key,
 * a restored database's two-factor secrets could not be read: every code of
 * those accounts would be wrong.
 */
const KEY_FILES = [SIGNING_KEY_FILE, MFA_KEY_FILE] as const;
type KeyFile = (typeof KEY_FILES)[number];
const isKeyFile = (name: unknown): name is KeyFile => KEY_FILES.some((key) => key === name);

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch(() => []);
  return entries.length === 0;
}

/** Refuses a tree holding anything but regular files and folders, naming each such entry. */
async function requireRegular(root: string, what: string): Promise<void> {
  const irregular = await irregularEntries(root);
  if (irregular.length > 0) {
    throw new Error(
      `${what} holds entries that are neither regular files nor folders (links, FIFOs, devices); nothing was written. Remove them: ${irregular.map((entry) => path.join(root, entry)).join(', ')}`,
    );
  }
}

/** Writes a backup of `from` into the folder `target`, which must be new or empty. */
export async function backupDataDir(from: DataLocation, target: string): Promise<BackupManifest> {
  if (!(await exists(path.join(pgliteFolder(from.dataDir), 'PG_VERSION')))) {
    throw new Error(`No embedded database in ${from.dataDir}`);
  }
  if (!(await isEmptyFolder(target))) throw new Error(`The backup folder ${target} is not empty`);
  const files = from.filesDir !== undefined && (await exists(from.filesDir));
  if (files && from.filesDir)
    await requireRegular(from.filesDir, `The files folder ${from.filesDir}`);
  const unlock = await lockDataFolder(from.dataDir);
  try {
    await makePrivateFolder(target);
    const database = new PGlite(pgliteFolder(from.dataDir), PGLITE_OPTIONS);
    try {
      // The dump waits for nothing itself: the database must have started first.
      await database.waitReady;
      const dump = await database.dumpDataDir('gzip');
      await writePrivateFile(
        path.join(target, DATABASE_FILE),
        new Uint8Array(await dump.arrayBuffer()),
      );
    } finally {
      await database.close();
    }
    if (files && from.filesDir) {
      await copyTreePrivately(from.filesDir, path.join(target, FILES_FOLDER));
    }
    const keys: KeyFile[] = [];
    for (const key of KEY_FILES) {
      const keyFile = path.join(from.dataDir, key);
      if (!(await exists(keyFile))) continue;
      await copyPrivateFile(keyFile, path.join(target, key));
      keys.push(key);
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      files,
      signingKey: keys.includes(SIGNING_KEY_FILE),
      keys,
    };
    await writePrivateFile(
      path.join(target, MANIFEST_FILE),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    return manifest;
  } finally {
    await unlock();
  }
}

function readManifest(text: string, source: string): BackupManifest {
  const manifest = JSON.parse(text) as Partial<Omit<BackupManifest, 'keys'>> & { keys?: unknown };
  const keys = manifest.keys ?? (manifest.signingKey ? [SIGNING_KEY_FILE] : []);
  if (
    manifest.format !== 1 ||
    typeof manifest.files !== 'boolean' ||
    typeof manifest.signingKey !== 'boolean' ||
    !Array.isArray(keys) ||
    !keys.every(isKeyFile)
  ) {
    throw new Error(`${source} is not a backup this version can read`);
  }
  return { ...(manifest as BackupManifest), keys };
}

/**
 * Restores the backup in `source` into `to`, whose database folder must not
 * exist yet. Everything is checked before anything is written.
 */
export async function restoreDataDir(source: string, to: DataLocation): Promise<BackupManifest> {
  // The backup may be named through a link (a "latest" link, say); inside it, nothing may be one.
  const backup = await realpath(source);
  await requireRegular(backup, `The backup ${source}`);
  const manifest = readManifest(
    (await readRegularFile(path.join(backup, MANIFEST_FILE))).toString('utf8'),
    source,
  );
  if (await exists(pgliteFolder(to.dataDir))) {
    throw new Error(`${to.dataDir} holds a database already: restore into a new folder`);
  }
  if (manifest.files && to.filesDir && !(await isEmptyFolder(to.filesDir))) {
    throw new Error(`The files folder ${to.filesDir} is not empty`);
  }
  await makePrivateFolder(to.dataDir);
  const unlock = await lockDataFolder(to.dataDir);
  try {
    const dump = new Blob([await readRegularFile(path.join(backup, DATABASE_FILE))]);
    const database = new PGlite(pgliteFolder(to.dataDir), { ...PGLITE_OPTIONS, loadDataDir: dump });
    try {
      await database.query('select 1');
    } finally {
      await database.close();
    }
    // PGlite makes its files readable and writable for everyone (0666).
    await makeTreePrivate(pgliteFolder(to.dataDir));
    if (manifest.files && to.filesDir) {
      await copyTreePrivately(path.join(backup, FILES_FOLDER), to.filesDir);
    }
    for (const key of manifest.keys) {
      await copyPrivateFile(path.join(backup, key), path.join(to.dataDir, key));
    }
    return manifest;
  } finally {
    await unlock();
  }
}
