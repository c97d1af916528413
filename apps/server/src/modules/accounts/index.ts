/**
 * What other parts use of the accounts module: the registration pages'
 * invitations, and create-admin's settling of a person's invitations.
 */
export { findOpenInvitation, revokeOpenInvitationsOf } from './invitations.js';
export { lockInvitationAddress } from './queries.js';
export { completeInvitation } from './service.js';
