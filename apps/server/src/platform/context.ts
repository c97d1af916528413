/**
 * What every route module may use: configuration, database, token services.
 * The top floor of the kernel (types only): it names the services of the
 * floors below; the kernel's own code asks only for the part it uses
 * (OutboxContext, SecurityEventContext, ...), which AppContext has.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { Database, Db } from './db/client.js';
import type { FileStorage } from './files/storage.js';
import type { Geocoder } from './geocoding/geocoder.js';
import type { SigningKey } from './identity/keys.js';
import type { TokenIssuer, TokenVerifier } from './identity/tokens.js';
import type { JobQueue } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import type { Metrics } from './metrics/metrics.js';

export interface DemoAccountInfo {
  email: string;
  description: string;
}

export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  signingKey: SigningKey;
  /** The key that encrypts two-factor secrets at rest (identity/totp.ts, loadMfaKey). */
  mfaKey: Buffer;
  tokenIssuer: TokenIssuer;
  tokenVerifier: TokenVerifier;
  mailer: Mailer;
  /** The job queue: background work and the mail outbox (jobs/queue.ts). */
  jobs: JobQueue;
  /** Uploaded files (merchant images). */
  files: FileStorage;
  /** The configured geocoding provider (offline, Nominatim or Google). */
  geocoder: Geocoder;
  /** The Prometheus metrics of this app (metrics/metrics.ts); they count nothing when off. */
  metrics: Metrics;
  /** Listed on the sign-in page in demo mode only. */
  demoAccounts: readonly DemoAccountInfo[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
