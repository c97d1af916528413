/** What other modules may use of the merchants module. */
export { refreshMerchantErrors } from './service.js';
