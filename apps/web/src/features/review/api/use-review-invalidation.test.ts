/** A review decision refreshes what the campaign screens show of the campaign. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import { dashboardKeys } from '../../../shared/resources/dashboard/dashboard-keys';
import { merchantKeys } from '../../../shared/resources/merchants/merchant-keys';
import { invalidateAfterReview } from './use-review-invalidation';

describe('invalidateAfterReview', () => {
  it("marks the campaign's detail, the campaign lists, the review queue and the dashboard stale", async () => {
    const client = new QueryClient();
    const keys = [
      campaignKeys.detail('c1'),
      campaignKeys.statusHistory('c1'),
      campaignKeys.list({ exact_merchant: 'm1', filter_status: 'submitted' }),
      campaignKeys.reviewQueue(1),
      dashboardKeys.overview('m1'),
      merchantKeys.detail('m1'),
    ];
    for (const key of keys) client.setQueryData(key, { seeded: true });

    await invalidateAfterReview(client);

    const stale = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, true, true, true, true, false]);
  });
});
