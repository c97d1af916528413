/**
 * A date and time as people pick or type it (docs/product.md#limits dd.MM.yyyy HH:mm):
 * Mantine's DateInput with a German calendar whose weeks start on Monday.
 * The value travels as a UTC instant (ISO); the field shows and reads the
 * wall-clock time of the configured time zone, not the browser's. Used by
 * lazily loaded screens only (the wizard, access-code sets): dayjs and the
 * picker's styles stay out of the first load.
 *
 * A text the field cannot read ("31.06.2026 10:00") is not thrown away when
 * the field is left (Mantine's DateInput would show the last readable date
 * again): it stays visible with an error, and it becomes the field's value,
 * so that the form cannot save the old date in its place. Forms tell it
 * from a date with `isUnreadableDate` and refuse to save it.
 *
 * A day without a time (typed alone, or picked while the field is empty) is
 * the day's start, or for an end (`endOfDay`: 'valid until 31.12.') its last
 * second, so that it runs through 23:59 (ends are exclusive), which is what
 * people mean by it. The value is shown as text (formatWallClock), not by a
 * date of the browser's time zone, whose daylight-saving gaps would shift it.
 */
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTimeZone } from '../format/locale';
import {
  dayAloneTime,
  formatWallClock,
  fromWallClock,
  isInstant,
  parseTyped,
  toWallClock,
} from '../format/zoned-date';
import { calendarAriaLabels } from './calendar-labels';

export interface DateTimeFieldProps {
  label: string;
  /** A UTC instant, null for none, or the text typed when the field could not read it. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  withAsterisk?: boolean | undefined;
  onBlur?: () => void;
  onFocus?: ((event: FocusEvent<HTMLElement>) => void) | undefined;
  'data-field'?: string;
  description?: string;
  /** The field ends something: a day without a time runs through its last minute (23:59:59). */
  endOfDay?: boolean;
}

/** Whether a date field's value is a text it could not read, not an instant or none. */
export const isUnreadableDate = (value: string | null | undefined): value is string =>
  typeof value === 'string' && !isInstant(value);

/** Whether a typed text is something other than empty or a date of the spec's formats. */
const unreadableText = (text: string) => text.trim() !== '' && parseTyped(text) === null;

export function DateTimeField({
  value,
  onChange,
  onBlur,
  error,
  endOfDay = false,
  ...props
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const dayTime = dayAloneTime(endOfDay);
  const timeZone = displayTimeZone();
  const unreadable = isUnreadableDate(value);
  // The picker's value: the wall-clock time of the value, or while the value is
  // an unreadable text, the last readable one (a new one would replace the text).
  const [picked, setPicked] = useState(() => (unreadable ? null : toWallClock(value, timeZone)));
  // Whether the input's text cannot be read: it then stays as typed when the field is left.
  const [typedUnreadable, setTypedUnreadable] = useState(false);
  // The value this field handed on last, to tell it from a value set from outside.
  const [handedOn, setHandedOn] = useState<string | null | undefined>(undefined);
  // Bumped to start the input afresh, with the text of the value.
  const [generation, setGeneration] = useState(0);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (!unreadable) {
      setPicked(toWallClock(value, timeZone));
      // A value from outside (a reset, a reload) replaces an unreadable text the input still shows.
      if (isUnreadableDate(seen) && value !== handedOn) {
        setGeneration((current) => current + 1);
        setTypedUnreadable(false);
      }
    }
  }

  const handOn = (next: string | null) => {
    setHandedOn(next);
    onChange(next);
  };
  const change = (next: string | null) => {
    setTypedUnreadable(false);
    // A day picked in the calendar comes without a time: it keeps the time already set.
    const withTime =
      next && next.length === 10 ? `${next} ${picked ? picked.slice(11) : dayTime}` : next;
    handOn(fromWallClock(withTime, timeZone));
  };
  const leave = (event: FocusEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    if (unreadableText(text) && text !== value) handOn(text);
    onBlur?.();
  };
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
      <DateInput
        {...props}
        key={generation}
        value={picked}
        onChange={change}
        onInput={(event) => setTypedUnreadable(unreadableText(event.currentTarget.value))}
        onBlur={leave}
        fixOnBlur={!typedUnreadable}
        error={unreadable ? t('fields.dateUnreadable') : error}
        valueFormat={formatWallClock}
        dateParser={(text) => parseTyped(text, dayTime)}
        withTime
        clearable
        clearButtonProps={{ 'aria-label': t('calendar.clear', { label: props.label }) }}
        ariaLabels={calendarAriaLabels(t)}
        placeholder={t('fields.dateTimePlaceholder')}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
