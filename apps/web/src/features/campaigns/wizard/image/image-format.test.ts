/**
 * The image step's format check by content and its crop geometry, in the
 * domain's campaign format, which no other source or text of the web app
 * states by itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CAMPAIGN_IMAGE_FORMAT, imageFormatOf } from '@backoffice/domain';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_IMAGE_RATIO, initialCrop, moveCrop, resizeCrop, roundCrop } from './image-format';

describe('image format by content', () => {
  it('knows JPEG, PNG and GIF by their first bytes', () => {
    expect(imageFormatOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageFormatOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'png',
    );
    expect(imageFormatOf(new TextEncoder().encode('GIF89a'))).toBe('gif');
  });

  it('refuses anything else, whatever its name', () => {
    expect(imageFormatOf(new TextEncoder().encode('MZ\x90\x00'))).toBeUndefined();
    expect(imageFormatOf(new TextEncoder().encode('<svg xmlns'))).toBeUndefined();
    expect(imageFormatOf(new Uint8Array([]))).toBeUndefined();
  });
});

describe('crop', () => {
  it('starts with the largest centred rectangle of 620:413', () => {
    const wide = initialCrop(2000, 413);
    expect(wide.height).toBeCloseTo(413);
    expect(wide.width / wide.height).toBeCloseTo(CAMPAIGN_IMAGE_RATIO);
    expect(wide.x).toBeCloseTo((2000 - 620) / 2);
    const tall = initialCrop(620, 2000);
    expect(tall).toMatchObject({ x: 0, width: 620 });
    expect(tall.height).toBeCloseTo(413);
  });

  it('stays inside the image when moved or resized', () => {
    const crop = initialCrop(1240, 1000);
    expect(moveCrop(crop, -5000, 5000, 1240, 1000)).toMatchObject({ x: 0, y: 1000 - crop.height });
    const small = resizeCrop(crop, 0.5, 1240, 1000);
    expect(small.width).toBeCloseTo(620);
    expect(small.width / small.height).toBeCloseTo(CAMPAIGN_IMAGE_RATIO);
    expect(roundCrop({ x: 10.4, y: 0.6, width: 1300, height: 413.2 }, 1240, 1000)).toEqual({
      x: 10,
      y: 1,
      width: 1230,
      height: 413,
    });
  });
});

describe('the campaign format', () => {
  const SRC = path.resolve(import.meta.dirname, '../../../..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(file);
      // Not declaration files either (the API's types are the server's document, in packages/client).
      return /\.(tsx?|json)$/.test(entry.name) && !/\.(test\.tsx?|d\.ts)$/.test(entry.name)
        ? [file]
        : [];
    });

  it("is the domain's: crops keep its proportions", () => {
    expect(CAMPAIGN_IMAGE_RATIO).toBe(CAMPAIGN_IMAGE_FORMAT.width / CAMPAIGN_IMAGE_FORMAT.height);
  });

  it('is named by no source or text of the web app itself', () => {
    // By its width: its height, 413, is an HTTP status too.
    const named = new RegExp(`\\b${CAMPAIGN_IMAGE_FORMAT.width}\\b`);
    const found = files(SRC);
    expect(found.length).toBeGreaterThan(50);
    const offenders = found
      .filter((file) => named.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
