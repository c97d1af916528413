/**
 * The database schema (Drizzle, pg-core), one file per area in ./schema/.
 * Migrations in ./migrations are generated from these files by
 * `npm run db:generate -w apps/server`; code imports the tables from here.
 */
export * from './schema/identity.js';
export * from './schema/merchants.js';
export * from './schema/campaigns.js';
export * from './schema/statistics.js';
export * from './schema/access-codes.js';
export * from './schema/webhooks.js';
export * from './schema/idempotency.js';
export * from './schema/api-tokens.js';
export * from './schema/images.js';
