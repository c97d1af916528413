/**
 * A description converted when its format is switched, keeping its
 * formatting both ways: WYSIWYG HTML becomes markdown with
 * turndown (bold, emphasis, strike-through, headings, lists, quotes, links;
 * an underline stays as inline HTML, which markdown allows), and markdown
 * becomes sanitised HTML (render-description.ts). turndown is loaded on the
 * first switch to markdown only, so that it stays out of the first-load
 * shell and of the wizard's own chunk.
 */
import type { TCampaignContent } from '@backoffice/domain';
import type TurndownService from 'turndown';
import { withChunkTimeout } from '../../../../shared/chunk-load';
import { markdownToHtml } from './render-description';

type Format = TCampaignContent['description_format'];

let service: Promise<TurndownService> | undefined;

function turndown(): Promise<TurndownService> {
  service ??= withChunkTimeout(() => import('turndown'))().then(({ default: Turndown }) => {
    const converter = new Turndown({
      headingStyle: 'atx',
      bulletListMarker: '-',
      codeBlockStyle: 'fenced',
      emDelimiter: '_',
      strongDelimiter: '**',
    });
    converter.addRule('strikethrough', {
      filter: ['s', 'del'],
      replacement: (content) => `~~${content}~~`,
    });
    // "- Kaffee" and "1. Anmelden" as people type them (turndown pads the marker to four
    // characters); a nested line is indented to the item's text.
    converter.addRule('listItem', {
      filter: 'li',
      replacement: (content, node) => {
        // By node names, not classes: turndown parses the HTML in a document of its own.
        const parent = node.parentElement;
        const index = parent ? [...parent.children].indexOf(node) : 0;
        const start =
          parent?.nodeName === 'OL' ? Number(parent.getAttribute('start') ?? '1') || 1 : undefined;
        const prefix = start === undefined ? '- ' : `${start + index}. `;
        const text = content
          .replace(/^\n+/, '')
          .replace(/\n+$/, '\n')
          .replace(/\n(?=.)/g, `\n${' '.repeat(prefix.length)}`);
        return prefix + text + (node.nextSibling && !text.endsWith('\n') ? '\n' : '');
      },
    });
    converter.keep(['u']);
    return converter;
  });
  // A failed load is tried again on the next switch.
  service.catch(() => (service = undefined));
  return service;
}

/** WYSIWYG HTML as markdown. */
export async function htmlToMarkdown(html: string): Promise<string> {
  if (html.trim() === '') return '';
  return (await turndown()).turndown(html);
}

/** A description of one format in the other (unchanged when it is in `to` already). */
export async function convertDescription(text: string, from: Format, to: Format): Promise<string> {
  if (from === to || text === '') return text;
  return to === 'markdown' ? htmlToMarkdown(text) : markdownToHtml(text);
}
