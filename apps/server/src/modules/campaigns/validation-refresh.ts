/**
 * Stored campaign errors are computed by the rules of one version
 * (VALIDATION_RULES_VERSION). After a release that changed the rules, this
 * job recomputes the rows stored under older rules, in small batches, in the
 * background; until a row is refreshed, reads compute its errors themselves.
 * Several processes may run it at once: each update is conditional on the
 * version it read, so nothing is written twice or lost.
 */
import { VALIDATION_RULES_VERSION } from '@backoffice/domain';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/define-job.js';
import { recurringJobPolicy } from '../../platform/jobs/recurring.js';
import { staleValidationRows, updateValidationIf } from './records.js';
import { validationColumns } from './view.js';

const BATCH_SIZE = 200;

/** Refreshes every stale row; returns how many it refreshed. `stopped` ends it between batches. */
export async function refreshStaleValidation(
  db: Db,
  stopped: () => boolean = () => false,
): Promise<number> {
  let refreshed = 0;
  const skipped = new Set<string>();
  while (!stopped()) {
    const rows = await staleValidationRows(db, VALIDATION_RULES_VERSION, BATCH_SIZE + skipped.size);
    const batch = rows.filter((row) => !skipped.has(row.id));
    if (batch.length === 0) break;
    for (const row of batch) {
      // A row another process refreshed meanwhile is left as it is.
      const stored = await updateValidationIf(db, row, validationColumns(row));
      if (stored) refreshed += 1;
      else skipped.add(row.id);
    }
  }
  return refreshed;
}

/** The refresh, once shortly after every start (a release may have changed the rules). */
export const validationRefreshJob = defineJob({
  name: 'validation-refresh',
  pollSeconds: 30, // once after a start
  queue: () => ({
    ...recurringJobPolicy(),
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
  }),
  atStart: true,
  run: async (ctx) => {
    const count = await refreshStaleValidation(ctx.db);
    if (count > 0) ctx.log.info({ count }, 'campaign errors recomputed for the current rules');
  },
});
