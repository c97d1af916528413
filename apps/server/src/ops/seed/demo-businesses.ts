/** The demo merchants' profiles and logos: what each business is, and how it is reached. */
import type { MerchantLogo } from './demo-pictures.js';

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

const business = ({
  domain,
  withContact = true,
  ...profile
}: Omit<DemoBusiness, 'email' | 'website' | 'withContact'> & {
  /** The business's web domain: its address and website. */
  domain: string;
  withContact?: boolean;
}): DemoBusiness => ({
  ...profile,
  email: `info@${domain}`,
  website: `https://www.${domain}`,
  withContact,
});

/** Every demo merchant's profile and logo, by the key of demo-data.ts. */
export const BUSINESSES: Record<string, DemoBusiness> = {
  sonnenschein: business({
    internalName: 'KD-10427 · Köln-Ehrenfeld · Basic',
    description:
      'Familienbäckerei seit 1987: Holzofenbrot, Brezeln und Torten aus eigener Backstube.',
    domain: 'baeckerei-sonnenschein.example',
    telephone: '+49 221 5584120',
    logo: {
      trade: 'Bäckerei',
      name: 'Sonnenschein',
      tagline: 'seit 1987',
      symbol: 'pretzel',
      colours: { from: '#f6bd60', to: '#e76f51', accent: '#8f4d1c' },
    },
  }),
  silberblick: business({
    internalName: 'KD-10588 · Düsseldorf · Silber',
    description:
      'Café mit eigener Rösterei am Rhein: Kaffee, hausgemachte Kuchen und Frühstück bis 14 Uhr.',
    domain: 'cafe-silberblick.example',
    telephone: '+49 211 8802214',
    logo: {
      trade: 'Café',
      name: 'Silberblick',
      tagline: 'Rösterei & Kuchen',
      symbol: 'cup',
      colours: { from: '#6c757d', to: '#343a40', accent: '#8a6a55' },
    },
  }),
  adler: business({
    internalName: 'KD-10112 · Münster · Silber · Agentur',
    description:
      'Mode für Damen und Herren auf drei Etagen, mit Änderungsschneiderei und Stilberatung.',
    domain: 'modehaus-adler.example',
    telephone: '+49 251 4471030',
    logo: {
      trade: 'Modehaus',
      name: 'Adler',
      tagline: 'Mode seit 1952',
      symbol: 'hanger',
      colours: { from: '#1d3557', to: '#457b9d', accent: '#1d3557' },
    },
  }),
  berger: business({
    internalName: 'KD-10733 · Bochum · Basic · Agentur',
    description: 'Sportartikel für Lauf, Fußball und Outdoor, mit Laufbandanalyse.',
    domain: 'sportwelt-berger.example',
    telephone: '+49 234 9120560',
    logo: {
      trade: 'Sportwelt',
      name: 'Berger',
      tagline: 'Lauf · Ball · Outdoor',
      symbol: 'ball',
      colours: { from: '#2a9d8f', to: '#264653', accent: '#264653' },
    },
  }),
  keller: business({
    internalName: 'KD-10051 · Essen · Gold',
    description: 'Neu- und Gebrauchtwagen, Werkstatt und Reifenservice.',
    domain: 'autohaus-keller.example',
    telephone: '+49 201 7765400',
    logo: {
      trade: 'Autohaus',
      name: 'Keller',
      tagline: 'Verkauf & Service',
      symbol: 'car',
      colours: { from: '#495057', to: '#212529', accent: '#c1121f' },
    },
  }),
  lindner: business({
    internalName: 'KD-10904 · Bonn · Basic',
    description: 'Blumen, Sträuße und Pflanzen, Hochzeits- und Trauerfloristik.',
    domain: 'blumen-lindner.example',
    telephone: '+49 228 6633812',
    logo: {
      trade: 'Blumen',
      name: 'Lindner',
      tagline: 'Floristik mit Herz',
      symbol: 'tulip',
      colours: { from: '#f4a6b8', to: '#c9184a', accent: '#c9184a' },
    },
  }),
  huber: business({
    internalName: 'KD-10275 · Dortmund · Basic · Ansprechpartner fehlt',
    description: 'Getränkemarkt mit Lieferdienst: Wasser, Säfte, Bier und Wein aus der Region.',
    domain: 'getraenke-huber.example',
    telephone: '+49 231 4409877',
    logo: {
      trade: 'Getränke',
      name: 'Huber',
      tagline: 'mit Lieferdienst',
      symbol: 'bottle',
      colours: { from: '#52b788', to: '#1b4332', accent: '#2d6a4f' },
    },
    withContact: false,
  }),
  wagner: business({
    internalName: 'KD-10346 · Aachen · Silber',
    description: 'Bücher, Kalender und Lesungen seit 1950.',
    domain: 'wagners-buecherstube.example',
    telephone: '+49 241 3318820',
    logo: {
      trade: 'Bücherstube',
      name: 'Wagner',
      tagline: 'seit 1950',
      symbol: 'book',
      colours: { from: '#9c6644', to: '#582f0e', accent: '#7f4f24' },
    },
  }),
  schmid: business({
    internalName: 'KD-10619 · Duisburg · Basic',
    description: 'Elektroinstallation, Haushaltsgeräte und Reparaturen.',
    domain: 'elektro-schmid.example',
    telephone: '+49 203 5502961',
    logo: {
      trade: 'Elektro',
      name: 'Schmid',
      tagline: 'Meisterbetrieb',
      symbol: 'bolt',
      colours: { from: '#f9a620', to: '#c44900', accent: '#1d3557' },
    },
  }),
  fischer: business({
    internalName: 'KD-10880 · Krefeld · Basic',
    description: 'Feinkost, Fisch und Antipasti, Präsentkörbe auf Bestellung.',
    domain: 'feinkost-fischer.example',
    telephone: '+49 2151 774410',
    logo: {
      trade: 'Feinkost',
      name: 'Fischer',
      tagline: 'Fisch & Feines',
      symbol: 'fish',
      colours: { from: '#48cae4', to: '#023e8a', accent: '#0077b6' },
    },
  }),
  weber: business({
    internalName: 'KD-10164 · Wuppertal · Silber',
    description: 'Reisebüro für Pauschal-, Städte- und Kreuzfahrtreisen.',
    domain: 'weber-reisen.example',
    telephone: '+49 202 2589330',
    logo: {
      trade: 'Reisen',
      name: 'Weber',
      tagline: 'Ihr Reisebüro',
      symbol: 'plane',
      colours: { from: '#00b4d8', to: '#0353a4', accent: '#0353a4' },
    },
  }),
  meyer: business({
    internalName: 'KD-10497 · Mönchengladbach · Basic',
    description: 'Brillen, Kontaktlinsen und Sehtest, Meisterbetrieb seit 1978.',
    domain: 'optik-meyer.example',
    telephone: '+49 2161 4478120',
    logo: {
      trade: 'Optik',
      name: 'Meyer',
      tagline: 'Sehen seit 1978',
      symbol: 'glasses',
      colours: { from: '#adb5bd', to: '#495057', accent: '#343a40' },
    },
  }),
  schulz: business({
    internalName: 'KD-10722 · Gelsenkirchen · Basic',
    description: 'Spielwaren, Puzzles und Bastelbedarf für jedes Alter.',
    domain: 'spielwaren-schulz.example',
    telephone: '+49 209 3390412',
    logo: {
      trade: 'Spielwaren',
      name: 'Schulz',
      tagline: 'Spiel & Spaß',
      symbol: 'blocks',
      colours: { from: '#ffd166', to: '#ef476f', accent: '#118ab2' },
    },
  }),
  koch: business({
    internalName: 'KD-10958 · Leverkusen · Basic',
    description: 'Kochkurse, Firmenkochen und Küchenzubehör.',
    domain: 'kochstudio-koch.example',
    telephone: '+49 214 8873350',
    logo: {
      trade: 'Kochstudio',
      name: 'Koch',
      tagline: 'Kurse & Küche',
      symbol: 'toque',
      colours: { from: '#e9c46a', to: '#bc6c25', accent: '#bc6c25' },
    },
  }),
};
