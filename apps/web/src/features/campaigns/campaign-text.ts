/**
 * Small pure helpers of the campaign screens: the types a user may create,
 * and plain text out of a description.
 */
import {
  CAMPAIGN_TYPES,
  canUseCampaignType,
  type Actor,
  type CampaignType,
} from '@backoffice/domain';

/** The campaign types a user may create (tips only for admins and agencies, spec §6). */
export function creatableTypes(actor: Actor): CampaignType[] {
  return CAMPAIGN_TYPES.filter((type) => canUseCampaignType(actor, type));
}

const BLOCK_ELEMENTS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TR']);

/**
 * A WYSIWYG description as plain text with line breaks. The HTML is parsed
 * into an inert document (no scripts run, nothing loads) and only its text is
 * used, so nothing of it reaches the page as markup.
 */
export function htmlToPlainText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const br of Array.from(doc.body.querySelectorAll('br'))) br.replaceWith('\n');
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    if (BLOCK_ELEMENTS.has(element.tagName)) element.append('\n');
  }
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
