/** What other modules may use of the codes module: the count of available codes, and the consumer app's report of a handed-out code. */
export { availableCodes } from './service.js';
export { reportCodeHandout } from './handouts.js';
