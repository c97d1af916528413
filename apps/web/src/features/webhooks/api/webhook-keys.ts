/**
 * Query keys and API paths of the webhook endpoints (docs/product.md#webhooks).
 * An owner is a merchant (its endpoints) or `null`, the admins' endpoints
 * for every merchant. Invalidate by prefix: webhookKeys.all refreshes every
 * list and endpoint, webhookKeys.detail(id) one endpoint and its log.
 */

/** Whose endpoints: a merchant's by its id, or the admins' (`null`). */
export type WebhookOwner = string | null;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (owner: WebhookOwner) => [...webhookKeys.all, 'list', owner ?? 'admin'] as const,
  detail: (id: string) => [...webhookKeys.all, 'detail', id] as const,
  deliveries: (id: string, page: number) =>
    [...webhookKeys.detail(id), 'deliveries', page] as const,
};

/** The endpoints' list of an owner: /merchants/{id}/webhooks or /admin/webhooks. */
export const webhookListPath = (owner: WebhookOwner): string =>
  owner === null ? '/admin/webhooks' : `/merchants/${encodeURIComponent(owner)}/webhooks`;

/** One endpoint, and what lies below it (`/secret`, `/deliveries`, ...). */
export const webhookPath = (id: string, suffix = ''): string =>
  `/webhooks/${encodeURIComponent(id)}${suffix}`;

/**
 * The statuses whose answers the webhook screens word themselves (beside a
 * field, in the dialog); the client alerts every other failure.
 */
export const WEBHOOK_HANDLED_STATUSES = [400, 409, 422] as const;
