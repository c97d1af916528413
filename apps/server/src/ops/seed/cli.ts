/**
 * `npm run seed`: without options, creates the demo data in the database named
 * by DATABASE_URL, or in the embedded database in DATA_DIR (development and
 * evaluation only: the demo accounts have a published password). With
 * options (--merchants, --campaigns, --participations) it generates load
 * data instead (generate-cli.ts).
 */
import { openScriptDatabase } from '../../platform/db/client.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo-data.js';
import { runGenerator } from './generate-cli.js';

const args = process.argv.slice(2);
if (args.length > 0) {
  await runGenerator(args);
} else {
  const database = await openScriptDatabase();
  const created = await seedDemoData(database.db);
  await database.close();
  process.stdout.write(
    created
      ? `Demo data created. Accounts (password "${DEMO_PASSWORD}"): ${DEMO_USERS.map((u) => u.email).join(', ')}\n`
      : 'Demo data already present.\n',
  );
}
