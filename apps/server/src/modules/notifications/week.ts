/**
 * The calendar week the weekly statistics mail reports: the last complete
 * week before an instant, Monday 00:00 to the next Monday 00:00 in the
 * configured time zone. Its days are the days the statistics rollups count
 * by (yyyy-mm-dd in that time zone); its instants follow the zone's
 * daylight-saving changes, so the week in which the clocks go forward lasts
 * 167 hours and the one in which they go back 169.
 */
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { localDay } from '../../platform/calendar.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

export interface CalendarWeek {
  /** The Monday (yyyy-mm-dd): the week's key. */
  monday: string;
  /** The Sunday (yyyy-mm-dd), the week's last day. */
  sunday: string;
  /** Monday 00:00 local time. */
  start: Date;
  /** The next Monday 00:00 local time (exclusive). */
  end: Date;
}

/** Local midnight at the start of `day` (yyyy-mm-dd) in `timeZone`. */
function startOfDay(day: string, timeZone: string): Date {
  return dayjs.tz(`${day}T00:00:00`, timeZone).toDate();
}

/** The last complete calendar week before `now` in `timeZone`. */
export function pastWeek(now: Date, timeZone: string): CalendarWeek {
  // Calendar arithmetic on days without a time of day: no daylight-saving change shifts it.
  const thisMonday = dayjs.utc(localDay(now, timeZone)).startOf('isoWeek');
  const monday = thisMonday.subtract(7, 'day').format('YYYY-MM-DD');
  const sunday = thisMonday.subtract(1, 'day').format('YYYY-MM-DD');
  const nextMonday = thisMonday.format('YYYY-MM-DD');
  return {
    monday,
    sunday,
    start: startOfDay(monday, timeZone),
    end: startOfDay(nextMonday, timeZone),
  };
}
