/** The uses of a set's codes as a CSV file: code, used at, participant, campaign title, type and id. */
import type { TCodeUse } from '@backoffice/domain';
import { spreadsheetCsv } from '../../shared/csv';
import { formatDateTime } from '../../shared/format/date-time';
import { localisedText } from '../../shared/format/localised-text';

export interface UsageCsvTexts {
  headings: [string, string, string, string, string, string];
  typeLabel: (type: string) => string;
  language: string;
  /** The time zone the use times are written in (the configured one). */
  timeZone: string;
}

export function codeUsageCsv(rows: TCodeUse[], texts: UsageCsvTexts): string {
  return spreadsheetCsv(
    [...texts.headings],
    rows.map((row) => [
      row.code,
      formatDateTime(row.used_at, texts.timeZone),
      row.participant ?? '',
      row.campaign ? localisedText(row.campaign.title, texts.language) : '',
      row.campaign ? texts.typeLabel(row.campaign.type) : '',
      row.campaign?.ident ?? '',
    ]),
  );
}
