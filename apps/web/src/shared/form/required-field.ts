/**
 * What a form field does, the same in every form (the wizard's steps, the
 * schema forms of use-schema-form.ts): its message shows once the field is
 * left, typed in or not, so that a required field focused and left empty
 * says 'Pflichtfeld' at once (docs/product.md#validation); and a required field shows
 * a star while it is unfilled and scrolls into view when it gets the focus
 * (docs/product.md#validation).
 */
import type { FocusEvent } from 'react';
import { afterPointerRelease } from '../ui/after-pointer-release';

/** A value counts as filled unless it is missing, blank text or an empty list. */
export const isFilled = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/** Brings a focused field into view (e.g. one reached with Tab below the fold). */
export const scrollIntoViewOnFocus = (event: FocusEvent<HTMLElement>): void =>
  event.currentTarget.scrollIntoView({ block: 'nearest' });

/**
 * The blur handler of a field: `show` makes the form show the field's
 * message (marks it left, or validates it). The message appears once the
 * click that left the field has landed, so that it cannot move the control
 * being clicked away from under the pointer (no lost clicks).
 */
export const onFieldLeft =
  (show: () => void): (() => void) =>
  () =>
    afterPointerRelease(show);

export interface RequiredFieldProps {
  withAsterisk: boolean;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

/** Props of a Mantine input for a required field holding `value`. */
export function requiredFieldProps(
  value: unknown,
  onFocus?: (event: FocusEvent<HTMLElement>) => void,
): RequiredFieldProps {
  return {
    withAsterisk: !isFilled(value),
    onFocus: (event) => {
      onFocus?.(event);
      scrollIntoViewOnFocus(event);
    },
  };
}
