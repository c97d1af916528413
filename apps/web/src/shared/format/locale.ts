/**
 * The locale and time zone everything is shown in: the runtime
 * configuration's (the server's LOCALE and TIME_ZONE), never the browser's,
 * so that everyone sees the same amounts and a campaign start at the same
 * wall-clock time. The format module (this folder) is the one place that
 * reads them; no other code names a locale or a time zone.
 */
import { getConfig } from '../config/runtime-config';

/** The configured locale (BCP 47, e.g. de-CH). */
export function displayLocale(): string {
  return getConfig().locale;
}

/** The configured IANA time zone. */
export function displayTimeZone(): string {
  return getConfig().timeZone;
}
