/** What every route module may use: configuration, database, token services. */
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { SigningKey } from './identity/keys.js';
import type { TokenIssuer, TokenVerifier } from './identity/tokens.js';

export interface DemoAccountInfo {
  email: string;
  description: string;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  signingKey: SigningKey;
  tokenIssuer: TokenIssuer;
  tokenVerifier: TokenVerifier;
  /** Listed on the sign-in page in demo mode only. */
  demoAccounts: readonly DemoAccountInfo[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
