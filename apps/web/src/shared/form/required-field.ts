/**
 * Required fields as spec §5 says: a star while the field is unfilled, and
 * the field scrolled into view when it gets the focus. The wizard's steps
 * and the schema forms (use-schema-form.ts) use these.
 */
import type { FocusEvent } from 'react';

/** A value counts as filled unless it is missing, blank text or an empty list. */
export const isFilled = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/** Brings a focused field into view (e.g. one reached with Tab below the fold). */
export const scrollIntoViewOnFocus = (event: FocusEvent<HTMLElement>): void =>
  event.currentTarget.scrollIntoView({ block: 'nearest' });

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
