/** What other modules may use of the codes module. */
export { availableCodes } from './service.js';
