/** What the demo data uses of the ingest module: storing events as the consumer app sends them. */
export { ingestEvents } from './service.js';
