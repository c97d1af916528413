/**
 * What the demo campaigns are made of: a campaign's theme (its texts,
 * picture and offer), the slot a merchant's plan gives it (type, status,
 * editor, runtime), and the colour sets and texts the merchants' plans
 * share.
 */
import type { CampaignStatus, CampaignType } from '@backoffice/domain';
import type { DayWindow, Occasion } from './demo-calendar.js';
import type { Motif } from './demo-motifs.js';
import type { PictureColours, Sprinkle } from './demo-pictures.js';

/** What a campaign says and shows. */
export interface Theme {
  title: string;
  shortDescription: string;
  description: string;
  picture: {
    headline: string;
    lines: string[];
    motif: Motif;
    colours: PictureColours;
    sprinkle?: Sprinkle;
    badge?: string;
  };
  /** The offer in the campaign's fields, matching the picture. */
  benefit?: {
    percent?: number;
    abs?: number;
    original?: number;
    discounted?: number;
    getM?: number;
    payN?: number;
  };
  prizes?: { name: string; count: number; value: number; pickup: boolean }[];
  tags?: string[];
}

export interface CampaignSlot {
  type: CampaignType;
  status: CampaignStatus;
  /**
   * The merchant's own demo user who made and edits it; tips only an agency
   * (or an admin) may make (packages/domain/src/permissions.ts, canUseTips).
   */
  editor: string;
  /** Why an admin rejected it (rejected campaigns only). */
  rejection?: string;
  /** Evergreen: days from today, with one theme. */
  days?: [number, number];
  theme?: Theme;
  /** Seasonal: one theme per occasion; the runtime is the occasion's window (or the one given). */
  seasons?: Partial<Record<Occasion, Theme & { window?: DayWindow }>>;
}

/* Colour sets the pictures share. */
export const WARM: PictureColours = {
  from: '#fff3da',
  to: '#f6bd60',
  accent: '#c0392b',
  ink: '#4a2511',
};
export const CREAM: PictureColours = {
  from: '#fdf0e6',
  to: '#e8c4a0',
  accent: '#7b3f20',
  ink: '#3d1f10',
};
export const SPRING: PictureColours = {
  from: '#f4fbe9',
  to: '#b8e0c2',
  accent: '#d35d8a',
  ink: '#23452f',
};
export const SUMMER: PictureColours = {
  from: '#fff7c2',
  to: '#7fd6e8',
  accent: '#e4572e',
  ink: '#10384a',
};
export const AUTUMN: PictureColours = {
  from: '#fde2c4',
  to: '#d9623b',
  accent: '#7a2e12',
  ink: '#3a1406',
};
export const WINTER: PictureColours = {
  from: '#0f3057',
  to: '#3f7cac',
  accent: '#e63946',
  ink: '#ffffff',
};
export const ADVENT: PictureColours = {
  from: '#7f1d1d',
  to: '#c53030',
  accent: '#2f6f3e',
  ink: '#fff8e7',
};
export const ESPRESSO: PictureColours = {
  from: '#3b2a22',
  to: '#8a6a55',
  accent: '#d4a373',
  ink: '#fff8ef',
};
export const MINT: PictureColours = {
  from: '#e8f6f3',
  to: '#9ad1c4',
  accent: '#33658a',
  ink: '#17324a',
};
export const NAVY: PictureColours = {
  from: '#1d3557',
  to: '#457b9d',
  accent: '#e63946',
  ink: '#ffffff',
};
export const ROSE: PictureColours = {
  from: '#fff0f3',
  to: '#f4a6b8',
  accent: '#6d2e46',
  ink: '#3d1426',
};
export const LILAC: PictureColours = {
  from: '#f5edff',
  to: '#b9a0ea',
  accent: '#5a189a',
  ink: '#2d0a4e',
};
export const DENIM: PictureColours = {
  from: '#e7eef7',
  to: '#8fb3d9',
  accent: '#1d3557',
  ink: '#13263f',
};

export const IN_APP =
  'Zeigen Sie den Gutschein an der Kasse in der App vor. Nicht mit anderen Aktionen kombinierbar, keine Barauszahlung.';
export const DRAW =
  'Unter allen Teilnehmenden verlosen wir die Preise nach Ende der Aktion; die Gewinner benachrichtigen wir in der App.';

/** A sweepstake's prizes: one main prize to pick up, five second prizes; each [name, value in cents]. */
export const sweepstakePrizes = (
  [main, value]: [string, number],
  [second, secondValue]: [string, number],
) => [
  { name: main, count: 1, value, pickup: true },
  { name: second, count: 5, value: secondValue, pickup: false },
];
