/**
 * What the demo businesses are and do: each demo merchant's logo, profile
 * and internal name, and the campaigns of three of them, with their pictures,
 * offers and runtimes. Seasonal campaigns run in their season of the year the
 * demo is created in (an Easter sweepstake around Easter, a summer sale in
 * summer), whatever day that is: `planCampaigns(now)` places them. Pure data
 * and date arithmetic, so that tests can try every day of a year.
 */
import { wallClockIn, type CampaignStatus, type CampaignType } from '@backoffice/domain';
import type {
  CampaignPicture,
  MerchantLogo,
  Motif,
  PictureColours,
  Sprinkle,
} from './demo-pictures.js';

const DAY = 24 * 3600_000;

/** The occasions seasonal campaigns are made for, each a window of days in a year. */
export type Occasion =
  | 'winter'
  | 'carnival'
  | 'spring'
  | 'easter'
  | 'summer'
  | 'autumn'
  | 'harvest'
  | 'christmas'
  | 'advent';

interface DayWindow {
  /** First and last day, as [month (1–12), day] in the window's year; `until` may lie in the next year. */
  from: [number, number];
  until: [number, number];
}

/** Easter Sunday of a year (the Gregorian computus), as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** The day `offset` days from [month, day] of `year`, as [month, day] (same year assumed). */
function shifted(year: number, [month, day]: [number, number], offset: number): [number, number] {
  const date = new Date(Date.UTC(year, month - 1, day) + offset * DAY);
  return [date.getUTCMonth() + 1, date.getUTCDate()];
}

const lastOfFebruary = (year: number): [number, number] => [2, year % 4 === 0 ? 29 : 28];

/**
 * The default window of each occasion. The five seasons (winter, spring,
 * summer, autumn, christmas) cover the whole year, so that a running
 * seasonal campaign always has one.
 */
const OCCASIONS: Record<Occasion, (year: number) => DayWindow> = {
  winter: (year) => ({ from: [1, 1], until: lastOfFebruary(year) }),
  // From Epiphany to Shrove Tuesday, 47 days before Easter.
  carnival: (year) => ({ from: [1, 7], until: shifted(year, easterSunday(year), -47) }),
  spring: () => ({ from: [3, 1], until: [5, 31] }),
  // The three weeks before Easter and Easter Monday.
  easter: (year) => ({
    from: shifted(year, easterSunday(year), -21),
    until: shifted(year, easterSunday(year), 1),
  }),
  summer: () => ({ from: [6, 1], until: [8, 31] }),
  autumn: () => ({ from: [9, 1], until: [11, 23] }),
  harvest: () => ({ from: [9, 15], until: [10, 10] }),
  christmas: () => ({ from: [11, 24], until: [12, 31] }),
  advent: () => ({ from: [12, 1], until: [12, 24] }),
};

export interface Runtime {
  from: Date;
  until: Date;
}

/** Instants of wall-clock times already computed (a seed asks for the same days again and again). */
const wallTimes = new Map<string, number>();

/**
 * The instant of a wall-clock time in the time zone (the product's
 * TIME_ZONE): a runtime starts at 00:00 and ends at 23:59 there, as a
 * merchant would set it.
 */
export function wallTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const key = `${timeZone} ${year}-${month}-${day} ${hour}:${minute}`;
  const known = wallTimes.get(key);
  if (known) return new Date(known);
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wanted;
  // Twice: the offset at the first guess may differ from the one at the answer (a DST change).
  for (let round = 0; round < 2; round += 1) {
    const shown = wallClockIn(new Date(instant), timeZone);
    const [date = '', time = ''] = shown.split(' ');
    const [y, m, d] = date.split('-').map(Number);
    const [hh, mm] = time.split(':').map(Number);
    const seen = Date.UTC(y ?? year, (m ?? month) - 1, d ?? day, hh ?? hour, mm ?? minute);
    instant += wanted - seen;
  }
  wallTimes.set(key, instant);
  return new Date(instant);
}

/**
 * The end of the minute (23:59:59.999): a runtime ends where the next day's
 * starts, so that the seasons leave no moment uncovered.
 */
const lastMinute = (minute: Date): Date => new Date(minute.getTime() + 59_999);

/** The runtime of a window of days in the year it starts in. */
function windowIn(window: DayWindow, year: number, timeZone: string): Runtime {
  const untilYear =
    window.until[0] * 100 + window.until[1] < window.from[0] * 100 + window.from[1]
      ? year + 1
      : year;
  return {
    from: wallTime(timeZone, year, window.from[0], window.from[1], 0, 0),
    until: lastMinute(wallTime(timeZone, untilYear, window.until[0], window.until[1], 23, 59)),
  };
}

/** A runtime of whole days relative to today: [first day, last day] from now. */
function relativeRuntime(now: Date, [first, last]: [number, number], timeZone: string): Runtime {
  const day = (offset: number) => {
    const [date = ''] = wallClockIn(new Date(now.getTime() + offset * DAY), timeZone).split(' ');
    return date.split('-').map(Number) as [number, number, number];
  };
  const [fy, fm, fd] = day(first);
  const [uy, um, ud] = day(last);
  return {
    from: wallTime(timeZone, fy, fm, fd, 0, 0),
    until: lastMinute(wallTime(timeZone, uy, um, ud, 23, 59)),
  };
}

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

