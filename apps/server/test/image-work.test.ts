/**
 * Image decoding runs a few images at a time (IMAGE_CONCURRENCY): a burst of
 * uploads waits in line, each is still processed, and none is refused. An
 * upload's body is read only once the receiving line (four per image decoded)
 * has room for it: uploads waiting before it hold no buffer.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ImageWorkBusyError,
  RESIZE_WAITING_MAX,
  imageWorkload,
  processImage,
  processUpload,
  resizeStoredImage,
  resizeWorkload,
  setImageConcurrency,
  uploadWorkload,
} from '../src/platform/files/images.js';

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

  it('reads an upload’s body only when the receiving line has room for it', async () => {
    const input = await noisyPng(300);
    setImageConcurrency(1);
    try {
      // Bodies that arrive when the test says so; `read` is called when an upload may read its body.
      const arrivals: (() => void)[] = [];
      let reading = 0;
      const read = () => {
        reading += 1;
        return new Promise<Buffer>((resolve) => arrivals.push(() => resolve(input)));
      };
      const format = { width: 100, height: 100, maxPixels: 1_000_000 };
      const burst = Array.from({ length: 7 }, () => processUpload(read, format));
      await new Promise((resolve) => setImmediate(resolve));
      // Four bodies are being received (four per image decoded); three wait without reading.
      expect(reading).toBe(4);
      expect(uploadWorkload()).toEqual({ active: 4, waiting: 3 });
      expect(imageWorkload()).toEqual({ active: 0, waiting: 0 });
      // The bodies arrive: one image is decoded at a time, and the others read theirs as room is made.
      while (arrivals.length > 0 || reading < 7) {
        arrivals.shift()?.();
        await new Promise((resolve) => setImmediate(resolve));
        expect(imageWorkload().active).toBeLessThanOrEqual(1);
        expect(uploadWorkload().active).toBeLessThanOrEqual(4);
      }
      const results = await Promise.all(burst);
      expect(results.map((result) => result.width)).toEqual(Array.from({ length: 7 }, () => 100));
      expect(uploadWorkload()).toEqual({ active: 0, waiting: 0 });
    } finally {
      setImageConcurrency(2);
    }
  });

  it('crops a large photo as cutting it first would, stored upright or on its side', async () => {
    // 4000 × 3000: a gradient, black at the left, white at the right, so that a shift shows.
    const width = 4000;
    const height = 3000;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(((i / 3) % width) / 16);
    const upright = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    // The same picture stored on its side, with the EXIF orientation that turns it upright.
    const sideways = await sharp(upright)
      .rotate(270)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const crop = { left: 1000, top: 500, width: 2100, height: 1400 };
    const format = { width: 620, height: 413, maxPixels: 40_000_000, crop };
    const expected = await sharp(upright)
      .extract(crop)
      .resize(620, 413, { fit: 'cover', position: 'centre' })
      .raw()
      .toBuffer();
    for (const photo of [upright, sideways]) {
      const made = await processImage(photo, format);
      const { data, info } = await sharp(made.data).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([620, 413]);
      let difference = 0;
      for (let i = 0; i < data.length; i += 1)
        difference += Math.abs((data[i] ?? 0) - (expected[i] ?? 0));
      expect(difference / data.length).toBeLessThan(3);
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
