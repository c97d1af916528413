/**
 * The demo campaigns of three merchants, with their pictures, offers and
 * runtimes (each merchant's plan is in its demo-campaigns-*.ts, the
 * businesses' profiles and logos in demo-businesses.ts). Seasonal campaigns
 * run in their season of the year the demo is created in (an Easter
 * sweepstake around Easter, a summer sale in summer), whatever day that is:
 * `planCampaigns(now)` places them. Pure data and date arithmetic, so that
 * tests can try every day of a year.
 */
import { wallClockIn, type CampaignStatus, type CampaignType } from '@backoffice/domain';
import {
  OCCASIONS,
  relativeRuntime,
  windowIn,
  type Occasion,
  type Runtime,
} from './demo-calendar.js';
import { BAKERY_CAMPAIGNS } from './demo-campaigns-bakery.js';
import { CAFE_CAMPAIGNS } from './demo-campaigns-cafe.js';
import { FASHION_CAMPAIGNS } from './demo-campaigns-fashion.js';
import type { CampaignPicture } from './demo-pictures.js';
import type { CampaignSlot, Theme } from './demo-themes.js';

const DAY = 24 * 3600_000;

export interface PlannedCampaign {
  merchant: string;
  type: CampaignType;
  status: CampaignStatus;
  editor: string;
  rejection: string | undefined;
  theme: Theme;
  runtime: Runtime;
  /** The occasion of a seasonal campaign; undefined for an evergreen one. */
  occasion: Occasion | undefined;
  picture: CampaignPicture;
}

/** The campaigns of the merchants that get some, by brand name. */
const PLAN: Record<string, CampaignSlot[]> = {
  'Bäckerei Sonnenschein': BAKERY_CAMPAIGNS,
  'Café Silberblick': CAFE_CAMPAIGNS,
  'Modehaus Adler': FASHION_CAMPAIGNS,
};

/** The brand names of the merchants that get demo campaigns. */
export const MERCHANTS_WITH_CAMPAIGNS = Object.keys(PLAN);

/** Days a seasonal campaign ahead starts at the earliest, and an ended one has been over at least. */
const MARGIN_DAYS = 2;

/**
 * The occurrence of a seasonal slot that fits its status on `now`: the window
 * that holds now (running), the latest one over (ended), the next one to come
 * (every status before running).
 */
function seasonalRuntime(
  slot: CampaignSlot,
  now: Date,
  timeZone: string,
): { occasion: Occasion; theme: Theme; runtime: Runtime } {
  const year = Number(wallClockIn(now, timeZone).slice(0, 4));
  const candidates = Object.entries(slot.seasons ?? {}).flatMap(([occasion, theme]) =>
    [year - 2, year - 1, year, year + 1].map((y) => ({
      occasion: occasion as Occasion,
      theme,
      runtime: windowIn(theme.window ?? OCCASIONS[occasion as Occasion](y), y, timeZone),
    })),
  );
  const t = now.getTime();
  const margin = MARGIN_DAYS * DAY;
  let chosen: (typeof candidates)[number] | undefined;
  if (slot.status === 'active') {
    chosen = candidates.find(
      ({ runtime }) => runtime.from.getTime() <= t && runtime.until.getTime() >= t,
    );
  } else if (slot.status === 'ended') {
    chosen = candidates
      .filter(({ runtime }) => runtime.until.getTime() <= t - margin)
      .sort((a, b) => b.runtime.until.getTime() - a.runtime.until.getTime())[0];
  } else {
    chosen = candidates
      .filter(({ runtime }) => runtime.from.getTime() >= t + margin)
      .sort((a, b) => a.runtime.from.getTime() - b.runtime.from.getTime())[0];
  }
  if (!chosen)
    throw new Error(`no season fits a ${slot.status} ${slot.type} on ${now.toISOString()}`);
  return chosen;
}

/**
 * The demo campaigns as they are on `now`: each with its theme and a runtime
 * that fits its status (running campaigns hold now, ended ones lie before it,
 * the others after it), seasonal ones in their season.
 */
export function planCampaigns(now: Date, timeZone: string): PlannedCampaign[] {
  return Object.entries(PLAN).flatMap(([merchant, slots]) =>
    slots.map((slot) => {
      const placed =
        slot.seasons !== undefined
          ? seasonalRuntime(slot, now, timeZone)
          : {
              occasion: undefined,
              theme: slot.theme as Theme,
              runtime: relativeRuntime(now, slot.days ?? [0, 30], timeZone),
            };
      const { theme } = placed;
      return {
        merchant,
        type: slot.type,
        status: slot.status,
        editor: slot.editor,
        rejection: slot.rejection,
        theme,
        runtime: placed.runtime,
        occasion: placed.occasion,
        picture: {
          brand: merchant,
          headline: theme.picture.headline,
          lines: theme.picture.lines,
          badge:
            theme.picture.badge ??
            (slot.type.startsWith('sweepstake/') || slot.type === 'tip/sweepstake'
              ? 'Jetzt mitmachen'
              : slot.type.startsWith('tip/')
                ? 'Mehr erfahren'
                : 'Nur in der App'),
          motif: theme.picture.motif,
          colours: theme.picture.colours,
          sprinkle: theme.picture.sprinkle ?? 'dots',
        },
      };
    }),
  );
}
