/**
 * A description as safe HTML for display: markdown is rendered first, then
 * every description is sanitised with DOMPurify (the server sanitises WYSIWYG
 * HTML before storing it, but markdown is stored as typed). Inline images are
 * kept at most INLINE_IMAGE_MAX_WIDTH wide (docs/product.md#validation) by their width attribute
 * here and by CSS where they are shown.
 */
import { inlineImageWidth, type TCampaignContent } from '@backoffice/domain';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

function sanitise(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'IMG') {
        const width = inlineImageWidth(node.getAttribute('width'));
        if (width === undefined) node.removeAttribute('width');
        else node.setAttribute('width', width);
        node.removeAttribute('height');
      }
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

export function markdownToHtml(markdown: string): string {
  return sanitise(marked.parse(markdown, { async: false, gfm: true, breaks: true }));
}

/** The description in either format as sanitised HTML. */
export function renderDescription(
  text: string,
  format: TCampaignContent['description_format'],
): string {
  return format === 'markdown' ? markdownToHtml(text) : sanitise(text);
}
