/**
 * i18next setup: German is the source language and default, English the
 * second one. The user's choice is persisted; otherwise the configured locale
 * wins. Only the active language's catalogue is loaded (each is its own
 * chunk), which keeps the other one out of the first load.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type de from '../../locales/de.json';
import { readItem, STORAGE_KEYS, writeItem } from '../storage';
import { languageOf, SUPPORTED_LANGUAGES, type SupportedLanguage } from './languages';

export const i18n: I18n = i18next.createInstance();

const catalogues: Record<SupportedLanguage, () => Promise<{ default: typeof de }>> = {
  de: () => import('../../locales/de.json'),
  en: () => import('../../locales/en.json'),
};

async function loadCatalogue(language: SupportedLanguage): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: texts } = await catalogues[language]();
  i18n.addResourceBundle(language, 'translation', texts);
}

/** Initialises i18next with the configured locale, or a persisted user choice. */
export async function initI18n(
  configuredLocale: string,
  availableLocales: string[],
): Promise<void> {
  const offered = offeredLanguages(availableLocales);
  const stored = languageOf(readItem('local', STORAGE_KEYS.locale) ?? '');
  const configured = languageOf(configuredLocale) ?? 'de';
  const lng = stored && offered.includes(stored) ? stored : configured;
  const { default: texts } = await catalogues[lng]();
  await i18n.use(initReactI18next).init({
    resources: { [lng]: { translation: texts } },
    lng,
    // Both catalogues have every key (a unit test checks it), so no fallback language is loaded.
    fallbackLng: lng,
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
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
  setDocumentLanguage(language);
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
