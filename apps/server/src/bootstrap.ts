/** Wires configuration, database and token services into the app context. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './platform/context.js';
import type { Config } from './platform/config/config.js';
import { createLocalFileStorage } from './platform/files/storage.js';
import { createGeocoder } from './platform/geocoding/geocoder.js';
import { createLogger, demoLogDestination } from './platform/http/logging.js';
import {
  openDatabase,
  type Database,
  type DatabaseLocation,
  type OpenOptions,
} from './platform/db/client.js';
import { loadSigningKey } from './platform/identity/keys.js';
import { loadMfaKey } from './platform/identity/totp.js';
import { createTokenIssuer, createTokenVerifier } from './platform/identity/tokens.js';
import { JobQueue } from './platform/jobs/queue.js';
import { createMailer } from './platform/mail/mailer.js';
import { createMetrics, type Metrics } from './platform/metrics/metrics.js';
import { DEMO_ACCOUNTS, seedDemoData } from './ops/seed/demo-data.js';
import { showPhase } from './start-progress.js';

export function databaseLocation(config: Config): DatabaseLocation {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

const loggers = new WeakMap<Config, FastifyBaseLogger>();

/** The process's logger for a configuration: one, shared by the database and the app. */
function loggerOf(config: Config): FastifyBaseLogger {
  let log = loggers.get(config);
  if (!log) {
    log = createLogger(config.logLevel);
    loggers.set(config, log);
  }
  return log;
}

/**
 * A process that serves (main.ts, create-data-folder.ts) logs into
 * `DATA_DIR/logs` in demo mode (platform/http/logging.ts, demoLogDestination); other
 * modes, and the tests' apps, log to standard output.
 */
export function logToDemoFileInDemoMode(config: Config): void {
  if (!config.demo || loggers.has(config)) return;
  loggers.set(
    config,
    createLogger(config.logLevel, demoLogDestination(config.dataDir, config.logLevel)),
  );
}

export async function createAppContext(
  config: Config,
  database: Database,
  options: { keepDemoKeyInDataDir: boolean } = { keepDemoKeyInDataDir: true },
): Promise<AppContext> {
  const signingKey = await loadSigningKey({
    privateKeyPem: config.identity.privateKeyPem,
    demoKeyDir: config.demo && options.keepDemoKeyInDataDir ? config.dataDir : undefined,
  });
  // Without MFA_ENCRYPTION_KEY the key is kept in DATA_DIR (tests: in memory); see docs/operations.md.
  const mfaKey = await loadMfaKey({
    configured: config.accounts.mfaEncryptionKey,
    keyDir: options.keepDemoKeyInDataDir ? config.dataDir : undefined,
  });
  if (!config.accounts.mfaEncryptionKey && config.databaseUrl && !config.demo) {
    loggerOf(config).warn(
      'MFA_ENCRYPTION_KEY is not set: two-factor secrets are encrypted with a key kept in DATA_DIR; several server processes must share one key (docs/operations.md)',
    );
  }
  const tokenIssuer = createTokenIssuer(signingKey, {
    issuer: config.identity.issuer,
    audience: config.identity.audience,
    ttlSeconds: config.identity.tokenTtlSeconds,
  });
  const tokenVerifier = createTokenVerifier({
    issuer: config.identity.issuer,
    audience: config.identity.audience,
    localKey: signingKey,
    jwksUrl: config.identity.jwksUrl,
    emailVerifiedClaim: config.identity.emailVerifiedClaim,
  });
  const log = loggerOf(config);
  const jobs = new JobQueue({
    target: database.queueTarget,
    config,
    log,
    onJobFailed: (queue) => metrics.jobFailed(queue),
  });
  const metrics: Metrics = await createMetrics(config.metrics, {
    database,
    jobCounts: () => jobs.counts(database.db),
    log,
  });
  return {
    config,
    log,
    database,
    db: database.db,
    signingKey,
    mfaKey,
    tokenIssuer,
    tokenVerifier,
    mailer: createMailer(config.mail),
    jobs,
    metrics,
    // The S3 client is loaded only where it is used (some 8 MB: docs/benchmarks.md, "Idle memory").
    files: config.files.s3
      ? await (
          await import('./platform/files/s3-storage.js')
        ).openS3FileStorage(config.files.s3, loggerOf(config))
      : createLocalFileStorage(config.files.dir),
    geocoder: createGeocoder(config),
    demoAccounts: config.demo ? DEMO_ACCOUNTS : [],
  };
}

/**
 * Opens the configured database and, in demo mode, fills it with demo data
 * once. A new embedded database is created, migrated and seeded in a
 * short-lived process first (create-data-folder.ts): initdb and the demo
 * activity grow PGlite's WebAssembly memory to several hundred MB, which a
 * process never gives back; the server then opens the finished folder.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  // Demo mode says on the console what the first start spends its time on.
  const label = config.demoActivity
    ? 'Creating the database with demo campaigns and participations'
    : 'Creating the database with the demo accounts';
  const database = await openDatabase(databaseLocation(config), {
    ...databaseOptions(config),
    create: config.demo
      ? () => showPhase(label, createDataFolderInChildProcess)
      : createDataFolderInChildProcess,
  });
  if (config.demo) await seedDemoData(database.db);
  return database;
}

/** How the server opens its database: the time zone, and what goes into its log. */
export function databaseOptions(config: Config): OpenOptions {
  const log = loggerOf(config);
  return {
    timeZone: config.web.timeZone,
    onConnectionLost: (error) => log.warn({ err: error }, 'PostgreSQL connection lost'),
    onMigrated: (applied) => log.info({ applied }, 'database migrations applied'),
  };
}

/** Runs create-data-folder.js with this process's environment; resolves when it succeeded. */
function createDataFolderInChildProcess(): Promise<void> {
  // .ts when the server runs from its sources (tests: Node's options load them through tsx).
  const script = path.join(
    import.meta.dirname,
    `create-data-folder${path.extname(import.meta.filename)}`,
  );
  return new Promise((resolve, reject) => {
    // The channel ends with this process: the child then stops too (create-data-folder.ts).
    const child = spawn(process.execPath, [...process.execArgv, script], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the database failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Demo mode: the demo accounts (openConfiguredDatabase) and, unless turned off, their activity. */
export async function seedDemoActivityOnce(ctx: AppContext): Promise<void> {
  if (!ctx.config.demoActivity) return;
  const { seedDemoActivity } = await import('./ops/seed/demo-activity.js');
  const { JOB_DEFINITIONS } = await import('./background-jobs.js');
  if (await seedDemoActivity(ctx, JOB_DEFINITIONS))
    ctx.log.info('demo campaigns and participations created');
}
