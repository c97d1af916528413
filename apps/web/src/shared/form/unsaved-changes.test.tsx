// @vitest-environment jsdom
/**
 * The question before unsaved changes are lost (shared by every edit form):
 * leaving with a change asks, staying keeps the page; a save that moves on
 * to another page does not ask, and one that fails leaves the question in
 * place.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGermanTexts, renderWithApp } from '../testing/render';
import { UnsavedChangesGuard, useDirtyRef } from './unsaved-changes';

beforeAll(async () => {
  await loadGermanTexts('messages');
});

/** The test form's own names (a test's texts, not the product's). */
const NAMES = { field: 'Name', save: 'Speichern', leave: 'Weg' };

/** A form of one field whose save resolves or fails, then moves to /saved. */
function Form({ saveFails }: { saveFails: boolean }) {
  const [value, setValue] = useState('');
  const [saved, setSaved] = useState('');
  const dirty = value !== saved;
  const { dirtyRef, whileSaving } = useDirtyRef(dirty);
  const navigate = useNavigate();
  const save = () =>
    whileSaving(async () => {
      if (saveFails) throw new Error('refused');
      await navigate('/saved');
      setSaved(value);
    }).catch(() => undefined);
  return (
    <>
      <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />
      <input
        aria-label={NAMES.field}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="button" onClick={() => void save()}>
        {NAMES.save}
      </button>
      <button type="button" onClick={() => void navigate('/elsewhere')}>
        {NAMES.leave}
      </button>
    </>
  );
}

const question = () => screen.queryByRole('dialog', { name: 'Ungespeicherte Änderungen' });

describe('the unsaved-changes question', () => {
  it('lets the page be left without a question when nothing changed', async () => {
    const { location } = renderWithApp(<Form saveFails={false} />, {
      route: '/form',
      url: '/form',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    expect(location().pathname).toBe('/elsewhere');
  });

  it('holds a navigation while there is a change; leaving discards it', async () => {
    const { location } = renderWithApp(<Form saveFails={false} />, {
      route: '/form',
      url: '/form',
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Bäckerei');
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    await waitFor(() => expect(question()).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Auf der Seite bleiben' }));
    expect(location().pathname).toBe('/form');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Bäckerei');
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Änderungen verwerfen' }));
    await waitFor(() => expect(location().pathname).toBe('/elsewhere'));
  });

  it('lets a save move on without asking, and asks again after a save that failed', async () => {
    const moved = renderWithApp(<Form saveFails={false} />, { route: '/form', url: '/form' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Bäckerei');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(moved.location().pathname).toBe('/saved'));
    expect(question()).toBeNull();
    moved.unmount();

    const failed = renderWithApp(<Form saveFails />, { route: '/form', url: '/form' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Bäckerei');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await userEvent.click(screen.getByRole('button', { name: 'Weg' }));
    await waitFor(() => expect(question()).not.toBeNull());
    expect(failed.location().pathname).toBe('/form');
  });
});
