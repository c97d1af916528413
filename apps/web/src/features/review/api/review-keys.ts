/** Query-key factory of the admins' review queue. */
export const reviewKeys = {
  all: ['review'] as const,
  queues: () => [...reviewKeys.all, 'queue'] as const,
  queue: (page: number) => [...reviewKeys.queues(), page] as const,
};

/**
 * The campaign feature's cache prefix ('campaigns', its campaignKeys.all): a
 * decision here changes campaigns the campaign screens show too.
 */
export const CAMPAIGNS_CACHE_PREFIX = ['campaigns'] as const;

export const campaignActionPath = (id: string, action: string): string =>
  `/campaigns/${encodeURIComponent(id)}/${action}`;
