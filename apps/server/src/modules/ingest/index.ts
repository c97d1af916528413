/** What the demo data uses of the ingest module: storing events as the consumer app sends them, and counting them. */
export { foldPending, stopFolding } from './fold.js';
export { ingestEvents } from './service.js';
