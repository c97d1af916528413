/**
 * `npm run backup -- <folder>` writes a backup of the embedded database in
 * DATA_DIR and of the uploaded files in FILES_DIR into a new folder;
 * `npm run restore -- <folder>` restores one into a DATA_DIR (and FILES_DIR)
 * that holds no database yet. Both refuse while a server holds the data folder.
 */
import path from 'node:path';
import { backupDataDir, restoreDataDir, type DataLocation } from './backup.js';

// What this process creates is its user's alone, whatever umask it was started with
// (the files are written 0600 explicitly too; this covers the folders PGlite makes).
process.umask(0o077);

const [command, folder] = process.argv.slice(2);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if ((command !== 'backup' && command !== 'restore') || !folder) {
  fail('Usage: npm run backup -- <backup folder>  |  npm run restore -- <backup folder>');
}
if (process.env.DATABASE_URL) {
  fail('DATABASE_URL names a PostgreSQL database: back it up with pg_dump (docs/operations.md).');
}
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const location: DataLocation = {
  dataDir,
  // Files in an object store are backed up with the store's own tools.
  filesDir: process.env.S3_BUCKET
    ? undefined
    : path.resolve(process.env.FILES_DIR ?? path.join(dataDir, 'files')),
};
const target = path.resolve(folder);

try {
  if (command === 'backup') {
    const manifest = await backupDataDir(location, target);
    process.stdout.write(
      `Backup of ${dataDir} written to ${target}${manifest.files ? ` (with the files of ${location.filesDir})` : ''}\n`,
    );
  } else {
    await restoreDataDir(target, location);
    process.stdout.write(`Backup ${target} restored into ${dataDir}\n`);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
