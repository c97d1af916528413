/**
 * Makes campaign texts safe before they are stored (sanitize-html):
 * WYSIWYG descriptions keep a small set of formatting tags and safe links
 * and images; every other text (titles, short descriptions, rules, tags,
 * markdown) keeps no HTML at all. Markdown is sanitised again when rendered.
 * What sanitising returns is checked against the save schema's limits again:
 * sanitising may lengthen a text (attributes added to links, `&` escaped).
 */
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';
import {
  ZCampaignContentPatch,
  inlineImageWidth,
  type TCampaignContentPatch,
  type DescriptionFormat,
  type TLocalised,
} from '@backoffice/domain';
import { invalidValues } from '../../platform/errors.js';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    img: (tagName, { width: given, ...attribs }) => {
      const width = inlineImageWidth(given);
      return { tagName, attribs: width === undefined ? attribs : { ...attribs, width } };
    },
  },
};

/** No markup at all. */
const PLAIN_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  parser: { decodeEntities: false },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT);

/**
 * Text without any markup, stored as text (not HTML-escaped): tags are removed,
 * entities decoded, and that repeated until nothing changes, so that decoding
 * can never bring a tag back (e.g. `<<b>b>`).
 */
export function sanitizePlainText(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round += 1) {
    const next = decodeHTML(sanitizeHtml(current, PLAIN_TEXT));
    if (next === current) return next;
    current = next;
  }
  return sanitizeHtml(current, { allowedTags: [], allowedAttributes: {} });
}

const mapLocalised = (texts: TLocalised, clean: (text: string) => string): TLocalised =>
  Object.fromEntries(Object.entries(texts).map(([locale, text]) => [locale, clean(text)]));

/**
 * The patch with every text made safe. The description follows its format:
 * the patch's own, or the stored one when the patch does not change it. A
 * text that sanitising takes past its limit is refused (400 invalid_value
 * with the field), so nothing longer than the limit is ever stored.
 */
export function sanitizeContentPatch(
  patch: TCampaignContentPatch,
  storedFormat: DescriptionFormat,
): TCampaignContentPatch {
  const safe = sanitizeTexts(patch, storedFormat);
  const checked = ZCampaignContentPatch.safeParse(safe);
  if (!checked.success) {
    throw invalidValues(
      checked.error.issues.map(({ path }) => path.map(String).join('.')),
      'description',
    );
  }
  return safe;
}

function sanitizeTexts(
  patch: TCampaignContentPatch,
  storedFormat: DescriptionFormat,
): TCampaignContentPatch {
  const format = patch.description_format ?? storedFormat;
  return {
    ...patch,
    ...(patch.title ? { title: mapLocalised(patch.title, sanitizePlainText) } : {}),
    ...(patch.short_description
      ? { short_description: mapLocalised(patch.short_description, sanitizePlainText) }
      : {}),
    ...(patch.description
      ? {
          description: mapLocalised(
            patch.description,
            format === 'wysiwyg' ? sanitizeRichText : sanitizePlainText,
          ),
        }
      : {}),
    ...(patch.rules ? { rules: patch.rules.map(sanitizePlainText) } : {}),
    ...(patch.tags ? { tags: patch.tags.map(sanitizePlainText) } : {}),
    ...(patch.thank_you_text !== undefined
      ? { thank_you_text: sanitizePlainText(patch.thank_you_text) }
      : {}),
  };
}
