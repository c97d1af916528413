import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { campaignOverview, usedStatusRows } from './overview';

/** Every campaign status, in the order of the dashboard's tables. */
const STATUSES = [
  'created',
  'submitted',
  'start_review',
  'approved',
  'active',
  'ended',
  'deleted',
  'rejected',
];

describe('dashboard overview', () => {
  it('sums coupons of every sub-type per status and keeps sweepstakes apart', () => {
    const overview = campaignOverview([
      { type: 'sweepstake/standard', status: 'created', count: 2, sweeptotal: 15_000 },
      { type: 'sweepstake/standard', status: 'active', count: 1, sweeptotal: 5_000 },
      { type: 'coupon/percent', status: 'created', count: 3, sweeptotal: 0 },
      { type: 'coupon/free', status: 'created', count: 1, sweeptotal: 0 },
      { type: 'coupon/offer', status: 'ended', count: 4, sweeptotal: 0 },
      { type: 'tip/standard', status: 'created', count: 5, sweeptotal: 0 },
      { type: 'tip/sweepstake', status: 'active', count: 1, sweeptotal: 9_000 },
    ]);
    // Every unsubmitted campaign is a to-do, whatever its type.
    expect(overview.unsubmitted).toBe(11);
    expect(overview.sweepstakes.find((row) => row.status === 'created')).toEqual({
      status: 'created',
      count: 2,
      sweeptotal: 15_000,
    });
    expect(overview.sweepstakes.find((row) => row.status === 'active')?.sweeptotal).toBe(5_000);
    expect(overview.coupons.find((row) => row.status === 'created')?.count).toBe(4);
    expect(overview.coupons.find((row) => row.status === 'ended')?.count).toBe(4);
    // Every status once, in order; tips are in neither table.
    expect(overview.coupons.map((row) => [row.status, row.count])).toEqual(
      STATUSES.map((status) => [status, status === 'created' || status === 'ended' ? 4 : 0]),
    );
    const sweepstakes: Record<string, { count: number; sweeptotal: number }> = {
      created: { count: 2, sweeptotal: 15_000 },
      active: { count: 1, sweeptotal: 5_000 },
    };
    expect(overview.sweepstakes).toEqual(
      STATUSES.map((status) => ({
        status,
        ...(sweepstakes[status] ?? { count: 0, sweeptotal: 0 }),
      })),
    );
  });

  it('lists every status once, with zero where there is none', () => {
    const overview = campaignOverview([]);
    expect(overview.unsubmitted).toBe(0);
    expect(overview.sweepstakes.map((row) => row.status)).toEqual(STATUSES);
    expect(overview.coupons.map((row) => row.status)).toEqual(STATUSES);
    for (const rows of [overview.sweepstakes, overview.coupons]) {
      expect(rows.every((row) => row.count === 0 && row.sweeptotal === 0)).toBe(true);
    }
  });
});

describe('compact dashboard', () => {
  it('counts rejected campaigns, tells a merchant without campaigns, and keeps the used statuses', () => {
    const overview = campaignOverview([
      { type: 'coupon/percent', status: 'rejected', count: 2, sweeptotal: 0 },
      { type: 'sweepstake/standard', status: 'active', count: 1, sweeptotal: 500 },
    ]);
    expect(overview.rejected).toBe(2);
    expect(overview.hasCampaigns).toBe(true);
    expect(usedStatusRows(overview.coupons).map((row) => row.status)).toEqual(['rejected']);
    expect(usedStatusRows(overview.sweepstakes).map((row) => row.status)).toEqual(['active']);
    // Deleted campaigns alone: the merchant starts afresh.
    const deletedOnly = campaignOverview([
      { type: 'coupon/percent', status: 'deleted', count: 3, sweeptotal: 0 },
    ]);
    expect(deletedOnly.hasCampaigns).toBe(false);
    expect(campaignOverview([]).hasCampaigns).toBe(false);
  });
});

describe('the to-do table’s rejection texts', () => {
  it('read as the review page and the list row read them (the dashboard’s text part keeps its own copy)', () => {
    for (const catalogue of [de, en]) {
      expect(catalogue.dashboard.todo.reasonLine).toBe(catalogue.campaigns.rejection.reasonLine);
      expect(catalogue.dashboard.todo.next).toBe(catalogue.campaigns.rejection.next);
    }
  });
});
