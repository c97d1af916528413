/**
 * Started by the server (bootstrap.ts) when its data folder holds no
 * database yet: creates the embedded database, migrates it and, in demo
 * mode, seeds the demo data and activity, then ends, giving back the memory
 * this took. The server holds the folder's lock meanwhile and opens the
 * folder afterwards.
 */
import {
  createAppContext,
  databaseLocation,
  databaseOptions,
  seedDemoActivityOnce,
} from './bootstrap.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './seed/demo-data.js';

// The server that holds the folder's lock has ended: nothing may write the folder any more.
process.on('disconnect', () => process.exit(1));

const config = loadConfig();
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
// The channel to the server would keep this process alive.
process.exit(0);
