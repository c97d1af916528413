/**
 * Instants and the wall-clock times of a time zone, as the date-time field
 * reads and writes them (dayjs with its utc, timezone and strict parsing
 * plugins; the platform's Intl for an instant's wall-clock time). Mantine's
 * dates components pass wall-clock texts without a zone. Nothing here
 * depends on the browser's own time zone: a wall-clock time is text, read
 * and written as if it were UTC.
 */
import 'dayjs/locale/de';
import { wallClockIn } from '@backoffice/domain';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** What Mantine's dates components pass around: a wall-clock time without zone. */
const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';
/** Typed texts that are understood: with a time, or a day alone. */
const TYPED_FORMATS = ['DD.MM.YYYY HH:mm', 'D.M.YYYY H:mm', 'DD.MM.YYYY', 'D.M.YYYY'];
/**
 * The time of a day given alone: its start, or for the end of something its
 * last second. Ends are exclusive everywhere (a campaign has ended at its
 * valid_until), so 'valid until 31.12.' runs through 23:59 of that day; it
 * shows as 23:59.
 */
export const dayAloneTime = (endOfDay: boolean): string => (endOfDay ? '23:59:59' : '00:00:00');

/** A UTC instant as the wall-clock time of a zone (the picker's value). */
export function toWallClock(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : wallClockIn(instant, timeZone);
}

/** A wall-clock time (the picker's value) in the spec's format, dd.MM.yyyy HH:mm, as text. */
export function formatWallClock(wallClock: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?/.exec(wallClock ?? '');
  if (!match) return '';
  const [, year = '', month = '', day = '', hour = '00', minute = '00'] = match;
  return `${day}.${month}.${year} ${hour}:${minute}`;
}

/** A wall-clock time of a zone as the UTC instant (what is saved). */
export function fromWallClock(wallClock: string | null, timeZone: string): string | null {
  if (!wallClock) return null;
  const local = dayjs.tz(wallClock, WALL_CLOCK, timeZone);
  return local.isValid() ? local.toISOString() : null;
}

/** An instant as the API writes it: ISO 8601 with a time and an offset. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Whether a text is an instant (what the API stores), not some other text. */
export function isInstant(value: string): boolean {
  return INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * A typed text as a wall-clock time, or null when it is no date of the
 * formats above; a day alone at `dayTime` (00:00 unless told otherwise).
 */
export function parseTyped(text: string, dayTime = dayAloneTime(false)): string | null {
  for (const format of TYPED_FORMATS) {
    const parsed = dayjs.utc(text.trim(), format, true);
    if (parsed.isValid())
      return format.includes('H')
        ? parsed.format(WALL_CLOCK)
        : `${parsed.format('YYYY-MM-DD')} ${dayTime}`;
  }
  return null;
}
