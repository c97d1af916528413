/**
 * i18next setup: German is the source language and default, English the
 * second one. The user's choice is persisted; otherwise the configured locale
 * wins. Only the active language's texts are loaded, and of them only the
 * core with the first load: a feature's own texts come with its routes
 * (`withTexts`, see `text-parts.ts`).
 */
import { withFullStop } from '@backoffice/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import textLoaders from 'virtual:texts';
import { readItem, STORAGE_KEYS, writeItem } from '../storage';
import { languageOf, SUPPORTED_LANGUAGES, type SupportedLanguage } from './languages';
import { partsWith, type TextPartName } from './text-parts';

export const i18n: I18n = i18next.createInstance();

/** The parts loaded so far, loaded again in a language switched to. */
const loadedParts = new Set<'core' | TextPartName>(['core']);
const loaded = new Set<string>();

async function loadPart(language: SupportedLanguage, part: 'core' | TextPartName): Promise<void> {
  const id = `${language}/${part}`;
  if (loaded.has(id)) return;
  const { default: texts } = await textLoaders[language][part]();
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  loaded.add(id);
}

async function loadCatalogue(language: SupportedLanguage): Promise<void> {
  await Promise.all([...loadedParts].map((part) => loadPart(language, part)));
}

/** Loads a part of the texts (with the parts it brings along) in the current language and every later one. */
export async function loadTexts(name: TextPartName): Promise<void> {
  const language = languageOf(i18n.language) ?? 'de';
  await Promise.all(
    partsWith(name).map((part) => {
      loadedParts.add(part);
      return loadPart(language, part);
    }),
  );
}

/** A route's lazy loader that also loads the texts of the route's feature. */
export function withTexts<T>(part: TextPartName, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), loadTexts(part)]);
    return module;
  };
}

/**
 * Starts fetching the core texts of the language the app most likely starts
 * in (the user's stored choice, else German) while the configuration loads;
 * `initI18n` then finds them fetched. A configuration naming another
 * language costs one more small fetch.
 */
export function prefetchCoreTexts(): void {
  const stored = languageOf(readItem('local', STORAGE_KEYS.locale) ?? '');
  void textLoaders[stored ?? 'de'].core().catch(() => undefined);
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
  const { default: texts } = await textLoaders[lng].core();
  loaded.add(`${lng}/core`);
  await i18n.use(initReactI18next).init({
    resources: { [lng]: { translation: texts } },
    lng,
    // Both catalogues have every key (a unit test checks it), so no fallback language is loaded.
    fallbackLng: lng,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // "… für den Händler {{name, fullStop}}": a name ending in "." ("Adler e.K.") takes no second one.
  i18n.services.formatter?.add('fullStop', (value: unknown) => withFullStop(String(value)));
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
