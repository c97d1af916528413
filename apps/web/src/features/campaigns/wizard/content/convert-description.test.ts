// @vitest-environment jsdom
/** Switching the description's format keeps its formatting, both ways. */
import { describe, expect, it } from 'vitest';
import { convertDescription } from './convert-description';

const HTML =
  '<h2>Herbstfest</h2><p>Mit <strong>frischem Kuchen</strong> und <em>Musik</em>, ' +
  '<s>kein</s> <u>Eintritt</u>.</p><ul><li><p>Kaffee</p></li><li><p>Tee</p></li></ul>' +
  '<ol><li><p>Anmelden</p></li></ol><p><a href="https://example.com">Mehr</a></p>';

describe('converting a description', () => {
  it('turns WYSIWYG HTML into markdown with its bold, lists, headings and links', async () => {
    const markdown = await convertDescription(HTML, 'wysiwyg', 'markdown');
    expect(markdown).toContain('## Herbstfest');
    expect(markdown).toContain('**frischem Kuchen**');
    expect(markdown).toContain('_Musik_');
    expect(markdown).toContain('~~kein~~');
    expect(markdown).toContain('<u>Eintritt</u>');
    expect(markdown).toMatch(/^- Kaffee$/m);
    expect(markdown).toMatch(/^- Tee$/m);
    expect(markdown).toMatch(/^1\. Anmelden$/m);
    expect(markdown).toContain('[Mehr](https://example.com)');
  });

  it('turns it back into HTML with the same formatting', async () => {
    const markdown = await convertDescription(HTML, 'wysiwyg', 'markdown');
    const html = await convertDescription(markdown, 'markdown', 'wysiwyg');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('h2')?.textContent).toBe('Herbstfest');
    expect(doc.querySelector('strong')?.textContent).toBe('frischem Kuchen');
    expect(doc.querySelector('em')?.textContent).toBe('Musik');
    expect(doc.querySelector('u')?.textContent).toBe('Eintritt');
    expect([...doc.querySelectorAll('ul li')].map((li) => li.textContent.trim())).toEqual([
      'Kaffee',
      'Tee',
    ]);
    expect(doc.querySelector('ol li')?.textContent.trim()).toBe('Anmelden');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
  });

  it('keeps a nested list nested, indented to its item’s text', async () => {
    const markdown = await convertDescription(
      '<ol start="3"><li><p>Kuchen</p><ul><li><p>Apfel</p></li></ul></li><li><p>Tee</p></li></ol>',
      'wysiwyg',
      'markdown',
    );
    expect(markdown.split('\n').filter((line) => line !== '')).toEqual([
      '3. Kuchen',
      '   - Apfel',
      '4. Tee',
    ]);
    const html = await convertDescription(markdown, 'markdown', 'wysiwyg');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('ol > li ul > li')?.textContent.trim()).toBe('Apfel');
  });

  it('leaves empty text and an unchanged format alone', async () => {
    expect(await convertDescription('', 'wysiwyg', 'markdown')).toBe('');
    expect(await convertDescription('**fett**', 'markdown', 'markdown')).toBe('**fett**');
  });
});
