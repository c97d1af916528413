// @vitest-environment jsdom
/** Inline images in rendered descriptions (docs/product.md#validation): at most 600 px wide, never stretched. */
import { describe, expect, it } from 'vitest';
import { renderDescription } from './render-description';

const images = (html: string) =>
  [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('img')].map((image) =>
    image.getAttribute('width'),
  );

describe('renderDescription', () => {
  it('holds wide images to 600 pixels and leaves the width of others as given or unset', () => {
    const html = renderDescription(
      '<p><img src="https://example.com/a.png" width="1200"><img src="https://example.com/b.png" width="120"><img src="https://example.com/c.png"></p>',
      'wysiwyg',
    );
    expect(images(html)).toEqual(['600', '120', null]);
  });

  it('renders markdown images without a width, held by CSS alone', () => {
    expect(images(renderDescription('![Logo](https://example.com/logo.png)', 'markdown'))).toEqual([
      null,
    ]);
  });
});