interface CampaignSlot {
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

/* Colour sets the pictures share. */
const WARM: PictureColours = { from: '#fff3da', to: '#f6bd60', accent: '#c0392b', ink: '#4a2511' };
const CREAM: PictureColours = { from: '#fdf0e6', to: '#e8c4a0', accent: '#7b3f20', ink: '#3d1f10' };
const SPRING: PictureColours = {
  from: '#f4fbe9',
  to: '#b8e0c2',
  accent: '#d35d8a',
  ink: '#23452f',
};
const SUMMER: PictureColours = {
  from: '#fff7c2',
  to: '#7fd6e8',
  accent: '#e4572e',
  ink: '#10384a',
};
const AUTUMN: PictureColours = {
  from: '#fde2c4',
  to: '#d9623b',
  accent: '#7a2e12',
  ink: '#3a1406',
};
const WINTER: PictureColours = {
  from: '#0f3057',
  to: '#3f7cac',
  accent: '#e63946',
  ink: '#ffffff',
};
const ADVENT: PictureColours = {
  from: '#7f1d1d',
  to: '#c53030',
  accent: '#2f6f3e',
  ink: '#fff8e7',
};
const ESPRESSO: PictureColours = {
  from: '#3b2a22',
  to: '#8a6a55',
  accent: '#d4a373',
  ink: '#fff8ef',
};
const MINT: PictureColours = { from: '#e8f6f3', to: '#9ad1c4', accent: '#33658a', ink: '#17324a' };
const NAVY: PictureColours = { from: '#1d3557', to: '#457b9d', accent: '#e63946', ink: '#ffffff' };
const ROSE: PictureColours = { from: '#fff0f3', to: '#f4a6b8', accent: '#6d2e46', ink: '#3d1426' };
const LILAC: PictureColours = { from: '#f5edff', to: '#b9a0ea', accent: '#5a189a', ink: '#2d0a4e' };
const DENIM: PictureColours = { from: '#e7eef7', to: '#8fb3d9', accent: '#1d3557', ink: '#13263f' };

const BAKERY_TEXT =
  'Unsere Brote backen wir jede Nacht im Holzofen, aus Mehl von Mühlen aus der Region und ohne Zusatzstoffe. ';
const CAFE_TEXT =
  'Im Café Silberblick rösten wir unseren Kaffee selbst und backen jeden Morgen frische Kuchen. ';
const FASHION_TEXT =
  'Modehaus Adler führt Marken für Damen und Herren auf drei Etagen, mit Änderungsschneiderei im Haus. ';
const IN_STORE =
  'Sie finden uns in der Innenstadt, montags bis samstags von 10 bis 19 Uhr; unsere Beraterinnen helfen bei Größen und Farben.';
const IN_APP =
  'Zeigen Sie den Gutschein an der Kasse in der App vor. Nicht mit anderen Aktionen kombinierbar, keine Barauszahlung.';
const DRAW =
  'Unter allen Teilnehmenden verlosen wir die Preise nach Ende der Aktion; die Gewinner benachrichtigen wir in der App.';

const sweepstakePrizes = (main: string, value: number, second: string, secondValue: number) => [
  { name: main, count: 1, value, pickup: true },
  { name: second, count: 5, value: secondValue, pickup: false },
];

const PLAN: Record<string, CampaignSlot[]> = {
  'Bäckerei Sonnenschein': [
    {
      type: 'coupon/percent',
      status: 'active',
      editor: 'owner@example.com',
      days: [-40, 50],
      theme: {
        title: '10 % auf alle Brote',
        shortDescription: 'Auf jedes Brot aus unserem Holzofen',
        description: `${BAKERY_TEXT}Mit der App sparen Sie 10 % auf jedes Brot, ob Roggen, Dinkel oder Vollkorn. ${IN_APP}`,
        picture: { headline: '10 %', lines: ['auf alle Brote'], motif: 'bread', colours: WARM },
        benefit: { percent: 10 },
      },
    },
    {
      type: 'sweepstake/standard',
      status: 'ended',
      editor: 'owner@example.com',
      seasons: {
        easter: {
          title: 'Osterkorb-Gewinnspiel',
          shortDescription: 'Gewinnen Sie einen Osterkorb voller Leckereien',
          description: `${BAKERY_TEXT}Zu Ostern verlosen wir einen Korb mit Osterzopf, Schokoladeneiern und Marmelade aus der Region. ${DRAW}`,
          picture: {
            headline: 'Gewinnen!',
            lines: ['einen Osterkorb', 'voller Leckereien'],
            motif: 'eggs',
            colours: SPRING,
            sprinkle: 'dots',
          },
          prizes: sweepstakePrizes('Osterkorb', 4_900, 'Brotgutschein über 10 €', 1_000),
        },
        harvest: {
          title: 'Erntedank-Brotkorb gewinnen',
          shortDescription: 'Ein Korb mit Broten aus neuer Ernte',
          description: `${BAKERY_TEXT}Zum Erntedankfest verlosen wir einen Brotkorb mit fünf Broten aus dem Mehl der neuen Ernte. ${DRAW}`,
          picture: {
            headline: 'Gewinnen!',
            lines: ['einen Brotkorb', 'zum Erntedankfest'],
            motif: 'basket',
            colours: AUTUMN,
            sprinkle: 'leaves',
          },
          prizes: sweepstakePrizes('Erntedank-Brotkorb', 3_900, 'Brotgutschein über 10 €', 1_000),
        },
        advent: {
          title: 'Adventskalender-Gewinnspiel',
          shortDescription: '24 Türchen, jeden Tag ein Preis',
          description: `${BAKERY_TEXT}Im Advent öffnen wir jeden Tag ein Türchen: Stollen, Plätzchen und Gutscheine warten. ${DRAW}`,
          picture: {
            headline: 'Gewinnen!',
            lines: ['24 Türchen,', 'jeden Tag ein Preis'],
            motif: 'calendar',
            colours: ADVENT,
            sprinkle: 'snow',
          },
          prizes: sweepstakePrizes('Christstollen (1 kg)', 2_490, 'Plätzchentüte', 690),
        },
      },
    },
    {
      type: 'coupon/m_for_n',
      status: 'ended',
      editor: 'staff@example.com',
      days: [-120, -60],
      theme: {
        title: '3 Brezeln zum Preis von 2',
        shortDescription: 'Laugenbrezeln, frisch aus dem Ofen',
        description: `${BAKERY_TEXT}Unsere Laugenbrezeln werden von Hand geschlungen und mit grobem Salz bestreut. Drei nehmen, zwei bezahlen. ${IN_APP}`,
        picture: {
          headline: '3 für 2',
          lines: ['Laugenbrezeln', 'frisch aus dem Ofen'],
          motif: 'pretzel',
          colours: CREAM,
        },
        benefit: { getM: 3, payN: 2, original: 95 },
      },
    },
    {
      type: 'coupon/free',
      status: 'approved',
      editor: 'owner@example.com',
      days: [10, 70],
      theme: {
        title: 'Gratis-Kaffee zum Frühstück',
        shortDescription: 'Zu jedem Frühstück ein Kaffee aufs Haus',
        description: `${BAKERY_TEXT}Wer bei uns frühstückt, bekommt den ersten Kaffee geschenkt, montags bis freitags bis 10 Uhr. ${IN_APP}`,
        picture: {
          headline: 'Gratis',
          lines: ['Kaffee zu jedem', 'Frühstück'],
          motif: 'cup',
          colours: ESPRESSO,
        },
        benefit: { original: 290 },
      },
    },
    {
      type: 'coupon/absolute',
      status: 'submitted',
      editor: 'staff@example.com',
      days: [5, 40],
      theme: {
        title: '2 € Rabatt auf Torten',
        shortDescription: 'Auf jede ganze Torte aus unserer Konditorei',
        description: `${BAKERY_TEXT}Ob Schwarzwälder Kirsch oder Käsesahne: auf jede ganze Torte 2 € Rabatt. Bitte einen Tag vorher bestellen. ${IN_APP}`,
        picture: {
          headline: '2 € Rabatt',
          lines: ['auf jede ganze Torte'],
          motif: 'cake',
          colours: ROSE,
        },
        benefit: { abs: 200, original: 2_490 },
      },
    },
    {
      type: 'coupon/offer',
      status: 'created',
      editor: 'owner@example.com',
      seasons: {
        carnival: {
          title: 'Berliner zur Faschingszeit',
          shortDescription: 'Mit Himbeerfüllung und Puderzucker',
          description: `${BAKERY_TEXT}Von Dreikönig bis Faschingsdienstag: unsere Berliner mit Himbeerfüllung zum Aktionspreis. ${IN_APP}`,
          picture: {
            headline: '1,00 €',
            lines: ['statt 1,60 € für', 'jeden Berliner'],
            motif: 'berliner',
            colours: WARM,
            sprinkle: 'stars',
          },
          benefit: { original: 160, discounted: 100 },
        },
        easter: {
          title: 'Osterzopf zum Aktionspreis',
          shortDescription: 'Hefezopf mit Rosinen und Mandeln',
          description: `${BAKERY_TEXT}Unser Osterzopf aus Hefeteig mit Rosinen und gehobelten Mandeln, in der Osterwoche zum Aktionspreis. ${IN_APP}`,
          picture: {
            headline: '4,50 €',
            lines: ['statt 5,90 € für', 'den Osterzopf'],
            motif: 'bread',
            colours: SPRING,
          },
          benefit: { original: 590, discounted: 450 },
        },
        summer: {
          title: 'Erdbeerkuchen zum Sommerpreis',
          shortDescription: 'Mit Erdbeeren vom Hof Brandt',
          description: `${BAKERY_TEXT}Solange es Erdbeeren gibt: unser Erdbeerkuchen mit Vanillecreme zum Sommerpreis. ${IN_APP}`,
          picture: {
            headline: '2,50 €',
            lines: ['statt 3,20 € je', 'Stück Erdbeerkuchen'],
            motif: 'strawberries',
            colours: SUMMER,
            sprinkle: 'sun',
          },
          benefit: { original: 320, discounted: 250 },
        },
        autumn: {
          title: 'Kürbisbrot zum Herbstpreis',
          shortDescription: 'Saftiges Brot mit Hokkaido und Kernen',
          description: `${BAKERY_TEXT}Im Herbst backen wir Kürbisbrot mit Hokkaido und Kürbiskernen, jetzt zum Herbstpreis. ${IN_APP}`,
          picture: {
            headline: '3,90 €',
            lines: ['statt 4,80 € für', 'das Kürbisbrot'],
            motif: 'pumpkin',
            colours: AUTUMN,
            sprinkle: 'leaves',
          },
          benefit: { original: 480, discounted: 390 },
        },
        christmas: {
          title: 'Christstollen zum Aktionspreis',
          shortDescription: 'Nach dem Rezept unseres Großvaters',
          description: `${BAKERY_TEXT}Unser Butterstollen mit Rosinen, Orangeat und Marzipan, in der Adventszeit zum Aktionspreis. ${IN_APP}`,
          picture: {
            headline: '19,90 €',
            lines: ['statt 24,90 € für', 'den Christstollen'],
            motif: 'stollen',
            colours: ADVENT,
            sprinkle: 'snow',
          },
          benefit: { original: 2_490, discounted: 1_990 },
        },
      },
    },
    {
      type: 'sweepstake/standard',
      status: 'rejected',
      editor: 'owner@example.com',
      rejection:
        'Bitte nennen Sie in der Beschreibung Ort und Termin des Brotbackkurses und was der Gewinn umfasst.',
      days: [20, 50],
      theme: {
        title: 'Brotbackkurs gewinnen',
        shortDescription: 'Ein Abend in unserer Backstube',
        description: `${BAKERY_TEXT}Backen Sie an einem Abend mit unserem Bäckermeister Ihr eigenes Brot, vom Sauerteig bis zum Holzofen. ${DRAW}`,
        picture: {
          headline: 'Gewinnen!',
          lines: ['einen Brotbackkurs', 'in unserer Backstube'],
          motif: 'toque',
          colours: CREAM,
        },
        prizes: sweepstakePrizes('Brotbackkurs für zwei', 17_800, 'Backmischung', 890),
      },
    },
  ],
  'Café Silberblick': [
    {
      type: 'sweepstake/standard',
      status: 'active',
      editor: 'silver@example.com',
      days: [-60, 30],
      theme: {
        title: 'Kaffeemaschine gewinnen',
        shortDescription: 'Eine Siebträgermaschine für Ihre Küche',
        description: `${CAFE_TEXT}Wir verlosen eine Siebträgermaschine und fünfmal ein Kilo unserer Hausröstung. ${DRAW}`,
        picture: {
          headline: 'Gewinnen!',
          lines: ['eine Siebträger-', 'Kaffeemaschine'],
          motif: 'machine',
          colours: ESPRESSO,
          sprinkle: 'dots',
        },
        prizes: sweepstakePrizes('Siebträgermaschine', 39_900, 'Hausröstung (1 kg)', 2_490),
      },
    },
    {
      type: 'coupon/offer',
      status: 'ended',
      editor: 'silver@example.com',
      seasons: {
        spring: {
          title: 'Rhabarberkuchen für 2,90 €',
          shortDescription: 'Mit Baiserhaube, frisch vom Blech',
          description: `${CAFE_TEXT}Zur Rhabarberzeit gibt es unseren Rhabarberkuchen mit Baiser zum Aktionspreis. ${IN_APP}`,
          picture: {
            headline: '2,90 €',
            lines: ['Rhabarberkuchen', 'statt 3,60 €'],
            motif: 'cake',
            colours: SPRING,
          },
          benefit: { original: 360, discounted: 290 },
          window: { from: [4, 15], until: [5, 31] },
        },
        summer: {
          title: 'Eiskaffee für 2,50 €',
          shortDescription: 'Mit Vanilleeis und Sahne',
          description: `${CAFE_TEXT}Den ganzen Sommer: Eiskaffee mit Vanilleeis und Sahne zum Aktionspreis. ${IN_APP}`,
          picture: {
            headline: '2,50 €',
            lines: ['Eiskaffee', 'statt 3,90 €'],
            motif: 'latte',
            colours: SUMMER,
            sprinkle: 'sun',
          },
          benefit: { original: 390, discounted: 250 },
          window: { from: [6, 15], until: [8, 31] },
        },
        autumn: {
          title: 'Kürbis-Latte für 3,50 €',
          shortDescription: 'Mit Kürbis, Zimt und Muskat',
          description: `${CAFE_TEXT}Unser Herbstgetränk: Latte mit Kürbispüree, Zimt und Muskat. ${IN_APP}`,
          picture: {
            headline: '3,50 €',
            lines: ['Kürbis-Latte', 'statt 4,50 €'],
            motif: 'latte',
            colours: AUTUMN,
            sprinkle: 'leaves',
          },
          benefit: { original: 450, discounted: 350 },
          window: { from: [9, 15], until: [11, 15] },
        },
        winter: {
          title: 'Heiße Schokolade für 2,50 €',
          shortDescription: 'Aus echter Schokolade, mit Sahne',
          description: `${CAFE_TEXT}Wenn es draußen kalt ist: heiße Schokolade aus geschmolzener Zartbitterschokolade. ${IN_APP}`,
          picture: {
            headline: '2,50 €',
            lines: ['heiße Schokolade', 'statt 3,40 €'],
            motif: 'cup',
            colours: WINTER,
            sprinkle: 'snow',
          },
          benefit: { original: 340, discounted: 250 },
          window: { from: [12, 1], until: [2, 28] },
        },
      },
    },
    {
      type: 'coupon/absolute',
      status: 'active',
      editor: 'silver@example.com',
      seasons: {
        winter: {
          title: 'Winter-Waffeln: 1 € Rabatt',
          shortDescription: 'Mit heißen Kirschen und Sahne',
          description: `${CAFE_TEXT}Unsere Waffeln mit heißen Kirschen: mit der App 1 € günstiger. ${IN_APP}`,
          picture: {
            headline: '1 € Rabatt',
            lines: ['auf Waffeln mit', 'heißen Kirschen'],
            motif: 'cookies',
            colours: WINTER,
            sprinkle: 'snow',
          },
          benefit: { abs: 100, original: 590 },
        },
        spring: {
          title: 'Frühlings-Törtchen: 1 € Rabatt',
          shortDescription: 'Mit Erdbeeren und Vanillecreme',
          description: `${CAFE_TEXT}Zum Frühling gibt es Törtchen mit Erdbeeren: mit der App 1 € günstiger. ${IN_APP}`,
          picture: {
            headline: '1 € Rabatt',
            lines: ['auf unsere', 'Frühlings-Törtchen'],
            motif: 'strawberries',
            colours: SPRING,
          },
          benefit: { abs: 100, original: 450 },
        },
        summer: {
          title: 'Eisbecher: 1 € Rabatt',
          shortDescription: 'Drei Kugeln nach Wahl, mit Sahne',
          description: `${CAFE_TEXT}Im Sommer ist jeder Eisbecher mit der App 1 € günstiger. ${IN_APP}`,
          picture: {
            headline: '1 € Rabatt',
            lines: ['auf jeden', 'Eisbecher'],
            motif: 'icecream',
            colours: SUMMER,
            sprinkle: 'sun',
          },
          benefit: { abs: 100, original: 620 },
        },
        autumn: {
          title: 'Apfelkuchen im Herbst: 1 € Rabatt',
          shortDescription: 'Mit Äpfeln aus dem Alten Land',
          description: `${CAFE_TEXT}Unser gedeckter Apfelkuchen mit Zimt: mit der App 1 € günstiger. ${IN_APP}`,
          picture: {
            headline: '1 € Rabatt',
            lines: ['auf unseren', 'Apfelkuchen'],
            motif: 'cake',
            colours: AUTUMN,
            sprinkle: 'leaves',
          },
          benefit: { abs: 100, original: 390 },
        },
        christmas: {
          title: 'Lebkuchen zum Advent: 1 € Rabatt',
          shortDescription: 'Elisenlebkuchen aus eigener Backstube',
          description: `${CAFE_TEXT}In der Adventszeit backen wir Elisenlebkuchen: mit der App 1 € günstiger. ${IN_APP}`,
          picture: {
            headline: '1 € Rabatt',
            lines: ['auf unsere', 'Lebkuchen'],
            motif: 'heart',
            colours: ADVENT,
            sprinkle: 'stars',
          },
          benefit: { abs: 100, original: 450 },
        },
      },
    },
    {
      type: 'coupon/percent',
      status: 'start_review',
      editor: 'silver@example.com',
      days: [7, 37],
      theme: {
        title: '20 % auf Kuchen',
        shortDescription: 'Auf jedes Stück aus unserer Vitrine',
        description: `${CAFE_TEXT}Mit der App 20 % auf jedes Stück Kuchen, auch zum Mitnehmen. ${IN_APP}`,
        picture: { headline: '20 %', lines: ['auf alle Kuchen'], motif: 'cake', colours: LILAC },
        benefit: { percent: 20 },
      },
    },
    {
      type: 'coupon/free',
      status: 'created',
      editor: 'silver@example.com',
      days: [3, 33],
      theme: {
        title: 'Gratis-Keks zum Kaffee',
        shortDescription: 'Ein Haferkeks zu jedem Heißgetränk',
        description: `${CAFE_TEXT}Zu jedem Kaffee, Tee oder Kakao schenken wir Ihnen einen Haferkeks. ${IN_APP}`,
        picture: {
          headline: 'Gratis',
          lines: ['ein Keks zu', 'jedem Kaffee'],
          motif: 'cookies',
          colours: MINT,
        },
        benefit: { original: 150 },
      },
    },
  ],
  'Modehaus Adler': [
    {
      type: 'coupon/percent',
      status: 'active',
      editor: 'multi@example.com',
      seasons: {
        winter: {
          title: 'Winterschlussverkauf: 30 %',
          shortDescription: 'Auf Mäntel, Jacken und Strick',
          description: `${FASHION_TEXT}Im Winterschlussverkauf 30 % auf alle Mäntel, Jacken und Strickwaren. ${IN_APP}`,
          picture: {
            headline: '30 %',
            lines: ['Winter-', 'schlussverkauf'],
            motif: 'jacket',
            colours: WINTER,
            sprinkle: 'snow',
          },
          benefit: { percent: 30 },
        },
        spring: {
          title: 'Frühjahrsmode: 20 % auf Jacken',
          shortDescription: 'Leichte Jacken für die neue Saison',
          description: `${FASHION_TEXT}Die neuen Übergangsjacken sind da: mit der App 20 % günstiger. ${IN_APP}`,
          picture: {
            headline: '20 %',
            lines: ['auf Frühjahrs-', 'jacken'],
            motif: 'jacket',
            colours: SPRING,
          },
          benefit: { percent: 20 },
        },
        summer: {
          title: 'Sommerschlussverkauf: 30 %',
          shortDescription: 'Auf Kleider, Shirts und Shorts',
          description: `${FASHION_TEXT}Im Sommerschlussverkauf 30 % auf Kleider, Shirts und Shorts. ${IN_APP}`,
          picture: {
            headline: '30 %',
            lines: ['Sommer-', 'schlussverkauf'],
            motif: 'bag',
            colours: SUMMER,
            sprinkle: 'sun',
          },
          benefit: { percent: 30 },
        },
        autumn: {
          title: 'Herbstmode: 20 % auf Strick',
          shortDescription: 'Pullover und Cardigans aus Wolle',
          description: `${FASHION_TEXT}Pullover und Cardigans aus Merino und Kaschmir: mit der App 20 % günstiger. ${IN_APP}`,
          picture: {
            headline: '20 %',
            lines: ['auf Strick im', 'Herbst'],
            motif: 'sweater',
            colours: AUTUMN,
            sprinkle: 'leaves',
          },
          benefit: { percent: 20 },
        },
        christmas: {
          title: 'Geschenkideen: 20 % auf Schals und Mützen',
          shortDescription: 'Warme Geschenke zu Weihnachten',
          description: `${FASHION_TEXT}Zu Weihnachten 20 % auf Schals, Mützen und Handschuhe, auf Wunsch als Geschenk verpackt. ${IN_APP}`,
          picture: {
            headline: '20 %',
            lines: ['auf Schals', 'und Mützen'],
            motif: 'scarf',
            colours: ADVENT,
            sprinkle: 'snow',
          },
          benefit: { percent: 20 },
        },
      },
    },
    {
      type: 'tip/offer',
      status: 'active',
      editor: 'agency@example.com',
      days: [-30, 60],
      theme: {
        title: 'Tipp: Jeans der Saison',
        shortDescription: 'Die neuen Schnitte von Slim bis Wide Leg',
        description: `${FASHION_TEXT}Unsere Stilberaterinnen zeigen Ihnen die Jeans-Schnitte der Saison, Kürzen inklusive. ${IN_STORE}`,
        picture: {
          headline: '49,90 €',
          lines: ['Jeans der Saison', 'statt 69,90 €'],
          motif: 'jeans',
          colours: DENIM,
        },
        benefit: { original: 6_990, discounted: 4_990 },
        tags: ['mode', 'jeans'],
      },
    },
    {
      type: 'tip/sweepstake',
      status: 'ended',
      editor: 'agency@example.com',
      days: [-100, -40],
      theme: {
        title: 'Tipp-Gewinnspiel: Einkaufsgutschein',
        shortDescription: 'Gewinnen Sie einen Gutschein über 50 €',
        description: `${FASHION_TEXT}Wir verlosen einen Einkaufsgutschein über 50 € und fünf Gutscheine über 20 €. ${DRAW}`,
        picture: {
          headline: 'Gewinnen!',
          lines: ['einen Einkaufs-', 'gutschein'],
          motif: 'voucher',
          colours: NAVY,
          sprinkle: 'stars',
        },
        prizes: sweepstakePrizes(
          'Einkaufsgutschein über 50 €',
          5_000,
          'Gutschein über 20 €',
          2_000,
        ),
        tags: ['mode', 'gewinnspiel'],
      },
    },
    {
      type: 'tip/standard',
      status: 'created',
      editor: 'agency@example.com',
      days: [10, 40],
      theme: {
        title: 'Tipp: Stilberatung',
        shortDescription: 'Eine Stunde Beratung, kostenlos mit Termin',
        description: `${FASHION_TEXT}Buchen Sie eine kostenlose Stilberatung: eine Stunde mit unseren Modeberaterinnen. ${IN_STORE}`,
        picture: {
          headline: 'Kostenlos',
          lines: ['Ihre persönliche', 'Stilberatung'],
          motif: 'dress',
          colours: ROSE,
        },
        tags: ['mode', 'beratung'],
      },
    },
    {
      type: 'tip/generic',
      status: 'approved',
      editor: 'agency@example.com',
      seasons: {
        spring: {
          title: 'Tipp: Frühjahrskollektion',
          shortDescription: 'Die neuen Farben und Schnitte',
          description: `${FASHION_TEXT}Die Frühjahrskollektion ist eingetroffen: leichte Stoffe und helle Farben. ${IN_STORE}`,
          picture: {
            headline: 'Neu',
            lines: ['die Frühjahrs-', 'kollektion'],
            motif: 'dress',
            colours: SPRING,
          },
          tags: ['mode', 'kollektion'],
          window: { from: [2, 15], until: [3, 31] },
        },
        summer: {
          title: 'Tipp: Sommerkollektion',
          shortDescription: 'Leinen, Baumwolle und Sandalen',
          description: `${FASHION_TEXT}Die Sommerkollektion ist da: Leinenhemden, Kleider und Sandalen. ${IN_STORE}`,
          picture: {
            headline: 'Neu',
            lines: ['die Sommer-', 'kollektion'],
            motif: 'bag',
            colours: SUMMER,
            sprinkle: 'sun',
          },
          tags: ['mode', 'kollektion'],
          window: { from: [5, 1], until: [6, 15] },
        },
        autumn: {
          title: 'Tipp: Herbstkollektion',
          shortDescription: 'Strick, Cord und warme Farben',
          description: `${FASHION_TEXT}Die Herbstkollektion ist da: Strick, Cord und Farben wie Rost und Senf. ${IN_STORE}`,
          picture: {
            headline: 'Neu',
            lines: ['die Herbst-', 'kollektion'],
            motif: 'sweater',
            colours: AUTUMN,
            sprinkle: 'leaves',
          },
          tags: ['mode', 'kollektion'],
          window: { from: [8, 15], until: [9, 30] },
        },
        winter: {
          title: 'Tipp: Wintermäntel',
          shortDescription: 'Wolle, Daunen und Loden',
          description: `${FASHION_TEXT}Die neuen Wintermäntel sind da: aus Wolle, mit Daune oder aus Loden. ${IN_STORE}`,
          picture: {
            headline: 'Neu',
            lines: ['die Winter-', 'mäntel'],
            motif: 'jacket',
            colours: WINTER,
            sprinkle: 'snow',
          },
          tags: ['mode', 'kollektion'],
          window: { from: [10, 15], until: [11, 30] },
        },
      },
    },
  ],
};

/** The brand names of the merchants that get demo campaigns. */
export const MERCHANTS_WITH_CAMPAIGNS = Object.keys(PLAN);

/** Statuses whose runtime lies ahead: a campaign waiting to run. */
const AHEAD: readonly CampaignStatus[] = [
  'created',
  'submitted',
  'start_review',
  'approved',
  'rejected',
];

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

/** Whether a status's runtime lies ahead of now (the campaign has not run yet). */
export const isAhead = (status: CampaignStatus): boolean => AHEAD.includes(status);

export interface DemoBusiness {
  /** The admins' name for the merchant: customer number, place, who looks after it. */
  internalName: string;
  description: string;
  telephone: string;
  email: string;
  website: string;
  /** Left out for a merchant whose missing contact is its demo error. */
  withContact: boolean;
  logo: MerchantLogo;
}

const business = (
  internalName: string,
  description: string,
  domain: string,
  telephone: string,
  logo: MerchantLogo,
  withContact = true,
): DemoBusiness => ({
  internalName,
  description,
  telephone,
  email: `info@${domain}`,
  website: `https://www.${domain}`,
  withContact,
  logo,
});

/** Every demo merchant's profile and logo, by the key of demo-data.ts. */
export const BUSINESSES: Record<string, DemoBusiness> = {
  sonnenschein: business(
    'KD-10427 · Köln-Ehrenfeld · Basic',
    'Familienbäckerei seit 1987: Holzofenbrot, Brezeln und Torten aus eigener Backstube.',
    'baeckerei-sonnenschein.example',
    '+49 221 5584120',
    {
      trade: 'Bäckerei',
      name: 'Sonnenschein',
      tagline: 'seit 1987',
      symbol: 'pretzel',
      colours: { from: '#f6bd60', to: '#e76f51', accent: '#8f4d1c' },
    },
  ),
  silberblick: business(
    'KD-10588 · Düsseldorf · Silber',
    'Café mit eigener Rösterei am Rhein: Kaffee, hausgemachte Kuchen und Frühstück bis 14 Uhr.',
    'cafe-silberblick.example',
    '+49 211 8802214',
    {
      trade: 'Café',
      name: 'Silberblick',
      tagline: 'Rösterei & Kuchen',
      symbol: 'cup',
      colours: { from: '#6c757d', to: '#343a40', accent: '#8a6a55' },
    },
  ),
  adler: business(
    'KD-10112 · Münster · Silber · Agentur',
    'Mode für Damen und Herren auf drei Etagen, mit Änderungsschneiderei und Stilberatung.',
    'modehaus-adler.example',
    '+49 251 4471030',
    {
      trade: 'Modehaus',
      name: 'Adler',
      tagline: 'Mode seit 1952',
      symbol: 'hanger',
      colours: { from: '#1d3557', to: '#457b9d', accent: '#1d3557' },
    },
  ),
  berger: business(
    'KD-10733 · Bochum · Basic · Agentur',
    'Sportartikel für Lauf, Fußball und Outdoor, mit Laufbandanalyse.',
    'sportwelt-berger.example',
    '+49 234 9120560',
    {
      trade: 'Sportwelt',
      name: 'Berger',
      tagline: 'Lauf · Ball · Outdoor',
      symbol: 'ball',
      colours: { from: '#2a9d8f', to: '#264653', accent: '#264653' },
    },
  ),
  keller: business(
    'KD-10051 · Essen · Gold',
    'Neu- und Gebrauchtwagen, Werkstatt und Reifenservice.',
    'autohaus-keller.example',
    '+49 201 7765400',
    {
      trade: 'Autohaus',
      name: 'Keller',
      tagline: 'Verkauf & Service',
      symbol: 'car',
      colours: { from: '#495057', to: '#212529', accent: '#c1121f' },
    },
  ),
  lindner: business(
    'KD-10904 · Bonn · Basic',
    'Blumen, Sträuße und Pflanzen, Hochzeits- und Trauerfloristik.',
    'blumen-lindner.example',
    '+49 228 6633812',
    {
      trade: 'Blumen',
      name: 'Lindner',
      tagline: 'Floristik mit Herz',
      symbol: 'tulip',
      colours: { from: '#f4a6b8', to: '#c9184a', accent: '#c9184a' },
    },
  ),
  huber: business(
    'KD-10275 · Dortmund · Basic · Ansprechpartner fehlt',
    'Getränkemarkt mit Lieferdienst: Wasser, Säfte, Bier und Wein aus der Region.',
    'getraenke-huber.example',
    '+49 231 4409877',
    {
      trade: 'Getränke',
      name: 'Huber',
      tagline: 'mit Lieferdienst',
      symbol: 'bottle',
      colours: { from: '#52b788', to: '#1b4332', accent: '#2d6a4f' },
    },
    false,
  ),
  wagner: business(
    'KD-10346 · Aachen · Silber',
    'Bücher, Kalender und Lesungen seit 1950.',
    'wagners-buecherstube.example',
    '+49 241 3318820',
    {
      trade: 'Bücherstube',
      name: 'Wagner',
      tagline: 'seit 1950',
      symbol: 'book',
      colours: { from: '#9c6644', to: '#582f0e', accent: '#7f4f24' },
    },
  ),
  schmid: business(
    'KD-10619 · Duisburg · Basic',
    'Elektroinstallation, Haushaltsgeräte und Reparaturen.',
    'elektro-schmid.example',
    '+49 203 5502961',
    {
      trade: 'Elektro',
      name: 'Schmid',
      tagline: 'Meisterbetrieb',
      symbol: 'bolt',
      colours: { from: '#f9a620', to: '#c44900', accent: '#1d3557' },
    },
  ),
  fischer: business(
    'KD-10880 · Krefeld · Basic',
    'Feinkost, Fisch und Antipasti, Präsentkörbe auf Bestellung.',
    'feinkost-fischer.example',
    '+49 2151 774410',
    {
      trade: 'Feinkost',
      name: 'Fischer',
      tagline: 'Fisch & Feines',
      symbol: 'fish',
      colours: { from: '#48cae4', to: '#023e8a', accent: '#0077b6' },
    },
  ),
  weber: business(
    'KD-10164 · Wuppertal · Silber',
    'Reisebüro für Pauschal-, Städte- und Kreuzfahrtreisen.',
    'weber-reisen.example',
    '+49 202 2589330',
    {
      trade: 'Reisen',
      name: 'Weber',
      tagline: 'Ihr Reisebüro',
      symbol: 'plane',
      colours: { from: '#00b4d8', to: '#0353a4', accent: '#0353a4' },
    },
  ),
  meyer: business(
    'KD-10497 · Mönchengladbach · Basic',
    'Brillen, Kontaktlinsen und Sehtest, Meisterbetrieb seit 1978.',
    'optik-meyer.example',
    '+49 2161 4478120',
    {
      trade: 'Optik',
      name: 'Meyer',
      tagline: 'Sehen seit 1978',
      symbol: 'glasses',
      colours: { from: '#adb5bd', to: '#495057', accent: '#343a40' },
    },
  ),
  schulz: business(
    'KD-10722 · Gelsenkirchen · Basic',
    'Spielwaren, Puzzles und Bastelbedarf für jedes Alter.',
    'spielwaren-schulz.example',
    '+49 209 3390412',
    {
      trade: 'Spielwaren',
      name: 'Schulz',
      tagline: 'Spiel & Spaß',
      symbol: 'blocks',
      colours: { from: '#ffd166', to: '#ef476f', accent: '#118ab2' },
    },
  ),
  koch: business(
    'KD-10958 · Leverkusen · Basic',
    'Kochkurse, Firmenkochen und Küchenzubehör.',
    'kochstudio-koch.example',
    '+49 214 8873350',
    {
      trade: 'Kochstudio',
      name: 'Koch',
      tagline: 'Kurse & Küche',
      symbol: 'toque',
      colours: { from: '#e9c46a', to: '#bc6c25', accent: '#bc6c25' },
    },
  ),
};
