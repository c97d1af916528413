/**
 * Started by the server (bootstrap.ts) when its data folder holds no
 * database yet: creates the embedded database, migrates it and, in demo
 * mode, seeds the demo data and activity, then ends, giving back the memory
 * this took. The server holds the folder's lock meanwhile and opens the
 * folder afterwards.
 *
 * The data folder holds password hashes, sessions and keys: it is made the
 * server user's alone (0700), as are the database's folder (PGlite makes its
 * files 0666), the files folder and the mail outbox in it.
 */
import { mkdir } from 'node:fs/promises';
import {
  createAppContext,
  databaseLocation,
  databaseOptions,
  logToDemoFileInDemoMode,
  seedDemoActivityOnce,
} from './bootstrap.js';
import { loadConfig } from './platform/config/config.js';
import { openDatabase, pgliteFolder } from './platform/db/client.js';
import {
  makePrivateFolder,
  makeTreePrivate,
  PRIVATE_FOLDER_MODE,
} from './platform/files/private-folders.js';
import { seedDemoData } from './ops/seed/demo-data.js';

// The server that holds the folder's lock has ended: nothing may write the folder any more.
process.on('disconnect', () => process.exit(1));

// Folders made here are this user's alone, whatever umask the server was started with.
process.umask(0o077);

const config = loadConfig();
await makePrivateFolder(config.dataDir);
logToDemoFileInDemoMode(config);
// Made now when missing, private, so that the server's later writes land in private
// folders (folders an operator made elsewhere keep their modes).
if (!config.files.s3) await mkdir(config.files.dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
if (!config.mail.smtpUrl) {
  await mkdir(config.mail.outboxDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}
const database = await openDatabase(databaseLocation(config), {
  ...databaseOptions(config),
  lockedByParent: true,
});
try {
  if (config.demo) {
    await seedDemoData(database.db);
    await seedDemoActivityOnce(await createAppContext(config, database));
  }
} finally {
  await database.close();
}
await makeTreePrivate(pgliteFolder(config.dataDir));
// The channel to the server would keep this process alive.
process.exit(0);
