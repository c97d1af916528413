/**
 * The theme's colours reach WCAG 2.1 AA contrast (4.5:1 for normal text)
 * in every place Mantine puts them in the light scheme; the browser test
 * `e2e/accessibility.spec.ts` checks the rendered screens with axe.
 */
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const shade =
  typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
const WHITE = merged.white;
const BLACK = merged.black;
const gray = merged.colors.gray;

/** Relative luminance of a #rgb or #rrggbb colour (WCAG 2.1). */
function luminance(color: string): number {
  const hex = color.length === 4 ? color.replace(/\w/g, (digit) => digit + digit) : color;
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The text colour Mantine's auto contrast puts on a filled background. */
const textOn = (background: string) =>
  luminance(background) > merged.luminanceThreshold ? BLACK : WHITE;

/** A light-scheme CSS variable of the resolver as a colour of the palette. */
function resolved(name: string): string {
  const value = (cssVariablesResolver(merged).light as Record<string, string>)[name] ?? '';
  const match = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value);
  expect(match, `${name} names a palette shade`).not.toBeNull();
  return merged.colors[match?.[1] ?? '']?.[Number(match?.[2])] ?? '';
}

/** The colours the screens use (`color=` and `c=` props, alerts, badges, notifications). */
const USED = ['blue', 'red', 'green', 'teal', 'orange', 'yellow', 'grape', 'gray'] as const;
const AA = 4.5;

describe('theme contrast', () => {
  it.each(USED)('filled %s carries its text at 4.5:1', (color) => {
    const fill = merged.colors[color][shade];
    expect(contrast(fill, textOn(fill))).toBeGreaterThanOrEqual(AA);
  });

  it('the primary colour carries white text', () => {
    expect(textOn(merged.colors[merged.primaryColor]?.[shade] ?? '')).toBe(WHITE);
  });

  // Yellow is a fill only (the phase badge, with black text); its text is shade 9.
  it.each(USED.filter((color) => color !== 'yellow'))(
    '%s text and links reach 4.5:1 on white and on striped rows',
    (color) => {
      const text = merged.colors[color][shade];
      expect(contrast(text, WHITE)).toBeGreaterThanOrEqual(AA);
      expect(contrast(text, gray[0])).toBeGreaterThanOrEqual(AA);
    },
  );

  it.each(USED)('the light variant of %s: shade 9 on its tint reaches 4.5:1', (color) => {
    const palette = merged.colors[color];
    expect(contrast(palette[9], palette[1])).toBeGreaterThanOrEqual(AA);
    expect(contrast(palette[9], palette[0])).toBeGreaterThanOrEqual(AA);
  });

  it('dimmed text and error messages reach 4.5:1 on white and light greys', () => {
    for (const name of ['--mantine-color-dimmed', '--mantine-color-error']) {
      const text = resolved(name);
      for (const background of [WHITE, gray[0], gray[1]]) {
        expect(contrast(text, background), `${name} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });
});
