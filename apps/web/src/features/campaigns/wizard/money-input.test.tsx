// @vitest-environment jsdom
/**
 * The money input as a user types into it (docs/product.md#limits: amounts in the configured
 * locale, stored as integer cents): what the field shows is what is kept.
 * In German a typed "." groups thousands and never becomes the decimal comma,
 * editing the cents does not lose the comma, and the cents of an amount
 * not being typed are written in full.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../../shared/config/runtime-config';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { testRuntimeConfig } from '../../../shared/testing/runtime-config';
import { MoneyInput } from './money-input';

const LABEL = 'Wert';
const RELOAD = 'reload';

/** The input beside the cents it hands on, as a step form keeps them. */
function Amount({ initial }: { initial: number | null }) {
  const [cents, setCents] = useState(initial);
  return (
    <>
      <MoneyInput label={LABEL} cents={cents} onCents={setCents} />
      <output data-testid="cents">{String(cents)}</output>
    </>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: LABEL });
const cents = () => screen.getByTestId('cents').textContent;
// Intl and the input separate number and currency with a no-break space.
const shown = () => input().value.replace(/\u00a0/g, ' ');

function renderAmount(initial: number | null, locale = 'de-DE') {
  setRuntimeConfig(testRuntimeConfig({ locale }));
  renderWithApp(<Amount initial={initial} />);
}

beforeAll(async () => {
  await loadGermanTexts('campaigns');
});

afterAll(() => {
  setRuntimeConfig(testRuntimeConfig());
});

describe('the money input', () => {
  it('reads a typed "." as the thousands separator in German', async () => {
    renderAmount(null);
    await userEvent.type(input(), '1.500');
    expect(shown()).toBe('1.500 €');
    expect(cents()).toBe('150000');
  });

  it('keeps an amount with thousands separator and decimal comma as typed', async () => {
    renderAmount(null);
    await userEvent.type(input(), '1.234,50');
    expect(shown()).toBe('1.234,50 €');
    expect(cents()).toBe('123450');
    // Leaving the field writes the cents in full; it stays the same amount.
    await userEvent.tab();
    expect(shown()).toBe('1.234,50 €');
    expect(cents()).toBe('123450');
  });

  it('keeps the comma while the cents are retyped', async () => {
    renderAmount(1250);
    expect(shown()).toBe('12,50 €');
    // The caret after the cents: delete them, then type another digit.
    await userEvent.type(input(), '{Backspace}{Backspace}', {
      initialSelectionStart: 5,
      initialSelectionEnd: 5,
    });
    expect(shown()).toBe('12, €');
    expect(cents()).toBe('1200');
    await userEvent.type(input(), '9', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(shown()).toBe('12,9 €');
    expect(cents()).toBe('1290');
  });

  it('empties to no amount', async () => {
    renderAmount(1250);
    await userEvent.clear(input());
    expect(cents()).toBe('null');
  });

  it('shows an amount set from outside (a reload) in place of what was typed', async () => {
    function Reloading() {
      const [value, setValue] = useState<number | null>(1250);
      return (
        <>
          <MoneyInput label={LABEL} cents={value} onCents={setValue} />
          <button type="button" onClick={() => setValue(990)}>
            {RELOAD}
          </button>
        </>
      );
    }
    setRuntimeConfig(testRuntimeConfig());
    renderWithApp(<Reloading />);
    await userEvent.type(input(), '{Backspace}{Backspace}', {
      initialSelectionStart: 5,
      initialSelectionEnd: 5,
    });
    expect(shown()).toBe('12, €');
    await userEvent.click(screen.getByRole('button', { name: RELOAD }));
    expect(shown()).toBe('9,90 €');
  });

  it('reads the Swiss format: apostrophes group, the point is the decimal point', async () => {
    renderAmount(null, 'de-CH');
    await userEvent.type(input(), "1'234.5");
    expect(cents()).toBe('123450');
  });

  it('works in a locale that groups only numbers of five digits or more (it-CH)', async () => {
    renderAmount(null, 'it-CH');
    await userEvent.type(input(), '12.5');
    expect(cents()).toBe('1250');
  });
});
