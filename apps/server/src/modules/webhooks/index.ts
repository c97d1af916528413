/** What other modules use of the webhooks: recording the events they tell of. */
export { recordWebhookEvents, type WebhookEvent } from './events.js';
