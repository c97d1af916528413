/**
 * Query keys of a merchant's tokens for integrators
 * (docs/product.md#tokens-for-integrators); invalidate by prefix
 * (apiTokenKeys.all refreshes every merchant's list).
 */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: (merchantId: string) => [...apiTokenKeys.all, 'list', merchantId] as const,
};

/**
 * The statuses whose answers the dialog words itself (beside a field, above
 * its buttons); the client alerts every other failure.
 */
export const API_TOKEN_HANDLED_STATUSES = [400, 403, 409, 422] as const;
