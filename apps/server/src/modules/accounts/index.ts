/** What the identity provider's registration pages use of the accounts module: invitations. */
export { findOpenInvitation } from './invitations.js';
export { completeInvitation } from './service.js';
