/**
 * Instants and the wall-clock times of a time zone, as the date-time field
 * reads and writes them (dayjs with its utc, timezone and strict parsing
 * plugins). Mantine's dates components pass wall-clock texts without a zone.
 */
import 'dayjs/locale/de';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** The spec's format in dayjs tokens. */
export const DISPLAY_FORMAT = 'DD.MM.YYYY HH:mm';
/** What Mantine's dates components pass around: a wall-clock time without zone. */
const WALL_CLOCK = 'YYYY-MM-DD HH:mm:ss';
/** Typed texts that are understood: with a time, or a day alone. */
const TYPED_FORMATS = ['DD.MM.YYYY HH:mm', 'D.M.YYYY H:mm', 'DD.MM.YYYY', 'D.M.YYYY'];
/** The time of a day given alone: its start, or for the end of something its last minute. */
export const dayAloneTime = (endOfDay: boolean): string => (endOfDay ? '23:59:00' : '00:00:00');

/** A UTC instant as the wall-clock time of a zone (the picker's value). */
export function toWallClock(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const instant = dayjs.utc(iso);
  return instant.isValid() ? instant.tz(timeZone).format(WALL_CLOCK) : null;
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
    const parsed = dayjs(text.trim(), format, 'de', true);
    if (parsed.isValid())
      return format.includes('H')
        ? parsed.format(WALL_CLOCK)
        : `${parsed.format('YYYY-MM-DD')} ${dayTime}`;
  }
  return null;
}
