/** Query-key factory of the account's signed-in devices; invalidate by prefix (deviceKeys.all). */
export const deviceKeys = {
  all: ['my-sessions'] as const,
  list: () => [...deviceKeys.all, 'list'] as const,
};
