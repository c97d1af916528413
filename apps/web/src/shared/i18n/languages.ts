/** The UI languages the app has catalogues for, and locale-to-language mapping. */
export const SUPPORTED_LANGUAGES = ['de', 'en'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** 'de-AT' → 'de', 'en_GB' → 'en'; undefined when the app has no texts for it. */
export function languageOf(locale: string): SupportedLanguage | undefined {
  const language = locale.trim().toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LANGUAGES.find((supported) => supported === language);
}
