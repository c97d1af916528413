/** Typed translation keys: de.json is the source of truth. */
import 'i18next';
import type de from '../../locales/de.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
    returnNull: false;
  }
}
