/**
 * Vite plugin that serves the text catalogue in parts (see
 * `src/shared/i18n/text-parts.ts`): `virtual:texts` exports, per language,
 * a loader per part, each a chunk of its own built from `src/locales/<lang>.json`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { coreTexts, partTexts, TEXT_PART_NAMES } from '../src/shared/i18n/text-parts.ts';

const INDEX = 'virtual:texts';
const PART = /^virtual:texts\/([a-z]+)\/([A-Za-z]+)$/;
const LANGUAGES = ['de', 'en'] as const;

export function textParts(): Plugin {
  const localesDir = path.resolve(import.meta.dirname, '../src/locales');
  const catalogueFile = (language: string) => path.join(localesDir, `${language}.json`);

  return {
    name: 'backoffice-text-parts',
    resolveId(id) {
      if (id === INDEX || PART.test(id)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith('\0virtual:texts')) return undefined;
      const source = id.slice(1);
      if (source === INDEX) {
        const loaders = LANGUAGES.map((language) => {
          const parts = ['core', ...TEXT_PART_NAMES].map(
            (part) => `${part}: () => import('${INDEX}/${language}/${part}')`,
          );
          return `${language}: { ${parts.join(', ')} }`;
        });
        return `export default { ${loaders.join(', ')} };`;
      }
      const [, language, part] = PART.exec(source) ?? [];
      if (!language || !part || !(LANGUAGES as readonly string[]).includes(language)) {
        this.error(`unknown text part ${source}`);
      }
      const file = catalogueFile(language);
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const texts =
        part === 'core'
          ? coreTexts(catalogue)
          : partTexts(catalogue, part as (typeof TEXT_PART_NAMES)[number]);
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
