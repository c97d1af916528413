/**
 * What other parts use of the password-reset module: the sign-in page's link
 * to it, and the voiding of open reset links when a password changes.
 */
export { PASSWORD_FORGOTTEN_PATH, voidResetLinks } from './service.js';
