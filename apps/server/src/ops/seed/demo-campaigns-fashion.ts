/** The demo campaigns of Modehaus Adler, a fashion house. */
import {
  SPRING,
  SUMMER,
  AUTUMN,
  WINTER,
  ADVENT,
  NAVY,
  ROSE,
  DENIM,
  IN_APP,
  DRAW,
  sweepstakePrizes,
  type CampaignSlot,
} from './demo-themes.js';

const FASHION_TEXT =
  'Modehaus Adler führt Marken für Damen und Herren auf drei Etagen, mit Änderungsschneiderei im Haus. ';
const IN_STORE =
  'Sie finden uns in der Innenstadt, montags bis samstags von 10 bis 19 Uhr; unsere Beraterinnen helfen bei Größen und Farben.';

export const FASHION_CAMPAIGNS: CampaignSlot[] = [
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
        ['Einkaufsgutschein über 50 €', 5_000],
        ['Gutschein über 20 €', 2_000],
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
];
