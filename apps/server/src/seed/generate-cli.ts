/**
 * Fills a database with generated load data (benchmarks):
 *   node apps/server/dist/seed/generate-cli.js --merchants 1000 --campaigns-per-merchant 100
 * into DATABASE_URL, or the embedded database in DATA_DIR.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.js';
import { generateLoad } from './generate.js';

const { values } = parseArgs({
  options: {
    merchants: { type: 'string', default: '1000' },
    'campaigns-per-merchant': { type: 'string', default: '100' },
    password: { type: 'string', default: 'load' },
  },
});
const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url
    ? { kind: 'postgres', url }
    : { kind: 'pglite', dataDir: path.resolve(process.env.DATA_DIR ?? './data') },
);
const started = performance.now();
await generateLoad(database.db, {
  merchants: Number(values.merchants),
  campaignsPerMerchant: Number(values['campaigns-per-merchant']),
  password: values.password,
});
await database.close();
process.stdout.write(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
