// @vitest-environment jsdom
/**
 * What the campaign changes refresh: creating, copying, following up,
 * deleting or submitting a campaign changes the dashboard's counts ("Übersicht"), which
 * must not show the old figures for the rest of their cache time; a winner
 * draw changes its open wins. A change refused because the campaign is no
 * longer editable reloads the campaign.
 */
import type { TCampaignDeleteResponse, TDrawResponse } from '@backoffice/domain';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../../shared/api/auth-hooks';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import { dashboardKeys } from '../../../shared/resources/dashboard/dashboard-keys';
import { setRuntimeConfig } from '../../../shared/config/runtime-config';
import { testQueryClient } from '../../../shared/testing/render';
import { testRuntimeConfig } from '../../../shared/testing/runtime-config';
import { TEST_CAMPAIGN, TEST_MERCHANT, testEnvelope } from '../testing/test-envelope';
import { useDeleteCampaignImage } from './campaign-image';
import { useCloneCampaign } from './clone-campaign';
import { useCreateCampaign } from './create-campaign';
import { useCreateFollowup } from './create-followup';
import { useDeleteCampaign } from './delete-campaign';
import { useDrawNow } from './draw';
import { useSubmitCampaign } from './submit-campaign';

let answer: unknown;
let status = 200;

beforeAll(() => {
  setRuntimeConfig(testRuntimeConfig());
  configureApiAuth({ getToken: () => 'token', onUnauthorized: () => undefined });
});

beforeEach(() => {
  status = 200;
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(answer), { status })));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Runs a mutation hook's change and tells which cached queries it marked stale. */
async function staleAfter(run: () => Promise<unknown>, client: ReturnType<typeof testQueryClient>) {
  await run();
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return {
    overview: stale(dashboardKeys.overview(TEST_MERCHANT)),
    list: stale(campaignKeys.list({ exact_merchant: TEST_MERCHANT })),
  };
}

function setup<T>(useHook: () => T) {
  const client = testQueryClient();
  client.setQueryData(dashboardKeys.overview(TEST_MERCHANT), { seeded: true });
  client.setQueryData(campaignKeys.list({ exact_merchant: TEST_MERCHANT }), { seeded: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  return { client, result };
}

describe('the campaign changes', () => {
  it('creating a campaign refreshes the dashboard and the lists', async () => {
    answer = testEnvelope();
    const { client, result } = setup(useCreateCampaign);
    const run = () =>
      result.current.mutateAsync({ merchant: TEST_MERCHANT, type: 'coupon/percent' });
    expect(await staleAfter(run, client)).toEqual({ overview: true, list: true });
  });

  it('copying a campaign refreshes the dashboard and the lists', async () => {
    answer = testEnvelope();
    const { client, result } = setup(useCloneCampaign);
    const run = () => result.current.mutateAsync(TEST_CAMPAIGN);
    expect(await staleAfter(run, client)).toEqual({ overview: true, list: true });
  });

  it('creating a follow-up refreshes the dashboard and the lists', async () => {
    answer = testEnvelope();
    const { client, result } = setup(useCreateFollowup);
    const run = () => result.current.mutateAsync(TEST_CAMPAIGN);
    expect(await staleAfter(run, client)).toEqual({ overview: true, list: true });
  });

  it('deleting a campaign refreshes the dashboard and the lists', async () => {
    answer = { status: 'deleted', reason: null } satisfies TCampaignDeleteResponse;
    const { client, result } = setup(useDeleteCampaign);
    const run = () => result.current.mutateAsync(TEST_CAMPAIGN);
    expect(await staleAfter(run, client)).toEqual({ overview: true, list: true });
  });

  it('submitting a campaign refreshes the dashboard and the lists', async () => {
    answer = testEnvelope({ campaign: { current_status: 'submitted' }, allow_edit: false });
    const { client, result } = setup(useSubmitCampaign);
    const run = () => result.current.mutateAsync(TEST_CAMPAIGN);
    expect(await staleAfter(run, client)).toEqual({ overview: true, list: true });
  });

  it('a winner draw refreshes the dashboard’s open wins', async () => {
    answer = { winners: [] } as unknown as TDrawResponse;
    const { client, result } = setup(() => useDrawNow(TEST_CAMPAIGN));
    const run = () => result.current.mutateAsync();
    expect((await staleAfter(run, client)).overview).toBe(true);
  });

  it('an image change refused as not editable reloads the campaign', async () => {
    answer = { statusCode: 409, message: 'campaign_not_editable' };
    status = 409;
    const { client, result } = setup(useDeleteCampaignImage);
    client.setQueryData(campaignKeys.detail(TEST_CAMPAIGN), testEnvelope());
    await expect(result.current.mutateAsync(TEST_CAMPAIGN)).rejects.toThrow();
    expect(client.getQueryState(campaignKeys.detail(TEST_CAMPAIGN))?.isInvalidated).toBe(true);
  });
});
