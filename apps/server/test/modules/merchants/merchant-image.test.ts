/**
 * A merchant's image (docs/product.md#validation, docs/product.md#limits): the upload checked by
 * its content, its format and size, and the image as the profile shows it.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartFile, multipartWithoutFile } from '../../fixtures/multipart.js';
import { IMAGE_REMOVAL_QUEUE } from '../../../src/platform/files/image-removal.js';
import { t, ids, useMerchantsApp } from './merchants-fixture.js';

useMerchantsApp();

describe('merchant image (docs/product.md#validation, docs/product.md#limits: jpg/jpeg/png/gif, 400×400)', () => {
  const upload = (who: string, file: ReturnType<typeof multipartFile>) =>
    t.api('POST', `/merchants/${ids.silberblick}/images`, who, file.payload, file.headers);

  it('crops an upload to 400×400 under a generated name and serves it', async () => {
    const png = await sharp({
      create: { width: 900, height: 500, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const response = await upload(
      'silver',
      multipartFile('upload', 'mein logo.png', png, 'image/png'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const src: string = response.json().merchant.image.src;
    expect(src).toMatch(/^\/files\/merchants\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png$/);
    expect(response.json().summary.image).toEqual({ src });
    const file = await t.app.inject({ method: 'GET', url: src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    const images = await t.api('GET', `/merchants/${ids.silberblick}/images`, 'silver');
    expect(images.json()).toEqual({
      images: [{ src, width: 400, height: 400, format: '400x400' }],
    });
  });

  it('keeps JPEG as JPEG and accepts a GIF', async () => {
    const jpeg = await sharp({
      create: { width: 400, height: 800, channels: 3, background: '#fff' },
    })
      .jpeg()
      .toBuffer();
    const first = await upload('silver', multipartFile('upload', 'foto.jpeg', jpeg, 'image/jpeg'));
    expect(first.json().merchant.image.src).toMatch(/\.jpg$/);
    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const second = await upload('silver', multipartFile('upload', 'bild.gif', gif, 'image/gif'));
    expect(second.statusCode, second.body).toBe(200);
  });

  it('decides the type by content: a text named .png or a WebP are refused', async () => {
    const fake = await upload(
      'silver',
      multipartFile('upload', 'logo.png', 'not an image', 'image/png'),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ message: 'invalid_image_format', field: 'image' });
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const refused = await upload('silver', multipartFile('upload', 'logo.jpg', webp, 'image/jpeg'));
    expect(refused.json().message).toBe('invalid_image_format');
  });

  it('answers no_image without a file and refuses pixel floods', async () => {
    const none = await upload('silver', multipartWithoutFile());
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('no_image');
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const flood = await upload('silver', multipartFile('upload', 'gross.png', huge, 'image/png'));
    expect(flood.statusCode).toBe(400);
    expect(flood.json().message).toBe('image_too_large');
  });

  it('keeps exactly the file it shows when uploads and a removal come at once', async () => {
    const folder = `${t.ctx.config.files.dir}/merchants/${ids.silberblick}`;
    const shown = async () =>
      (await t.api('GET', `/merchants/${ids.silberblick}/images`, 'silver')).json<{
        images: { src: string }[];
      }>().images[0]?.src;
    const colours = ['#112233', '#445566', '#778899', '#aabbcc', '#ddeeff'];
    const files = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 500, height: 500, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(
      files.map((file) =>
        upload('silver', multipartFile('upload', 'logo.jpg', file, 'image/jpeg')),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await t.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    const src = await shown();
    expect(src).toBeDefined();
    expect(await readdir(folder)).toEqual([String(src).split('/').pop()]);
    const [uploaded, removed] = await Promise.all([
      upload('silver', multipartFile('upload', 'logo.jpg', files[0] as Buffer, 'image/jpeg')),
      t.api('DELETE', `/merchants/${ids.silberblick}/images`, 'silver'),
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(removed.statusCode, removed.body).toBe(200);
    await t.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    const after = await shown();
    expect(await readdir(folder)).toEqual(after ? [after.split('/').pop()] : []);
  });

  it('refuses a level-0 single merchant before its upload is read', async () => {
    const tooLarge = Buffer.alloc(t.ctx.config.files.imageMaxBytes + 1000, 1);
    for (const file of [
      multipartFile('upload', 'gross.png', tooLarge, 'image/png'),
      multipartWithoutFile(),
    ]) {
      const response = await t.api(
        'POST',
        `/merchants/${ids.sonnenschein}/images`,
        'owner',
        file.payload,
        file.headers,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('upgrade_required');
    }
  });

  it('needs manage-merchant', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const file = multipartFile('upload', 'a.png', png);
    const response = await t.api(
      'POST',
      `/merchants/${ids.sonnenschein}/images`,
      'staff',
      file.payload,
      file.headers,
    );
    // The missing role is told before the please-upgrade rule of a level-0 merchant.
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('forbidden');
    const merchant = (await t.api('GET', `/merchants/${ids.sonnenschein}`, 'owner')).json();
    expect(merchant.image).toBeNull();
  });
});
