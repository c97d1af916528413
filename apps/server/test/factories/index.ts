/**
 * Factories of test data: each inserts valid rows through the database
 * schema and returns what it made (ids, and a person's email and password).
 */
export * from './api-keys.js';
export * from './campaigns.js';
export * from './merchants.js';
export * from './people.js';
