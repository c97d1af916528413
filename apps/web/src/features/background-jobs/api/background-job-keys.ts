/** Query-key factory of the admins' background jobs; invalidate by prefix (backgroundJobKeys.all). */
export const backgroundJobKeys = {
  all: ['background-jobs'] as const,
  overview: () => [...backgroundJobKeys.all, 'overview'] as const,
};
