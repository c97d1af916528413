/** Wires configuration, database and token services into the app context. */
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { createS3FileStorage } from './files/s3-storage.js';
import { createLocalFileStorage } from './files/storage.js';
import { createGeocoder } from './geocoding/geocoder.js';
import { createLogger } from './http/logging.js';
import { openDatabase, type Database, type DatabaseLocation } from './db/client.js';
import { loadSigningKey } from './identity/keys.js';
import { createTokenIssuer, createTokenVerifier } from './identity/tokens.js';
import { createMailer } from './mail/mailer.js';
import { DEMO_ACCOUNTS, seedDemoData } from './seed/demo-data.js';

export function databaseLocation(config: Config): DatabaseLocation {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
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
  });
  return {
    config,
    log: createLogger(config.logLevel),
    database,
    db: database.db,
    signingKey,
    tokenIssuer,
    tokenVerifier,
    mailer: createMailer(config.mail),
    files: config.files.s3
      ? createS3FileStorage(config.files.s3)
      : createLocalFileStorage(config.files.dir),
    geocoder: createGeocoder(config),
    demoAccounts: config.demo ? DEMO_ACCOUNTS : [],
  };
}

/** Opens the configured database and, in demo mode, fills it with demo data once. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(databaseLocation(config), {
    timeZone: config.web.timeZone,
  });
  if (config.demo) await seedDemoData(database.db);
  return database;
}
