/**
 * The text catalogue is loaded in parts: the core (the sign-in pages and the
 * shell) with the first load, and the texts only some screens show with
 * those screens' routes. A part is one or more subtrees of the catalogue,
 * minus the keys other screens use as well (they stay in the core).
 * `text-parts.test.ts` checks that no source outside a part's folders uses
 * one of its keys.
 *
 * Plain data and pure functions: the build (`vite.config.ts`) uses them too.
 */

export interface TextPart {
  /**
   * The catalogue subtrees moved out of the core, each with the keys of it
   * that other screens use too (those stay in the core).
   */
  subtrees: Readonly<Record<string, readonly string[]>>;
  /** The source folders whose screens use the part (relative to `src`). */
  features: readonly string[];
  /** Other parts the part's screens show texts of, loaded along with it. */
  with?: readonly string[];
}

/**
 * The server's message texts and the field labels, which only forms and
 * error reports show: the screens with forms load them, and the API client
 * loads them before it reports an answer that carries a message key.
 */
const MESSAGES = 'messages';

export const TEXT_PARTS = {
  campaigns: {
    subtrees: { campaigns: ['fields', 'statuses', 'types', 'typeCurrencies', 'values'] },
    features: ['features/campaigns'],
    with: [MESSAGES],
  },
  merchants: {
    subtrees: { merchants: ['roles'] },
    features: ['features/merchants'],
    with: [MESSAGES],
  },
  apiKeys: { subtrees: { apiKeys: [] }, features: ['features/api-keys'] },
  backgroundJobs: { subtrees: { backgroundJobs: [] }, features: ['features/background-jobs'] },
  webhooks: { subtrees: { webhooks: [] }, features: ['features/webhooks'], with: [MESSAGES] },
  apiTokens: {
    subtrees: { apiTokens: [] },
    features: ['features/api-tokens'],
    with: [MESSAGES],
  },
  accessCodeSets: {
    subtrees: { accessCodeSets: [] },
    features: ['features/access-code-sets'],
    with: [MESSAGES],
  },
  review: { subtrees: { review: ['title'] }, features: ['features/review'] },
  merchantList: { subtrees: { merchantList: [] }, features: ['features/merchant-list'] },
  dashboard: { subtrees: { dashboard: [] }, features: ['features/dashboard'] },
  // The dashboard's parts below its first screen (chart, kid statistics, conversion):
  // loaded with their lazy chunks, out of the dashboard's first load.
  dashboardDetails: { subtrees: { dashboardDetails: [] }, features: ['features/dashboard'] },
  upgrade: { subtrees: { upgrade: [] }, features: ['features/upgrade'] },
  // The user menu's entry stays in the core.
  devices: { subtrees: { devices: ['menuItem'] }, features: ['features/devices'] },
  twoFactor: { subtrees: { twoFactor: ['menuItem'] }, features: ['features/account'] },
  [MESSAGES]: {
    subtrees: {
      errors: [
        'http',
        'withReason',
        'noResponse',
        'unknown',
        'noConnection',
        'timedOut',
        'requestFailed',
        'unexpected',
        'requestId',
        // The alert's count: the key the source names, and its plural forms.
        'repeated',
        'repeated_one',
        'repeated_other',
      ],
      fieldLabels: [],
      unsaved: [],
    },
    features: [
      'features/campaigns',
      'features/merchants',
      'features/access-code-sets',
      'features/webhooks',
      'features/api-tokens',
      'shared/api',
      'shared/form',
      'shared/i18n',
    ],
  },
} as const satisfies Record<string, TextPart>;

export type TextPartName = keyof typeof TEXT_PARTS;

export const TEXT_PART_NAMES = Object.keys(TEXT_PARTS) as TextPartName[];

type Catalogue = Record<string, unknown>;

function subtree(catalogue: Catalogue, key: string): Catalogue {
  const value = catalogue[key];
  return typeof value === 'object' && value !== null ? (value as Catalogue) : {};
}

/** The keys of each moved subtree that stay in the core. */
function movedSubtrees(): Map<string, readonly string[]> {
  return new Map(
    Object.values(TEXT_PARTS).flatMap((part: TextPart) => Object.entries(part.subtrees)),
  );
}

/** The core: the whole catalogue without the parts' own keys. */
export function coreTexts(catalogue: Catalogue): Catalogue {
  const moved = movedSubtrees();
  return Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]): [string, unknown][] => {
      const shared = moved.get(key);
      if (!shared) return [[key, value]];
      const kept = Object.entries(subtree(catalogue, key)).filter(([inner]) =>
        shared.includes(inner),
      );
      return kept.length > 0 ? [[key, Object.fromEntries(kept)]] : [];
    }),
  );
}

/** One part: its subtrees without the keys the core keeps, each under its key. */
export function partTexts(catalogue: Catalogue, name: TextPartName): Catalogue {
  const part: TextPart = TEXT_PARTS[name];
  return Object.fromEntries(
    Object.entries(part.subtrees).map(([key, shared]) => [
      key,
      Object.fromEntries(
        Object.entries(subtree(catalogue, key)).filter(([inner]) => !shared.includes(inner)),
      ),
    ]),
  );
}

/** The part with the parts it brings along. */
export function partsWith(name: TextPartName): TextPartName[] {
  const part: TextPart = TEXT_PARTS[name];
  return [name, ...((part.with ?? []) as TextPartName[])];
}
