/**
 * The label of a field the server names in an error (`title.de`,
 * `prizes.0.count`), from the catalogue's one field-label table: "Titel
 * (Deutsch)", "Anzahl (Gewinn 1)". A user never reads the raw name.
 */
import { fieldParts, type FieldName } from '@backoffice/domain';
import type { TFunction } from 'i18next';

/** The catalogue keeps the patterns with `/` instead of `.` (i18next nests at dots). */
type Slashed<S extends string> = S extends `${infer Head}.${infer Tail}`
  ? `${Head}/${Slashed<Tail>}`
  : S;
export type FieldLabelKey = Slashed<FieldName>;

export const fieldLabelKey = (pattern: FieldName): FieldLabelKey =>
  pattern.replaceAll('.', '/') as FieldLabelKey;

const KNOWN_LANGUAGES = ['de', 'en'] as const;
const isKnownLanguage = (code: string): code is (typeof KNOWN_LANGUAGES)[number] =>
  (KNOWN_LANGUAGES as readonly string[]).includes(code);

/** The label of a field; a name the server should not send keeps the label of its known start. */
export function fieldLabel(t: TFunction, field: string | undefined): string {
  if (!field) return '';
  const segments = field.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const parts = fieldParts(segments.slice(0, length).join('.'));
    if (!parts) continue;
    const code = parts.keys[0] ?? '';
    return t(`fieldLabels.${fieldLabelKey(parts.pattern)}`, {
      number: (parts.indexes[0] ?? 0) + 1,
      language: isKnownLanguage(code) ? t(`languages.${code}`) : code.toUpperCase(),
    });
  }
  return field;
}
