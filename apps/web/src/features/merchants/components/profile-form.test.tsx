// @vitest-environment jsdom
/**
 * The admin's level field of the merchant profile (docs/product.md#merchants, docs/product.md#validation):
 * what is typed is what is saved, an emptied field is a missing required
 * value, and a level out of range is refused beside the field instead of
 * being changed on the way. Every field the server refuses shows its text
 * beside it (the answer's `errors`, docs/api.md "Errors").
 */
import type { TMerchantSaveBody } from '@backoffice/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { setRuntimeConfig } from '../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { testRuntimeConfig } from '../../../shared/testing/runtime-config';
import { emptyProfile } from '../profile-values';
import { ProfileForm } from './profile-form';

beforeAll(async () => {
  await loadGermanTexts('merchants');
  setRuntimeConfig(testRuntimeConfig());
});

function renderForm() {
  // The server answers with the version the save made.
  const onSubmit = vi.fn((_body: TMerchantSaveBody) =>
    Promise.resolve({ merchant: { version: 2 } }),
  );
  renderWithApp(
    <ProfileForm
      initial={{ ...emptyProfile(), name: 'Bäckerei Sonnenschein' }}
      admin
      submitLabel="Speichern"
      busy={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

const level = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Level/ });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('the level field of the merchant profile', () => {
  it('saves the level typed after the 0 as shown', async () => {
    const onSubmit = renderForm();
    expect(level().value).toBe('0');
    await userEvent.type(level(), '7');
    await userEvent.tab();
    expect(level().value).toBe('7');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ level: 7 });
  });

  it('keeps an emptied field empty and refuses to save it as a missing value', async () => {
    const onSubmit = renderForm();
    await userEvent.clear(level());
    await userEvent.tab();
    expect(level().value).toBe('');
    await save();
    expect(await screen.findByText('Pflichtfeld')).toBeTruthy();
    expect(level().getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(level(), '2');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ level: 2 });
  });

  it('shows a level out of range as typed and refuses it instead of changing it', async () => {
    const onSubmit = renderForm();
    // The caret before the 0: "70".
    await userEvent.type(level(), '7', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    await userEvent.tab();
    expect(level().value).toBe('70');
    await save();
    expect(await screen.findByText('Bitte eine Zahl von 0 bis 10 angeben')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the server’s refusal of the profile', () => {
  it('shows every refused field’s text beside it', async () => {
    const onSubmit = vi.fn((_body: TMerchantSaveBody) =>
      Promise.reject(
        new ApiError('http', 'invalid_url', {
          status: 400,
          serverMessage: 'invalid_url',
          field: 'website',
          fieldErrors: [
            { field: 'website', message: 'invalid_url' },
            { field: 'email', message: 'invalid_email' },
          ],
        }),
      ),
    );
    renderWithApp(
      <ProfileForm
        initial={{ ...emptyProfile(), name: 'Bäckerei Sonnenschein' }}
        admin
        submitLabel="Speichern"
        busy={false}
        onSubmit={onSubmit}
      />,
    );
    await save();
    expect(
      await screen.findByText('Bitte eine vollständige Adresse mit http:// oder https:// angeben'),
    ).toBeTruthy();
    expect(screen.getByText('Ungültige E-Mail-Adresse')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Website/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.getByRole('textbox', { name: /^E-Mail/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});
