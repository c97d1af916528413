import type { FocusEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { isFilled, requiredFieldProps } from './required-field';

describe('required fields (docs/product.md#validation)', () => {
  it('counts blank text, missing values and empty lists as unfilled', () => {
    for (const value of ['', '   ', null, undefined, []]) expect(isFilled(value)).toBe(false);
    for (const value of ['x', 0, false, ['a']]) expect(isFilled(value)).toBe(true);
  });

  it('shows the star only while the field is unfilled', () => {
    expect(requiredFieldProps('').withAsterisk).toBe(true);
    expect(requiredFieldProps('Buchhandlung Wagner').withAsterisk).toBe(false);
  });

  it('scrolls the focused field into view and keeps the focus handler of the form library', () => {
    const calls: string[] = [];
    const element = { scrollIntoView: () => calls.push('scrolled') } as unknown as HTMLElement;
    const props = requiredFieldProps('', () => calls.push('form'));
    props.onFocus({ currentTarget: element } as FocusEvent<HTMLElement>);
    expect(calls).toEqual(['form', 'scrolled']);
  });
});
