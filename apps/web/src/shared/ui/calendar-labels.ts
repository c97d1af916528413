/**
 * The German screen-reader names of a Mantine date picker's icon buttons: the
 * calendar's month, year and decade arrows and level controls.
 */
import type { CalendarAriaLabels } from '@mantine/dates';
import type { TFunction } from 'i18next';

export function calendarAriaLabels(t: TFunction): CalendarAriaLabels {
  return {
    nextMonth: t('calendar.nextMonth'),
    previousMonth: t('calendar.previousMonth'),
    nextYear: t('calendar.nextYear'),
    previousYear: t('calendar.previousYear'),
    nextDecade: t('calendar.nextDecade'),
    previousDecade: t('calendar.previousDecade'),
    monthLevelControl: t('calendar.monthLevel'),
    yearLevelControl: t('calendar.yearLevel'),
  };
}
