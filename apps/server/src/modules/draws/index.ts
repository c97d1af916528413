/**
 * What other parts use of the draws module: drawing the due sweepstakes (the
 * demo data), and clearing the candidate lists of draws older than the
 * retention period (the retention job).
 */
export { clearCandidateDigests } from './queries.js';
export { runDueDraws, type DrawDeps } from './service.js';
