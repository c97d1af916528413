import slugify from '@sindresorhus/slugify';

/**
 * A name as a slug, for file names and internal names: lowercase ASCII words
 * joined by "-", German umlauts and ß spelled out (ä → ae, ß → ss), other
 * accents dropped, "&" and other signs left out:
 * "Bäckerei Süß & Co. GmbH" → "baeckerei-suess-co-gmbh". Empty when nothing
 * is left. "McDonald" stays one word (no split at capitals).
 */
export const slugOf = (text: string): string =>
  slugify(text, { locale: 'de', decamelize: false, customReplacements: [['&', ' ']] });
