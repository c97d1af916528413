// @vitest-environment jsdom
/**
 * The flow step's dates as a user types them (docs/product.md#limits dd.MM.yyyy HH:mm): a
 * date the field cannot read stays visible with its error, and the step is
 * not saved with the old date in its place; once it is corrected, the step
 * is saved with the new one. A day typed alone starts the runtime at 00:00
 * and ends it (and the redemption) at 23:59.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type SentInit } from '../../../../shared/testing/fetch-stub';
import { configureApiAuth } from '../../../../shared/api/auth-hooks';
import { setRuntimeConfig } from '../../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../../../../shared/testing/render';
import { testRuntimeConfig } from '../../../../shared/testing/runtime-config';
import { TEST_CAMPAIGN, TEST_MERCHANT, testEnvelope } from '../../testing/test-envelope';
import { HandlingStep } from './handling-step';

/** A coupon running from 01.12.2025 00:00 to 31.12.2025 23:59 (Berlin). */
const envelope = () =>
  testEnvelope({
    campaign: {
      valid_from: '2025-11-30T23:00:00.000Z',
      valid_until: '2025-12-31T22:59:00.000Z',
    },
  });

const sent = vi.fn<(url: string, init: SentInit) => Response | undefined>();

beforeAll(async () => {
  await loadGermanTexts('campaigns');
  setRuntimeConfig(testRuntimeConfig());
  configureApiAuth({ getToken: () => 'token', onUnauthorized: () => undefined });
});

beforeEach(() => {
  sent.mockReset();
  stubFetch(
    (url, init) => sent(url, init) ?? new Response(JSON.stringify(envelope()), { status: 200 }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const validUntil = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Gültig bis/ });
const UNREADABLE = 'Kein gültiges Datum: bitte als TT.MM.JJJJ HH:mm angeben';

describe('the flow step’s dates', () => {
  it('does not save the old date in place of one it cannot read, and saves the corrected one', async () => {
    renderWithApp(
      <HandlingStep envelope={envelope()} family="coupon" step="handling" merchantLevel={1} />,
      {
        route: '/:merchantIdent/campaigns/coupon/:campaignIdent/handling',
        url: `/${TEST_MERCHANT}/campaigns/coupon/${TEST_CAMPAIGN}/handling`,
      },
    );
    expect(validUntil().value).toBe('31.12.2025 23:59');
    await userEvent.clear(validUntil());
    await userEvent.type(validUntil(), '31.06.2026 10:00');
    await userEvent.tab();
    expect(validUntil().value).toBe('31.06.2026 10:00');
    expect(screen.getByText(UNREADABLE)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(validUntil().value).toBe('31.06.2026 10:00');
    expect(sent).not.toHaveBeenCalled();

    await userEvent.clear(validUntil());
    await userEvent.type(validUntil(), '30.06.2026 10:00');
    await userEvent.tab();
    expect(screen.queryByText(UNREADABLE)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    const [, init] = sent.mock.calls[0] ?? [];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toMatchObject({
      valid_until: '2026-06-30T08:00:00.000Z',
    });
  });

  it('ends the runtime and the redemption at 23:59 of a day typed alone', async () => {
    renderWithApp(
      <HandlingStep envelope={envelope()} family="coupon" step="handling" merchantLevel={1} />,
      {
        route: '/:merchantIdent/campaigns/coupon/:campaignIdent/handling',
        url: `/${TEST_MERCHANT}/campaigns/coupon/${TEST_CAMPAIGN}/handling`,
      },
    );
    const validFrom = screen.getByRole<HTMLInputElement>('textbox', { name: /^Gültig ab/ });
    const expiry = screen.getByRole<HTMLInputElement>('textbox', { name: /^Einlösbar bis/ });
    for (const [field, day] of [
      [validFrom, '01.06.2026'],
      [validUntil(), '30.06.2026'],
      [expiry, '31.07.2026'],
    ] as const) {
      await userEvent.clear(field);
      await userEvent.type(field, day);
      await userEvent.tab();
    }
    expect(validFrom.value).toBe('01.06.2026 00:00');
    expect(validUntil().value).toBe('30.06.2026 23:59');
    expect(expiry.value).toBe('31.07.2026 23:59');
  });
});
