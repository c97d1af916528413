// @vitest-environment jsdom
/**
 * The codes section's warnings as a merchant meets them: none while a
 * coupon's store is full, "running low" once handed-out codes took it below
 * the `codes.low` threshold (fewer than 10 % or fewer than 100 left), the
 * empty-store warning at none, and no low warning where codes can no longer
 * be added.
 */
import type { TCodeListResponse } from '@backoffice/domain';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp, testQueryClient } from '../../../../shared/testing/render';
import { testRuntimeConfig } from '../../../../shared/testing/runtime-config';
import { codeKeys } from '../../api/multiple-codes';
import { CodesSection } from './codes-section';

const CAMPAIGN = '44444444-4444-4444-8444-444444444444';

/** The section with the server's first page of codes already in the cache. */
function renderSection(
  counts: { provided: number; used: number },
  { canAdd = true }: { canAdd?: boolean } = {},
) {
  const queryClient = testQueryClient();
  const list: TCodeListResponse = {
    ...counts,
    available: counts.provided - counts.used,
    list_codes: true,
    codes: [],
    pager: { links: [], entries_per_page: 10, total_entries: counts.provided },
  };
  queryClient.setQueryData(codeKeys.page(CAMPAIGN, 1), list);
  renderWithApp(<CodesSection campaignId={CAMPAIGN} warnWhenEmpty canAdd={canAdd} />, {
    queryClient,
  });
}

beforeAll(async () => {
  setRuntimeConfig(testRuntimeConfig());
  await loadGermanTexts('campaigns');
});

describe('the codes section', () => {
  it('warns once handed-out codes leave fewer than 100, with how many are left', async () => {
    renderSection({ provided: 150, used: 51 });
    expect(await screen.findByTestId('codes-available')).toHaveProperty('textContent', '99');
    expect(screen.getByTestId('codes-low').textContent).toBe(
      'Die Codes werden knapp: nur noch 99 Codes verfügbar. Bitte laden Sie rechtzeitig neue hoch oder erzeugen Sie welche.',
    );
    expect(screen.queryByTestId('codes-warning')).toBeNull();
  });

  it('warns in a large store below 10 %, not at 10 %', async () => {
    renderSection({ provided: 20_000, used: 18_001 });
    expect((await screen.findByTestId('codes-low')).textContent).toContain('nur noch 1.999 Codes');
  });

  it('stays quiet at 10 % of a large store', async () => {
    renderSection({ provided: 20_000, used: 18_000 });
    expect(await screen.findByTestId('codes-available')).toHaveProperty('textContent', '2.000');
    expect(screen.queryByTestId('codes-low')).toBeNull();
  });

  it('says nothing of running low for a small store nothing was handed out of yet', async () => {
    renderSection({ provided: 20, used: 0 });
    expect(await screen.findByTestId('codes-available')).toHaveProperty('textContent', '20');
    expect(screen.queryByTestId('codes-low')).toBeNull();
  });

  it('says nothing of running low where codes can no longer be added', async () => {
    renderSection({ provided: 150, used: 140 }, { canAdd: false });
    expect(await screen.findByTestId('codes-available')).toHaveProperty('textContent', '10');
    expect(screen.queryByTestId('codes-low')).toBeNull();
  });

  it('says the store is empty at none, rather than low', async () => {
    renderSection({ provided: 150, used: 150 });
    expect(await screen.findByTestId('codes-warning')).toBeTruthy();
    expect(screen.queryByTestId('codes-low')).toBeNull();
  });
});
