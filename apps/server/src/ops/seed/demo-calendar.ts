/**
 * The calendar of the demo campaigns: the occasions seasonal campaigns are
 * made for (each a window of days in a year, Easter's computed), and the
 * runtimes they become in the product's time zone, as a merchant would set
 * them (from 00:00 on the first day to 23:59 on the last).
 */
import { wallClockIn } from '@backoffice/domain';

const DAY = 24 * 3600_000;

/** The occasions seasonal campaigns are made for, each a window of days in a year. */
export type Occasion =
  | 'winter'
  | 'carnival'
  | 'spring'
  | 'easter'
  | 'summer'
  | 'autumn'
  | 'harvest'
  | 'christmas'
  | 'advent';

export interface DayWindow {
  /** First and last day, as [month (1–12), day] in the window's year; `until` may lie in the next year. */
  from: [number, number];
  until: [number, number];
}

/** Easter Sunday of a year (the Gregorian computus), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** The day `offset` days from [month, day] of `year`, as [month, day] (same year assumed). */
function shifted(year: number, [month, day]: [number, number], offset: number): [number, number] {
  const date = new Date(Date.UTC(year, month - 1, day) + offset * DAY);
  return [date.getUTCMonth() + 1, date.getUTCDate()];
}

const lastOfFebruary = (year: number): [number, number] => [2, year % 4 === 0 ? 29 : 28];

/**
 * The default window of each occasion. The five seasons (winter, spring,
 * summer, autumn, christmas) cover the whole year, so that a running
 * seasonal campaign always has one.
 */
export const OCCASIONS: Record<Occasion, (year: number) => DayWindow> = {
  winter: (year) => ({ from: [1, 1], until: lastOfFebruary(year) }),
  // From Epiphany to Shrove Tuesday, 47 days before Easter.
  carnival: (year) => ({ from: [1, 7], until: shifted(year, easterSunday(year), -47) }),
  spring: () => ({ from: [3, 1], until: [5, 31] }),
  // The three weeks before Easter and Easter Monday.
  easter: (year) => ({
    from: shifted(year, easterSunday(year), -21),
    until: shifted(year, easterSunday(year), 1),
  }),
  summer: () => ({ from: [6, 1], until: [8, 31] }),
  autumn: () => ({ from: [9, 1], until: [11, 23] }),
  harvest: () => ({ from: [9, 15], until: [10, 10] }),
  christmas: () => ({ from: [11, 24], until: [12, 31] }),
  advent: () => ({ from: [12, 1], until: [12, 24] }),
};

export interface Runtime {
  from: Date;
  until: Date;
}

/** Instants of wall-clock times already computed (a seed asks for the same days again and again). */
const wallTimes = new Map<string, number>();

/**
 * The instant of a wall-clock time in the time zone (the product's
 * TIME_ZONE): a runtime starts at 00:00 and ends at 23:59 there, as a
 * merchant would set it.
 */
export function wallTime(
  timeZone: string,
  [year, month, day]: [number, number, number],
  [hour, minute]: [number, number],
): Date {
  const key = `${timeZone} ${year}-${month}-${day} ${hour}:${minute}`;
  const known = wallTimes.get(key);
  if (known) return new Date(known);
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wanted;
  // Twice: the offset at the first guess may differ from the one at the answer (a DST change).
  for (let round = 0; round < 2; round += 1) {
    const shown = wallClockIn(new Date(instant), timeZone);
    const [date = '', time = ''] = shown.split(' ');
    const [y, m, d] = date.split('-').map(Number);
    const [hh, mm] = time.split(':').map(Number);
    const seen = Date.UTC(y ?? year, (m ?? month) - 1, d ?? day, hh ?? hour, mm ?? minute);
    instant += wanted - seen;
  }
  wallTimes.set(key, instant);
  return new Date(instant);
}

/**
 * The end of the minute (23:59:59.999): a runtime ends where the next day's
 * starts, so that the seasons leave no moment uncovered.
 */
const lastMinute = (minute: Date): Date => new Date(minute.getTime() + 59_999);

/** The runtime of a window of days in the year it starts in. */
export function windowIn(window: DayWindow, year: number, timeZone: string): Runtime {
  const untilYear =
    window.until[0] * 100 + window.until[1] < window.from[0] * 100 + window.from[1]
      ? year + 1
      : year;
  return {
    from: wallTime(timeZone, [year, ...window.from], [0, 0]),
    until: lastMinute(wallTime(timeZone, [untilYear, ...window.until], [23, 59])),
  };
}

/** A runtime of whole days relative to today: [first day, last day] from now. */
export function relativeRuntime(
  now: Date,
  [first, last]: [number, number],
  timeZone: string,
): Runtime {
  const day = (offset: number) => {
    const [date = ''] = wallClockIn(new Date(now.getTime() + offset * DAY), timeZone).split(' ');
    return date.split('-').map(Number) as [number, number, number];
  };
  return {
    from: wallTime(timeZone, day(first), [0, 0]),
    until: lastMinute(wallTime(timeZone, day(last), [23, 59])),
  };
}
