/**
 * The queue policy of recurring jobs: at most one waiting and one running
 * across all processes ('stately'); a failed run is not retried, the next
 * run is its retry; a run that takes longer than a quarter of an hour has
 * hung (its process died) and counts as failed.
 */
import type { QueuePolicy } from './definition.js';

export const recurringJobPolicy = (): QueuePolicy => ({
  policy: 'stately',
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 900,
});
