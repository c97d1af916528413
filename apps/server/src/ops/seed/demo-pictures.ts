/**
 * The demo's pictures, drawn at seed time: campaign images that look like the
 * promotional pictures a merchant would upload (a product drawn from shapes,
 * the offer in large letters, the brand, colour gradients) and merchant
 * logos. Written as SVG and rendered to JPEG by sharp (librsvg), so that the
 * repository carries no image files and nothing is fetched. Text uses the
 * machine's sans-serif fonts; without any, the pictures keep their shapes.
 */
import { CAMPAIGN_IMAGE_FORMAT, MERCHANT_IMAGE_FORMAT } from '@backoffice/domain';
import { loadSharp } from '../../platform/files/images.js';
import { FONT, MOTIFS, type Motif } from './demo-motifs.js';

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Small shapes scattered over a campaign picture's background, by season. */
export type Sprinkle = 'dots' | 'snow' | 'leaves' | 'sun' | 'stars' | 'none';

export interface PictureColours {
  /** The background's gradient, from top left to bottom right. */
  from: string;
  to: string;
  /** The button and the product's own colour where it has none. */
  accent: string;
  /** Text: white on dark backgrounds, a dark colour on light ones. */
  ink: string;
}

export interface CampaignPicture {
  brand: string;
  /** The offer in large letters: "10 %", "3 für 2", "Gratis". */
  headline: string;
  /** One or two short lines under the headline. */
  lines: string[];
  /** The button's label. */
  badge: string;
  motif: Motif;
  colours: PictureColours;
  sprinkle?: Sprinkle;
}

/** A seeded sequence of numbers in [0, 1): the same picture every time. */
function sequence(text: string): () => number {
  let state = 0;
  for (const char of text) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sprinkles({
  kind,
  seed,
  width,
  height,
}: {
  kind: Sprinkle;
  /** The text the shapes' places follow: the same picture every time. */
  seed: string;
  width: number;
  height: number;
}): string {
  if (kind === 'none') return '';
  const random = sequence(seed);
  const shapes: string[] = [];
  for (let i = 0; i < 18; i += 1) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const size = 4 + random() * 8;
    const turn = Math.round(random() * 90);
    switch (kind) {
      case 'snow':
        shapes.push(
          `<g transform="translate(${x} ${y}) rotate(${turn})" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity=".5"><path d="M-${size} 0H${size}M0 -${size}V${size}M-${size * 0.7} -${size * 0.7}L${size * 0.7} ${size * 0.7}M-${size * 0.7} ${size * 0.7}L${size * 0.7} -${size * 0.7}"/></g>`,
        );
        break;
      case 'leaves':
        shapes.push(
          `<path transform="translate(${x} ${y}) rotate(${turn})" d="M0 -${size * 1.4}C${size} 0 ${size} 0 0 ${size * 1.4}C-${size} 0 -${size} 0 0 -${size * 1.4}Z" fill="#fff" opacity=".16"/>`,
        );
        break;
      case 'stars':
        shapes.push(
          `<path transform="translate(${x} ${y}) scale(${size / 10})" d="M0 -10L2.4 -3.2 9.5 -3.1 3.8 1.2 5.9 8.1 0 4 -5.9 8.1 -3.8 1.2 -9.5 -3.1 -2.4 -3.2Z" fill="#fff6bf" opacity=".45"/>`,
        );
        break;
      case 'sun':
        shapes.push(
          `<circle cx="${x}" cy="${y}" r="${(size / 2).toFixed(1)}" fill="#fff" opacity=".22"/>`,
        );
        break;
      default:
        shapes.push(
          `<circle cx="${x}" cy="${y}" r="${(size / 3).toFixed(1)}" fill="#fff" opacity=".14"/>`,
        );
    }
  }
  return shapes.join('');
}

/** The text column's width on a campaign picture: the product stands right of it. */
const TEXT_WIDTH = 292;

/**
 * How wide librsvg draws the text in the picture's font, in pixels at `size`:
 * rendered alone and trimmed, so that the fonts of the machine that seeds
 * decide, not an estimate of them (an estimate let long lines run into the
 * product). Undefined when no font draws it.
 */
async function drawnWidth(text: string, size: number, style: string): Promise<number | undefined> {
  const sharp = await loadSharp();
  const width = Math.ceil(size * text.length + 40);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${size * 2}"><text x="10" y="${size * 1.4}" font-family="${FONT}" font-size="${size}" ${style}>${escapeXml(text)}</text></svg>`;
  try {
    const { info } = await sharp(Buffer.from(svg))
      .trim({ background: '#00000000' })
      .toBuffer({ resolveWithObject: true });
    return info.width;
  } catch {
    // Nothing drawn: no font on this machine (the shapes still show).
    return undefined;
  }
}

