/** What the demo data uses of the draws module: drawing the due sweepstakes. */
export { runDueDraws } from './service.js';
