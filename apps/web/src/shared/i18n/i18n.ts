/**
 * i18next setup: German is the source language and default, English the
 * second one. The user's choice is persisted; otherwise the configured locale wins.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { readItem, STORAGE_KEYS, writeItem } from '../storage';
import { languageOf, SUPPORTED_LANGUAGES, type SupportedLanguage } from './languages';

export const i18n: I18n = i18next.createInstance();

/** Initialises i18next with the configured locale, or a persisted user choice. */
export async function initI18n(
  configuredLocale: string,
  availableLocales: string[],
): Promise<void> {
  const offered = offeredLanguages(availableLocales);
  const stored = languageOf(readItem('local', STORAGE_KEYS.locale) ?? '');
  const configured = languageOf(configuredLocale) ?? 'de';
  const lng = stored && offered.includes(stored) ? stored : configured;
  await i18n.use(initReactI18next).init({
    resources: { de: { translation: de }, en: { translation: en } },
    lng,
    fallbackLng: 'de',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setDocumentLanguage(lng);
}

/** The languages the locale switch offers: the configured locales the app has texts for. */
export function offeredLanguages(availableLocales: string[]): SupportedLanguage[] {
  const languages = availableLocales
    .map(languageOf)
    .filter((language): language is SupportedLanguage => language !== undefined);
  return [...new Set(languages)];
}

export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  writeItem('local', STORAGE_KEYS.locale, language);
  await i18n.changeLanguage(language);
  setDocumentLanguage(language);
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
