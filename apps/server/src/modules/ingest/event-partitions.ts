/**
 * The monthly partitions of the raw events on PostgreSQL, made ahead of
 * time (platform/db/event-partitions.ts; docs/decisions/046-event-partitions.md):
 * the current month's and EVENT_PARTITIONS_AHEAD more, after every start and
 * every six hours. An event of a month without one lands in the default
 * partition, which the next month made takes its rows from. Nothing on the
 * embedded database, where the events stay one table.
 */
import { defineJob } from '../../platform/define-job.js';
import { ensureEventPartitions } from '../../platform/db/event-partitions.js';
import { recurringJobPolicy } from '../../platform/jobs/recurring.js';

export const eventPartitionsJob = defineJob({
  name: 'event-partitions',
  pollSeconds: 30, // partitions are made months ahead
  queue: recurringJobPolicy,
  everySeconds: (config) => (config.campaigns.schedulerIntervalSeconds === 0 ? 0 : 6 * 3600),
  atStart: true,
  run: async (ctx) => {
    const created = await ensureEventPartitions(ctx.db);
    if (created.length > 0) {
      ctx.log.info({ partitions: created.map((p) => p.name) }, 'event partitions created');
    }
  },
});
