// @vitest-environment jsdom
/**
 * The review's submit panel: submitting asks
 * first and a cancel sends nothing; a rejected campaign says why, with the
 * next step linked to its first step, and no all-clear beside it.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../../shared/testing/fetch-stub';
import { configureApiAuth } from '../../../../shared/api/auth-hooks';
import { setRuntimeConfig } from '../../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../../../../shared/testing/render';
import { testRuntimeConfig } from '../../../../shared/testing/runtime-config';
import { TEST_CAMPAIGN, TEST_MERCHANT, testEnvelope } from '../../testing/test-envelope';
import { SubmitPanel } from './submit-panel';

const requests: string[] = [];

beforeAll(async () => {
  await loadGermanTexts('campaigns');
  setRuntimeConfig(testRuntimeConfig());
  configureApiAuth({ getToken: () => 'token', onUnauthorized: () => undefined });
});

beforeEach(() => {
  requests.length = 0;
  stubFetch((url, init) => {
    requests.push(`${init.method} ${url}`);
    return new Response('{}', { status: 500 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const finished = { submitted: { benefit: true, content: true, image: true, handling: true } };
const route = {
  route: '/:merchantIdent/campaigns/coupon/:campaignIdent/review',
  url: `/${TEST_MERCHANT}/campaigns/coupon/${TEST_CAMPAIGN}/review`,
};

describe('SubmitPanel', () => {
  it('asks before submitting; cancelling sends nothing', async () => {
    renderWithApp(<SubmitPanel envelope={testEnvelope({ state: finished })} />, route);
    await userEvent.click(screen.getByRole('button', { name: 'Zur Prüfung einreichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kampagne einreichen?' });
    expect(dialog.textContent).toContain(
      'Nach dem Einreichen können Sie die Kampagne nicht mehr bearbeiten.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('shows why a rejected campaign was rejected and the next step, without an all-clear', () => {
    renderWithApp(
      <SubmitPanel
        envelope={testEnvelope({
          campaign: {
            current_status: 'rejected',
            rejection_reason: 'Das Bild ist zu dunkel.\nBitte ein helleres.',
          },
          state: finished,
        })}
      />,
      route,
    );
    const notice = screen.getByTestId('rejection');
    expect(notice.textContent).toContain('Die Prüfung hat die Kampagne abgelehnt');
    expect(notice.textContent).toContain('Das Bild ist zu dunkel.\nBitte ein helleres.');
    expect(
      within(notice).getByRole('link', { name: 'Überarbeiten und erneut einreichen' }),
    ).toHaveProperty('pathname', `/${TEST_MERCHANT}/campaigns/coupon/${TEST_CAMPAIGN}/benefit`);
    expect(screen.queryByText('Alle Schritte sind vollständig.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Erneut zur Prüfung einreichen' })).toBeTruthy();
  });
});