/** The largest size up to `max` at which the widest of the texts, as drawn, fits the text column. */
async function fittingSize(texts: string[], max: number, style: string): Promise<number> {
  const widths = await Promise.all(texts.map((text) => drawnWidth(text, max, style)));
  const widest = Math.max(1, ...widths.map((width) => width ?? 0));
  return Math.max(12, Math.min(max, Math.floor((max * TEXT_WIDTH) / widest)));
}

const HEADLINE_STYLE = 'font-weight="800" letter-spacing="-1"';
const LINE_STYLE = 'font-weight="600"';

/** A campaign picture's text sizes: the headline's and its lines'. */
export interface PictureTextSizes {
  headline: number;
  lines: number;
}

/** The sizes at which a picture's headline and lines fit left of its product. */
export async function pictureTextSizes(picture: CampaignPicture): Promise<PictureTextSizes> {
  return {
    headline: await fittingSize([picture.headline], 84, HEADLINE_STYLE),
    lines: await fittingSize(picture.lines.slice(0, 2), 28, LINE_STYLE),
  };
}

/** The SVG of a campaign picture in the campaign format (620×413). */
export function campaignPictureSvg(picture: CampaignPicture, sizes: PictureTextSizes): string {
  const { width, height } = CAMPAIGN_IMAGE_FORMAT;
  const { from, to, accent, ink } = picture.colours;
  const size = sizes.headline;
  const lineSize = sizes.lines;
  const lines = picture.lines
    .slice(0, 2)
    .map(
      (line, index) =>
        `<text x="36" y="${198 + size * 0.25 + index * (lineSize + 8)}" font-size="${lineSize}" ${LINE_STYLE}>${escapeXml(line)}</text>`,
    )
    .join('');
  const badgeWidth = 44 + picture.badge.length * 10.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="background" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="light" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".6"/><stop offset=".7" stop-color="#fff" stop-opacity=".12"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#background)"/>
  ${sprinkles({ kind: picture.sprinkle ?? 'dots', seed: picture.headline + picture.brand, width, height })}
  <circle cx="${width - 40}" cy="30" r="130" fill="${accent}" opacity=".2"/>
  <circle cx="20" cy="${height + 10}" r="110" fill="#fff" opacity=".08"/>
  <circle cx="470" cy="214" r="180" fill="url(#light)"/>
  <g transform="translate(472 206) scale(1.34) translate(-100 -100)">${MOTIFS[picture.motif](accent)}</g>
  <g font-family="${FONT}" fill="${ink}">
    <text x="38" y="64" font-size="17" font-weight="700" letter-spacing="3" opacity=".85">${escapeXml(picture.brand.toUpperCase())}</text>
    <rect x="38" y="78" width="44" height="4" rx="2" fill="${accent}"/>
    <text x="32" y="${150 + size * 0.3}" font-size="${size}" ${HEADLINE_STYLE}>${escapeXml(picture.headline)}</text>
    ${lines}
  </g>
  <rect x="38" y="318" width="${badgeWidth}" height="46" rx="23" fill="${accent}"/>
  <text x="${38 + badgeWidth / 2}" y="348" font-family="${FONT}" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(picture.badge)}</text>
</svg>`;
}

export interface MerchantLogo {
  /** The trade, small and spaced above the name: "BÄCKEREI". */
  trade: string;
  /** The name, large: "Sonnenschein". */
  name: string;
  /** A line under the name: "seit 1987". */
  tagline: string;
  symbol: Motif;
  colours: { from: string; to: string; accent: string };
}

/** The SVG of a merchant logo in the merchant format (400×400). */
export function merchantLogoSvg(logo: MerchantLogo): string {
  const { width, height } = MERCHANT_IMAGE_FORMAT;
  const { from, to, accent } = logo.colours;
  const nameSize = Math.min(44, Math.floor(340 / Math.max(1, logo.name.length * 0.62)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="background" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#background)"/>
  <circle cx="200" cy="148" r="104" fill="#fff"/>
  <circle cx="200" cy="148" r="94" fill="none" stroke="${accent}" stroke-width="3" opacity=".35"/>
  <g transform="translate(200 148) scale(0.78) translate(-100 -100)">${MOTIFS[logo.symbol](accent)}</g>
  <g font-family="${FONT}" fill="#fff" text-anchor="middle">
    <text x="200" y="290" font-size="17" font-weight="700" letter-spacing="5" opacity=".9">${escapeXml(logo.trade.toUpperCase())}</text>
    <text x="200" y="${296 + nameSize}" font-size="${nameSize}" font-weight="800">${escapeXml(logo.name)}</text>
    <text x="200" y="378" font-size="16" font-style="italic" opacity=".85">${escapeXml(logo.tagline)}</text>
  </g>
</svg>`;
}

/** Renders an SVG to a JPEG, as an upload would be stored. */
export async function renderJpeg(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 84 })
    .toBuffer();
}
