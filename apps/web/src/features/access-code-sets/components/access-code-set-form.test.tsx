// @vitest-environment jsdom
/**
 * The access-code set's form as an admin fills it in (docs/product.md#validation "Access code
 * set": name required with at least 10 characters, 'Bitte angeben!', save
 * disabled while invalid): each error says what is wrong, and a validity
 * date the field cannot read keeps the set from being saved.
 */
import type { TAccessCodeSet, TAccessCodeSetSaveBody } from '@backoffice/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { testRuntimeConfig } from '../../../shared/testing/runtime-config';
import { AccessCodeSetForm } from './access-code-set-form';

const SET: TAccessCodeSet = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Sommeraktion 2026',
  internal_name: 'ACS-0001',
  type: 'reusable',
  hint_title: 'Ihr Code',
  hint_text: 'Den Code finden Sie auf dem Kassenbon.',
  is_promo_code: false,
  is_bonuscard: false,
  valid_from: '2025-11-30T23:00:00.000Z',
  valid_until: '2025-12-31T22:59:00.000Z',
  modified: '2025-11-01T10:00:00.000Z',
  email: 'admin@example.com',
  version: 1,
};

beforeAll(async () => {
  await loadGermanTexts('accessCodeSets');
  setRuntimeConfig(testRuntimeConfig());
});

/** The form of a new set (undefined) or of a saved one. */
function renderForm(set: TAccessCodeSet | undefined) {
  // The server answers with the version the save made.
  const onSave = vi.fn((input: TAccessCodeSetSaveBody) =>
    Promise.resolve({ access_code_set: { version: (input.version ?? 0) + 1 } }),
  );
  renderWithApp(<AccessCodeSetForm set={set} saving={false} onSave={onSave} onClose={() => {}} />);
  return onSave;
}

const name = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ });
const validUntil = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Gültig bis' });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern' });

describe('the access-code set form', () => {
  it('does not call a name being typed missing, and says it is too short once it is left', async () => {
    renderForm(undefined);
    await userEvent.type(name(), 'Sommer');
    expect(screen.queryByText('Bitte angeben!')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Zu kurz: Name')).toBeTruthy();
    // The minimum stays in view beside the field.
    expect(screen.getByText('Mindestens 10 Zeichen')).toBeTruthy();
    expect(screen.queryByText('Bitte angeben!')).toBeNull();
    expect(save().disabled).toBe(true);

    await userEvent.type(name(), 'aktion 2026');
    await userEvent.tab();
    expect(screen.queryByText('Zu kurz: Name')).toBeNull();
  });

  it('asks for an emptied name with the spec’s text, and keeps save disabled', async () => {
    renderForm(SET);
    expect(save().disabled).toBe(false);
    await userEvent.clear(name());
    await userEvent.tab();
    expect(screen.getByText('Bitte angeben!')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('keeps a validity date it cannot read, and cannot be saved with it', async () => {
    const onSave = renderForm(SET);
    await userEvent.clear(validUntil());
    await userEvent.type(validUntil(), '31.06.2026 10:00');
    await userEvent.tab();
    expect(validUntil().value).toBe('31.06.2026 10:00');
    expect(
      screen.getByText('Kein gültiges Datum: bitte als TT.MM.JJJJ HH:mm angeben'),
    ).toBeTruthy();
    expect(save().disabled).toBe(true);

    await userEvent.clear(validUntil());
    await userEvent.type(validUntil(), '30.06.2026 10:00');
    await userEvent.tab();
    expect(save().disabled).toBe(false);
    await userEvent.click(save());
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ valid_until: '2026-06-30T08:00:00.000Z' }),
    );
  });

  it('saves from the version it was read at, and then from the one its save answered', async () => {
    const onSave = renderForm(SET);
    await userEvent.click(save());
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ version: 1 }));
    await userEvent.type(name(), ' neu');
    await waitFor(() => expect(save().disabled).toBe(false));
    await userEvent.click(save());
    await waitFor(() =>
      expect(onSave).toHaveBeenLastCalledWith(
        expect.objectContaining({ name: 'Sommeraktion 2026 neu', version: 2 }),
      ),
    );
  });
});
