// @vitest-environment jsdom
/**
 * The pages of one campaign before they have it: a failed load (a 503, a
 * timeout, no network) is said to have failed, with the error and another
 * try, so that one slow answer never makes a campaign look deleted; only a
 * 404 says the campaign was not found.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { fail, networkDown } from '../../../shared/testing/msw/answers';
import { campaignHandlers } from '../../../shared/testing/msw/handlers/campaigns';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { CampaignPage } from './campaign-page';
import { CampaignSubmittedPage } from './campaign-submitted-page';
import { ViewInAppPage } from './view-in-app-page';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const CAMPAIGN = '44444444-4444-4444-8444-444444444444';
const NOT_FOUND = 'Die Kampagne wurde nicht gefunden.';

const PAGES: [string, ComponentType][] = [
  ['the campaign', CampaignPage],
  ['the submitted page', CampaignSubmittedPage],
  ['the app view', ViewInAppPage],
];

function renderPage(Page: ComponentType) {
  return renderWithApp(<Page />, {
    route: '/:merchantIdent/campaigns/coupon/:campaignIdent',
    url: `/${MERCHANT}/campaigns/coupon/${CAMPAIGN}`,
  });
}

beforeAll(async () => {
  await loadGermanTexts('campaigns');
});
beforeEach(() => {
  startSession({
    user: {
      email: 'owner@example.com',
      locale: 'de-DE',
      level: 'other',
      token: { sub: 'user', iss: 'test', exp: 0 },
    },
    merchantinfo: { searchtype: 'single', merchants: [], total: 0 },
  });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('a campaign page whose campaign does not load', () => {
  it.each(PAGES)('%s: a 503 is a failed load with another try', async (_, Page) => {
    const api = mockApi([campaignHandlers.all(fail(503, 'service_unavailable'))]);
    renderPage(Page);
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('HTTP 503');
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(api.callsTo('GET', `/campaigns/${CAMPAIGN}`)).toHaveLength(2));
  });

  it.each(PAGES)('%s: no answer is a failed load, not a deleted campaign', async (_, Page) => {
    mockApi([campaignHandlers.all(networkDown)]);
    renderPage(Page);
    expect((await screen.findByTestId('load-failed')).textContent).toContain(
      'Could not send request',
    );
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
  });

  it.each(PAGES)('%s: a 404 is not found, with the way back to the list', async (_, Page) => {
    mockApi([campaignHandlers.all(fail(404, 'not_found'))]);
    renderPage(Page);
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Kampagnenliste' })).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});
