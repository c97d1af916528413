// @vitest-environment jsdom
/**
 * The wizard when the campaign's status changed elsewhere (docs/product.md#campaign-states: no edits
 * after submission): a save refused with 409 campaign_not_editable, or a
 * submit refused with 409 or 400, reloads the campaign, so that the screen
 * shows its current status instead of a form or a submit button that fail
 * the same way on every try.
 */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../shared/testing/fetch-stub';
import { configureApiAuth } from '../../../shared/api/auth-hooks';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import { setRuntimeConfig } from '../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp, testQueryClient } from '../../../shared/testing/render';
import { testRuntimeConfig } from '../../../shared/testing/runtime-config';
import { campaignQueryOptions } from '../api/get-campaign';
import { TEST_CAMPAIGN, TEST_MERCHANT, testEnvelope } from '../testing/test-envelope';
import { CampaignWizard } from './campaign-wizard';
import { SubmitPanel } from './review/submit-panel';

/** The campaign as the server has it now, and its refusal of the next save or submit. */
let stored: TCampaignEnvelope;
let refusal: { status: number; message: string };
const requests: string[] = [];

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeAll(async () => {
  await loadGermanTexts('campaigns');
  setRuntimeConfig(testRuntimeConfig());
  configureApiAuth({ getToken: () => 'token', onUnauthorized: () => undefined });
});

beforeEach(() => {
  requests.length = 0;
  stubFetch((url, { method }) => {
    requests.push(`${method} ${url}`);
    if (method === 'GET') return json(stored);
    return json({ statusCode: refusal.status, message: refusal.message }, refusal.status);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A campaign finished and editable in the browser's copy. */
const finished = () =>
  testEnvelope({
    state: {
      submitted: { benefit: true, content: true, image: true, handling: true },
      is_unfinished: false,
    },
  });

/** What the page shows: the campaign as the query has it. */
function renderLoaded(show: (envelope: TCampaignEnvelope) => ReactNode, step: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(campaignKeys.detail(TEST_CAMPAIGN), finished());
  function Loaded() {
    const { data } = useQuery(campaignQueryOptions(TEST_CAMPAIGN));
    return data ? show(data) : null;
  }
  return renderWithApp(<Loaded />, {
    queryClient,
    route: `/:merchantIdent/campaigns/coupon/:campaignIdent/${step}`,
    url: `/${TEST_MERCHANT}/campaigns/coupon/${TEST_CAMPAIGN}/${step}`,
  });
}

const submitButton = () => screen.queryByRole('button', { name: 'Zur Prüfung einreichen' });

/** Submits as a user does: the button, then the confirmation's 'Einreichen'. */
async function submitAndConfirm() {
  await userEvent.click(submitButton() as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Kampagne einreichen?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Einreichen' }));
}

describe('a campaign whose status changed elsewhere', () => {
  it('is reloaded when a save is refused as not editable, and shows the typed input read-only', async () => {
    stored = testEnvelope({
      campaign: { current_status: 'submitted', version: 2 },
      allow_edit: false,
    });
    refusal = { status: 409, message: 'campaign_not_editable' };
    renderLoaded(
      (envelope) => <CampaignWizard envelope={envelope} family="coupon" step="content" />,
      'content',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^Titel/ }), 'Herbstfest');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    // The step's form stays with what was typed, read-only under its note, without a save.
    expect(
      await screen.findByText(
        'Nach dem Einreichen oder während die Kampagne online ist, kann sie nicht bearbeitet werden.',
      ),
    ).toBeTruthy();
    const title = screen.getByRole<HTMLInputElement>('textbox', { name: /^Titel/ });
    expect(title.value).toContain('Herbstfest');
    expect(title.closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(requests).toContain(`GET /api/campaigns/${TEST_CAMPAIGN}`);
  });

  it('is reloaded when a submit is refused as not submittable, and offers no submit', async () => {
    stored = testEnvelope({
      campaign: { current_status: 'submitted', version: 2 },
      allow_edit: false,
    });
    refusal = { status: 409, message: 'campaign_not_submittable' };
    renderLoaded((envelope) => <SubmitPanel envelope={envelope} />, 'review');
    await submitAndConfirm();
    await waitFor(() => expect(submitButton()).toBeNull());
    expect(screen.getByText(/kann sie nicht bearbeitet werden/)).toBeTruthy();
  });

  it('is reloaded when a submit is refused for errors, and shows them with submit disabled', async () => {
    stored = testEnvelope({
      state: {
        submitted: { benefit: true, content: true, image: true, handling: true },
        errors: [{ step: 'content', fld: 'title.de', message: 'required_field_missing' }],
        is_unfinished: false,
      },
      campaign: { version: 2 },
    });
    refusal = { status: 400, message: 'campaign_has_errors' };
    renderLoaded((envelope) => <SubmitPanel envelope={envelope} />, 'review');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    await submitAndConfirm();
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(true));
  });
});
