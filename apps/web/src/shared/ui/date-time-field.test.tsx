// @vitest-environment jsdom
/**
 * The date and time field as a user types into it (docs/product.md#limits dd.MM.yyyy
 * HH:mm): a text it cannot read stays visible with an error and becomes the
 * field's value, so that no form saves the old date in its place; a readable
 * date replaces it, and so does a value set from outside (a reset, a reload).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../testing/render';
import { testRuntimeConfig } from '../testing/runtime-config';
import { DateTimeField, isUnreadableDate } from './date-time-field';

/** 31.12.2025 23:59 in Berlin. */
const STORED = '2025-12-31T22:59:00.000Z';
const LABEL = 'Gültig bis';
const RESET = 'reset';
const UNREADABLE = 'Kein gültiges Datum: bitte als TT.MM.JJJJ HH:mm angeben';

/** The field beside the value it hands on, as a form keeps it. */
function Form({ initial = STORED, endOfDay }: { initial?: string | null; endOfDay?: boolean }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateTimeField label={LABEL} value={value} onChange={setValue} endOfDay={endOfDay} />
      <output data-testid="value">{String(value)}</output>
      <output data-testid="unreadable">{String(isUnreadableDate(value))}</output>
      <button type="button" onClick={() => setValue(STORED)}>
        {RESET}
      </button>
    </>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: LABEL });
const value = () => screen.getByTestId('value').textContent;
const unreadable = () => screen.getByTestId('unreadable').textContent;

async function retype(text: string) {
  await userEvent.clear(field());
  await userEvent.type(field(), text);
  await userEvent.tab();
}

beforeAll(async () => {
  await loadGermanTexts();
  setRuntimeConfig(testRuntimeConfig());
});

describe('the date and time field', () => {
  it('shows the stored value', () => {
    renderWithApp(<Form />);
    expect(field().value).toBe('31.12.2025 23:59');
  });

  it('takes a readable date as typed', async () => {
    renderWithApp(<Form />);
    await retype('30.06.2026 10:00');
    expect(field().value).toBe('30.06.2026 10:00');
    expect(value()).toBe('2026-06-30T08:00:00.000Z');
    expect(screen.queryByText(UNREADABLE)).toBeNull();
  });

  it.each(['31.06.2026 10:00', '30.06.26 10:00'])(
    'keeps "%s", which it cannot read, visible with an error instead of the old date',
    async (text) => {
      renderWithApp(<Form />);
      await retype(text);
      expect(field().value).toBe(text);
      expect(screen.getByText(UNREADABLE)).toBeTruthy();
      expect(field().getAttribute('aria-invalid')).toBe('true');
      // The old date is not what the form holds any more.
      expect(value()).toBe(text);
      expect(unreadable()).toBe('true');
    },
  );

  it('takes a readable date typed over an unreadable one', async () => {
    renderWithApp(<Form />);
    await retype('31.06.2026 10:00');
    await retype('30.06.2026 10:00');
    expect(field().value).toBe('30.06.2026 10:00');
    expect(value()).toBe('2026-06-30T08:00:00.000Z');
    expect(screen.queryByText(UNREADABLE)).toBeNull();
  });

  it('takes a day typed alone as its start', async () => {
    renderWithApp(<Form />);
    await retype('30.06.2026');
    expect(field().value).toBe('30.06.2026 00:00');
    expect(value()).toBe('2026-06-29T22:00:00.000Z');
  });

  it('ends a day typed alone after 23:59 in a field that ends something', async () => {
    renderWithApp(<Form endOfDay />);
    await retype('30.06.2026');
    expect(field().value).toBe('30.06.2026 23:59');
    expect(value()).toBe('2026-06-30T21:59:59.000Z');
  });

  it('ends a day picked in an empty end field after 23:59', async () => {
    renderWithApp(<Form initial={null} endOfDay />);
    await userEvent.click(field());
    // The calendar opens at the current month; its days are named '15 November 2026'.
    await userEvent.click(await screen.findByRole('button', { name: /^15 / }));
    expect(field().value).toMatch(/^15\.\d{2}\.\d{4} 23:59$/);
    expect(value()).toMatch(/T2[12]:59:59\.000Z$/);
  });

  it('shows a value set from outside in place of an unreadable text', async () => {
    renderWithApp(<Form />);
    // Typed over the selected date: the field never held another readable date meanwhile.
    await userEvent.type(field(), '31.06.2026 10:00', {
      initialSelectionStart: 0,
      initialSelectionEnd: field().value.length,
    });
    await userEvent.tab();
    expect(field().value).toBe('31.06.2026 10:00');
    await userEvent.click(screen.getByRole('button', { name: RESET }));
    expect(field().value).toBe('31.12.2025 23:59');
    expect(screen.queryByText(UNREADABLE)).toBeNull();
    expect(unreadable()).toBe('false');
  });
});
