/** What other modules may use of the notifications module: its mails and their recipients. */
export { notifyOpenWins, recipientsOf, type NotificationMailDeps } from './service.js';
