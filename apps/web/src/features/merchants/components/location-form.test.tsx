// @vitest-environment jsdom
/**
 * Saving a location while the geocoder is slow: the server answers 'address
 * not found' only after its geocoder gave up (GEOCODER_TIMEOUT_MS; with
 * Nominatim also a request ahead of it and the pause), later than the client's usual 5000 ms. The save waits
 * as long as the runtime config says the geocoding may take, so that the
 * 'Trotzdem verwenden' choice opens.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../../shared/api/request';
import { after, fail } from '../../../shared/testing/msw/answers';
import { merchantHandlers } from '../../../shared/testing/msw/handlers/merchants';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { LocationFormModal } from './location-form';

const MERCHANT = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  await loadGermanTexts('merchants');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saving a location while the geocoder is slow', () => {
  it.each([
    // GEOCODER=nominatim with its defaults: 5000 ms timeout and a 1000 ms pause.
    { geocodeLimitMs: 6000, answerAfterMs: 6500 },
    // GEOCODER_TIMEOUT_MS raised to 20 s.
    { geocodeLimitMs: 20_000, answerAfterMs: 21_000 },
  ])(
    "offers 'Trotzdem verwenden' when 'not found' comes after $answerAfterMs ms (limit $geocodeLimitMs ms)",
    async ({ geocodeLimitMs, answerAfterMs }) => {
      expect(answerAfterMs).toBeGreaterThan(REQUEST_TIMEOUT_MS);
      mockApi(
        [
          merchantHandlers.all(
            after(answerAfterMs, fail(422, 'address_not_found', { field: 'street' })),
          ),
        ],
        { geocodeLimitMs },
      );
      renderWithApp(
        <LocationFormModal
          merchantIdent={MERCHANT}
          location={undefined}
          opened
          onClose={vi.fn()}
        />,
      );
      const dialog = within(await screen.findByRole('dialog', { name: 'Standort hinzufügen' }));
      await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Lesehütte');
      await userEvent.type(dialog.getByRole('textbox', { name: /^Straße/ }), 'Almweg');
      await userEvent.type(dialog.getByRole('textbox', { name: /^PLZ/ }), '99999');
      await userEvent.type(dialog.getByRole('textbox', { name: /^Ort/ }), 'Nirgendwohausen');

      vi.useFakeTimers();
      fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
      await vi.advanceTimersByTimeAsync(answerAfterMs + 100);
      vi.useRealTimers();

      expect(await dialog.findByText('Adresse nicht gefunden')).toBeTruthy();
      expect(dialog.getByRole('button', { name: 'Trotzdem verwenden' })).toBeTruthy();
    },
  );
});
