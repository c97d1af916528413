/** Query-key factory of the admins' API keys; invalidate by prefix (apiKeyKeys.all). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};
