// @vitest-environment jsdom
/**
 * The description step's form as a user meets it (docs/product.md#the-campaign-wizard, docs/product.md#validation): a required
 * field carries its star while it is empty, its error shows only once the
 * field was left, and a save the server would refuse as a whole (a landing
 * page without http) is not sent, while a correct one is.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../../../shared/api/auth-hooks';
import { setRuntimeConfig } from '../../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../../../../shared/testing/render';
import { testRuntimeConfig } from '../../../../shared/testing/runtime-config';
import { TEST_CAMPAIGN, TEST_MERCHANT, testEnvelope } from '../../testing/test-envelope';
import { ContentStep } from './content-step';

const MERCHANT = TEST_MERCHANT;
const CAMPAIGN = TEST_CAMPAIGN;

/** A new coupon whose description step was never saved. */
const envelope = () => testEnvelope();

/** The requests the step sends; answered with the campaign as it was, unless a test says otherwise. */
const sent = vi.fn<(url: string, init: RequestInit) => Response | undefined>();

beforeAll(async () => {
  await loadGermanTexts('campaigns');
  setRuntimeConfig(testRuntimeConfig());
  configureApiAuth({ getToken: () => 'token', onUnauthorized: () => undefined });
});

beforeEach(() => {
  sent.mockReset();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const answer = sent(url, init) ?? new Response(JSON.stringify(envelope()), { status: 200 });
    return Promise.resolve(answer);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderStep() {
  return renderWithApp(
    <ContentStep envelope={envelope()} family="coupon" step="content" merchantLevel={1} />,
    {
      route: '/:merchantIdent/campaigns/coupon/:campaignIdent/content',
      url: `/${MERCHANT}/campaigns/coupon/${CAMPAIGN}/content`,
    },
  );
}

const title = () => screen.getByRole('textbox', { name: /^Titel/ });
/** Whether a field's label carries the required star. */
const starred = (input: HTMLElement) =>
  document.querySelector(`label[for="${input.id}"]`)?.textContent.includes('*') ?? false;

// Typing in jsdom takes its time on a shared machine.
describe('the description step form', { timeout: 30_000 }, () => {
  it('stars the required title while it is empty', async () => {
    renderStep();
    expect(starred(title())).toBe(true);
    await userEvent.type(title(), 'Fest');
    expect(starred(title())).toBe(false);
    await userEvent.clear(title());
    expect(starred(title())).toBe(true);
  });

  it('shows a field’s error only after the field was left', async () => {
    renderStep();
    await userEvent.click(title());
    expect(screen.queryByText('Pflichtfeld')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('Pflichtfeld')).toBeTruthy();
    expect(title().getAttribute('aria-invalid')).toBe('true');
  });

  it('does not send a save with a landing page the server would refuse, and sends it once corrected', async () => {
    renderStep();
    const landingPage = screen.getByRole('textbox', { name: 'Landingpage (URL)' });
    const save = screen.getByRole('button', { name: 'Speichern' });

    await userEvent.type(landingPage, 'www.example.com');
    await userEvent.click(save);
    expect(
      await screen.findByText('Bitte eine Adresse mit http:// oder https:// angeben'),
    ).toBeTruthy();
    // A tried save shows every error of the step, the untouched title's too.
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(sent).not.toHaveBeenCalled();

    await userEvent.clear(landingPage);
    await userEvent.type(landingPage, 'https://example.com');
    await userEvent.click(save);
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    const [url, init] = sent.mock.calls[0] ?? [];
    // An intermediate save of the step: the empty title is allowed there.
    expect(url).toBe(`/api/campaigns/${CAMPAIGN}?validate=content`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toMatchObject({
      landing_page: 'https://example.com',
      version: 1,
    });
  });

  it('shows what the server refused beside the field, until the field changes', async () => {
    sent.mockReturnValueOnce(
      new Response(
        JSON.stringify({ statusCode: 400, message: 'invalid_value', field: 'landing_page' }),
        { status: 400 },
      ),
    );
    renderStep();
    const landingPage = screen.getByRole('textbox', { name: 'Landingpage (URL)' });
    await userEvent.type(landingPage, 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('Bitte eine Adresse mit http:// oder https:// angeben'),
    ).toBeTruthy();
    await userEvent.type(landingPage, '/herbst');
    expect(screen.queryByText('Bitte eine Adresse mit http:// oder https:// angeben')).toBeNull();
  });
});
