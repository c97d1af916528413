/**
 * The text catalogue is loaded in parts: the core (every screen of the shell,
 * sign-in and the dashboard) with the first load, and the texts only one
 * feature's screens show with that feature's routes. A part is a subtree of
 * the catalogue, minus the keys other screens use as well (they stay in the
 * core). `text-parts.test.ts` checks that no screen outside a part's feature
 * uses one of its keys.
 *
 * Plain data and pure functions: the build (`vite.config.ts`) uses them too.
 */

export interface TextPart {
  /** The catalogue subtree moved out of the core. */
  key: string;
  /** Keys of the subtree that other screens use too: they stay in the core. */
  shared: readonly string[];
  /** The source folder whose screens use the part (relative to `src`). */
  feature: string;
}

export const TEXT_PARTS = {
  campaigns: {
    key: 'campaigns',
    shared: ['fields', 'statuses', 'types', 'values'],
    feature: 'features/campaigns',
  },
  merchants: { key: 'merchants', shared: ['roles'], feature: 'features/merchants' },
  apiKeys: { key: 'apiKeys', shared: [], feature: 'features/api-keys' },
  accessCodeSets: { key: 'accessCodeSets', shared: [], feature: 'features/access-code-sets' },
  review: { key: 'review', shared: ['title'], feature: 'features/review' },
  merchantList: { key: 'merchantList', shared: [], feature: 'features/merchant-list' },
} as const satisfies Record<string, TextPart>;

export type TextPartName = keyof typeof TEXT_PARTS;

export const TEXT_PART_NAMES = Object.keys(TEXT_PARTS) as TextPartName[];

type Catalogue = Record<string, unknown>;

function subtree(catalogue: Catalogue, key: string): Catalogue {
  const value = catalogue[key];
  return typeof value === 'object' && value !== null ? (value as Catalogue) : {};
}

/** The core: the whole catalogue without the parts' own keys. */
export function coreTexts(catalogue: Catalogue): Catalogue {
  const parts = new Map<string, TextPart>(
    Object.values(TEXT_PARTS).map((part) => [part.key, part]),
  );
  return Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]): [string, unknown][] => {
      const part = parts.get(key);
      if (!part) return [[key, value]];
      const kept = Object.entries(subtree(catalogue, key)).filter(([inner]) =>
        part.shared.includes(inner),
      );
      return kept.length > 0 ? [[key, Object.fromEntries(kept)]] : [];
    }),
  );
}

/** One part: its subtree without the keys the core keeps, under the subtree's key. */
export function partTexts(catalogue: Catalogue, name: TextPartName): Catalogue {
  const part: TextPart = TEXT_PARTS[name];
  const own = Object.fromEntries(
    Object.entries(subtree(catalogue, part.key)).filter(([key]) => !part.shared.includes(key)),
  );
  return { [part.key]: own };
}
