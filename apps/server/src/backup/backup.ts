/**
 * Backup and restore of the embedded database (DATA_DIR) with its uploaded
 * files (FILES_DIR), for `npm run backup` and `npm run restore`. A backup is
 * a folder: the database as PGlite's own dump (`database.tar.gz`, from
 * `dumpDataDir`), a copy of the files, the demo signing key when there is one,
 * and `backup.json` saying what it holds. It is taken while no server holds
 * the data folder (its lock, db/folder-lock.ts): PGlite is one process's
 * database, and opening it beside a running server would write to it twice.
 * PostgreSQL is backed up with its own tools (pg_dump; docs/operations.md).
 */
import { access, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, pgliteFolder } from '../db/client.js';
import { lockDataFolder } from '../db/folder-lock.js';

export interface DataLocation {
  /** DATA_DIR: the embedded database (and the demo signing key). */
  dataDir: string;
  /** FILES_DIR: uploaded files; undefined when they live in an object store. */
  filesDir: string | undefined;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Whether the backup holds the uploaded files (false when they live in an object store). */
  files: boolean;
  signingKey: boolean;
}

const DATABASE_FILE = 'database.tar.gz';
const FILES_FOLDER = 'files';
const MANIFEST_FILE = 'backup.json';
const SIGNING_KEY_FILE = 'demo-signing-key.pem';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch(() => []);
  return entries.length === 0;
}

/** Writes a backup of `from` into the folder `target`, which must be new or empty. */
export async function backupDataDir(from: DataLocation, target: string): Promise<BackupManifest> {
  if (!(await exists(path.join(pgliteFolder(from.dataDir), 'PG_VERSION')))) {
    throw new Error(`No embedded database in ${from.dataDir}`);
  }
  if (!(await isEmptyFolder(target))) throw new Error(`The backup folder ${target} is not empty`);
  const unlock = await lockDataFolder(from.dataDir);
  try {
    await mkdir(target, { recursive: true });
    const database = new PGlite(pgliteFolder(from.dataDir), PGLITE_OPTIONS);
    try {
      // The dump waits for nothing itself: the database must have started first.
      await database.waitReady;
      const dump = await database.dumpDataDir('gzip');
      await writeFile(path.join(target, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    const files = from.filesDir !== undefined && (await exists(from.filesDir));
    if (files && from.filesDir)
      await cp(from.filesDir, path.join(target, FILES_FOLDER), { recursive: true });
    const keyFile = path.join(from.dataDir, SIGNING_KEY_FILE);
    const signingKey = await exists(keyFile);
    if (signingKey) await cp(keyFile, path.join(target, SIGNING_KEY_FILE));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      files,
      signingKey,
    };
    await writeFile(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await unlock();
  }
}

/** Restores the backup in `source` into `to`, whose database folder must not exist yet. */
export async function restoreDataDir(source: string, to: DataLocation): Promise<BackupManifest> {
  const manifest = JSON.parse(
    await readFile(path.join(source, MANIFEST_FILE), 'utf8'),
  ) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${source} is not a backup this version can read`);
  if (await exists(pgliteFolder(to.dataDir))) {
    throw new Error(`${to.dataDir} holds a database already: restore into a new folder`);
  }
  if (manifest.files && to.filesDir && !(await isEmptyFolder(to.filesDir))) {
    throw new Error(`The files folder ${to.filesDir} is not empty`);
  }
  await mkdir(to.dataDir, { recursive: true });
  const unlock = await lockDataFolder(to.dataDir);
  try {
    const dump = new Blob([await readFile(path.join(source, DATABASE_FILE))]);
    const database = new PGlite(pgliteFolder(to.dataDir), { ...PGLITE_OPTIONS, loadDataDir: dump });
    try {
      await database.query('select 1');
    } finally {
      await database.close();
    }
    if (manifest.files && to.filesDir) {
      await cp(path.join(source, FILES_FOLDER), to.filesDir, { recursive: true });
    }
    if (manifest.signingKey) {
      await cp(path.join(source, SIGNING_KEY_FILE), path.join(to.dataDir, SIGNING_KEY_FILE));
    }
    return manifest;
  } finally {
    await unlock();
  }
}
