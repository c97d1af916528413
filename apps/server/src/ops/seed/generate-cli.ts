/**
 * Fills a database with generated load data (benchmarks, evaluation):
 *   npm run seed -- --merchants 1000 --campaigns 100000 --participations 10000000
 * (or node apps/server/dist/ops/seed/generate-cli.js with the same options, or
 * --campaigns-per-merchant) into DATABASE_URL, or the embedded database in DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { openScriptDatabase } from '../../platform/db/client.js';
import { generateLoad } from './generate.js';
import {
  GeneratorRefusal,
  assertNoParticipationData,
  generateParticipations,
} from './generate-participations.js';

export async function runGenerator(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      merchants: { type: 'string', default: '1000' },
      campaigns: { type: 'string' },
      'campaigns-per-merchant': { type: 'string', default: '100' },
      participations: { type: 'string', default: '0' },
      password: { type: 'string', default: 'load' },
    },
  });
  const merchants = Number(values.merchants);
  const perMerchant = values.campaigns
    ? Math.max(1, Math.round(Number(values.campaigns) / merchants))
    : Number(values['campaigns-per-merchant']);
  const participations = Number(values.participations);
  if (![merchants, perMerchant, participations].every(Number.isFinite)) {
    throw new Error('--merchants, --campaigns and --participations take numbers');
  }
  const database = await openScriptDatabase();
  if (participations > 0) {
    try {
      await assertNoParticipationData(database.db);
    } catch (error) {
      await database.close();
      if (!(error instanceof GeneratorRefusal)) throw error;
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
  }
  const started = performance.now();
  await generateLoad(database.db, {
    merchants,
    campaignsPerMerchant: perMerchant,
    password: values.password,
  });
  const loaded = performance.now();
  process.stdout.write(
    `${merchants} merchants, ${merchants * perMerchant} campaigns in ${((loaded - started) / 1000).toFixed(1)} s\n`,
  );
  if (participations > 0) {
    await generateParticipations(database.db, {
      participations,
      timeZone: process.env.TIME_ZONE ?? 'Europe/Berlin',
      progress: (done) => {
        process.stdout.write(`  participations: ${Math.round(done * 100)} %\n`);
      },
    });
    process.stdout.write(
      `about ${participations} participations in ${((performance.now() - loaded) / 1000).toFixed(1)} s\n`,
    );
  }
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await runGenerator(process.argv.slice(2));
