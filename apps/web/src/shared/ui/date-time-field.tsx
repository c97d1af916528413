/**
 * A date and time as people pick or type it (spec §9 dd.MM.yyyy HH:mm):
 * Mantine's DateInput with a German calendar whose weeks start on Monday.
 * The value travels as a UTC instant (ISO); the field shows and reads the
 * wall-clock time of the configured time zone, not the browser's. Used by
 * lazily loaded screens only (the wizard, access-code sets): dayjs and the
 * picker's styles stay out of the first load.
 */
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { DateInput, DatesProvider } from '@mantine/dates';
import type { FocusEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTimeZone } from '../format/locale';
import { DISPLAY_FORMAT, fromWallClock, parseTyped, toWallClock } from '../format/zoned-date';
import { calendarAriaLabels } from './calendar-labels';

export interface DateTimeFieldProps {
  label: string;
  /** A UTC instant, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  withAsterisk?: boolean | undefined;
  onBlur?: () => void;
  onFocus?: ((event: FocusEvent<HTMLElement>) => void) | undefined;
  'data-field'?: string;
  description?: string;
}

export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const timeZone = displayTimeZone();
  const current = toWallClock(value, timeZone);
  const change = (next: string | null) => {
    // A day picked in the calendar comes without a time: it keeps the time already set.
    const withTime =
      next && next.length === 10 ? `${next} ${current ? current.slice(11) : '00:00:00'}` : next;
    onChange(fromWallClock(withTime, timeZone));
  };
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
      <DateInput
        {...props}
        value={current}
        onChange={change}
        valueFormat={DISPLAY_FORMAT}
        dateParser={parseTyped}
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
