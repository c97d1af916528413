/** Texts kept per locale (campaign titles and the like) in the user's language. */
import { DEFAULT_CONTENT_LOCALE, type TLocalised } from '@backoffice/domain';

/** The text in the user's language, else in German, else the first one there is. */
export function localisedText(texts: TLocalised | undefined, language: string): string {
  if (!texts) return '';
  const lang = language.split('-')[0] ?? language;
  return texts[lang] || texts[DEFAULT_CONTENT_LOCALE] || Object.values(texts).find(Boolean) || '';
}
