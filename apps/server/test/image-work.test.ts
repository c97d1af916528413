/**
 * Image decoding runs a few images at a time (IMAGE_CONCURRENCY): a burst of
 * uploads waits in line, each is still processed, and none is refused.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ImageWorkBusyError,
  RESIZE_WAITING_MAX,
  imageWorkload,
  processImage,
  resizeStoredImage,
  resizeWorkload,
  setImageConcurrency,
} from '../src/files/images.js';

async function noisyPng(size: number): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

describe('image work', () => {
  it('decodes at most the configured number of images at once; the rest wait and succeed', async () => {
    const input = await noisyPng(1200);
    setImageConcurrency(2);
    try {
      const burst = Array.from({ length: 6 }, () =>
        processImage(input, { width: 620, height: 413, maxPixels: 40_000_000 }),
      );
      // Two are decoded, four wait in line.
      await new Promise((resolve) => setImmediate(resolve));
      expect(imageWorkload()).toEqual({ active: 2, waiting: 4 });
      const results = await Promise.all(burst);
      expect(results.map((result) => [result.width, result.height, result.extension])).toEqual(
        Array.from({ length: 6 }, () => [620, 413, 'png']),
      );
      expect(imageWorkload()).toEqual({ active: 0, waiting: 0 });
    } finally {
      setImageConcurrency(2);
    }
  });

  it('lets a refused image free its place for the next one', async () => {
    setImageConcurrency(1);
    try {
      const broken = processImage(Buffer.from('not an image'), {
        width: 10,
        height: 10,
        maxPixels: 1_000_000,
      });
      // Listened to at once: it is refused while the next image is made.
      const refused = expect(broken).rejects.toThrow('invalid_image_format');
      const fine = processImage(await noisyPng(50), {
        width: 10,
        height: 10,
        maxPixels: 1_000_000,
      });
      await refused;
      expect((await fine).width).toBe(10);
    } finally {
      setImageConcurrency(2);
    }
  });

  it('resizes stored images in a line of their own, and refuses more than it holds', async () => {
    const stored = await sharp(await noisyPng(400))
      .jpeg()
      .toBuffer();
    const sizes = Array.from({ length: RESIZE_WAITING_MAX + 3 }, (_, i) => ({
      width: 1000 + i,
      height: 1000 + i,
    }));
    const resizes = sizes.map((size) =>
      resizeStoredImage(stored, 'jpg', size).then(
        () => 'made',
        (error: unknown) => (error instanceof ImageWorkBusyError ? 'busy' : 'failed'),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(resizeWorkload()).toEqual({ active: 1, waiting: RESIZE_WAITING_MAX });
    // An upload meanwhile does not wait behind them.
    expect(imageWorkload()).toEqual({ active: 0, waiting: 0 });
    const upload = await processImage(await noisyPng(300), {
      width: 100,
      height: 100,
      maxPixels: 1_000_000,
    });
    expect(upload.width).toBe(100);
    expect(resizeWorkload().waiting).toBeGreaterThan(0);
    const outcomes = await Promise.all(resizes);
    expect(outcomes.filter((outcome) => outcome === 'made')).toHaveLength(RESIZE_WAITING_MAX + 1);
    expect(outcomes.filter((outcome) => outcome === 'busy')).toHaveLength(2);
  });
});
