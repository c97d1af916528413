/**
 * Campaign texts are sanitised before they are stored, and the campaign image
 * upload checks type, size and pixel count by content and stores nothing it
 * refuses.
 */
import { readdir } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { RESIZE_WAITING_MAX } from '../../../src/platform/files/images.js';
import { IMAGE_REMOVAL_QUEUE } from '../../../src/platform/files/image-removal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { createMerchantWithOwner } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

let t: TestApp;
let owner: string;
let silver: string;
let sonnenschein: string;

beforeAll(async () => {
  t = await createTestApp({ IMAGE_MAX_BYTES: String(300 * 1024), IMAGE_MAX_PIXELS: '4000000' });
  const bakery = await createMerchantWithOwner(t.ctx.db);
  // The owner of another merchant.
  const other = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  sonnenschein = bakery.merchant.id;
  owner = await t.signInAndInit(bakery.owner.email, bakery.owner.password);
  silver = await t.signInAndInit(other.owner.email, other.owner.password);
});
afterAll(async () => {
  await t.close();
});

async function newCampaign(type = 'coupon/percent'): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(owner),
    payload: { merchant: sonnenschein, type },
  });
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----test-boundary-7f3a';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  id: string,
  file: Buffer,
  filename: string,
  contentType = 'image/jpeg',
  query = '',
  token = owner,
) => {
  const { payload, headers } = multipart(file, filename, contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${id}/image${query}`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
};

/** A PNG whose header claims 100,000 × 100,000 pixels: a decompression bomb. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/** The files stored for a campaign (other test files store theirs beside them at the same time). */
async function storedFiles(campaignId: string): Promise<string[]> {
  return readdir(`${t.ctx.config.files.dir}/campaigns/${campaignId}`).catch(() => []);
}

describe('sanitising', () => {
  it('removes scripts and handlers from WYSIWYG descriptions and all markup from titles', async () => {
    const id = await newCampaign();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}?validate=content`,
      headers: bearer(owner),
      payload: {
        title: { de: '<img src=x onerror=alert(1)>Sommer<script>alert(2)</script>' },
        short_description: { de: '<b>kurz</b>' },
        description_format: 'wysiwyg',
        description: {
          de: '<p onclick="steal()">Hallo <strong>Welt</strong><script>alert(3)</script><a href="javascript:alert(4)">x</a><a href="https://example.com">ok</a><img src="https://example.com/a.png" width="1200" onerror="x()"><img src="https://example.com/b.png" alt="klein"><iframe src="https://evil.example"></iframe></p>',
        },
        rules: ['<script>alert(5)</script>Regel'],
      },
    });
    expect(response.statusCode).toBe(200);
    const { campaign } = response.json<TCampaignEnvelope>();
    expect(campaign.title.de).toBe('Sommer');
    expect(campaign.short_description.de).toBe('kurz');
    expect(campaign.rules).toEqual(['Regel']);
    const html = String(campaign.description.de);
    expect(html).toContain('<strong>Welt</strong>');
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
    );
    // Wider than allowed: held to 600; without a width: not stretched to it.
    expect(html).toContain('<img src="https://example.com/a.png" width="600" />');
    expect(html).toContain('<img src="https://example.com/b.png" alt="klein" />');
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe', 'alert'])
      expect(html).not.toContain(bad);
    // What the list shows is the stored, clean title.
    const list = await t.app.inject({
      url: `/api/campaigns?exact_merchant=${sonnenschein}&filter_campaign=Sommer`,
      headers: bearer(owner),
    });
    expect(list.json().rows.map((row: { title: { de: string } }) => row.title.de)).toContain(
      'Sommer',
    );
  });

  it('keeps markdown as typed but without HTML', async () => {
    const id = await newCampaign();
    const markdown = '# Titel\n\n* eins & zwei\n* a < b\n\n<script>alert(1)</script>**fett**';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}?validate=content`,
      headers: bearer(owner),
      payload: { description_format: 'markdown', description: { de: markdown } },
    });
    expect(response.json<TCampaignEnvelope>().campaign.description.de).toBe(
      '# Titel\n\n* eins & zwei\n* a < b\n\n**fett**',
    );
  });

  it('never lets decoding bring a tag back into plain text', async () => {
    const id = await newCampaign();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}?validate=content`,
      headers: bearer(owner),
      payload: { title: { de: '<<b>script>alert(1)<</b>/script> &lt;i&gt;' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { campaign, state } = response.json<TCampaignEnvelope>();
    const title = String(campaign.title.de);
    expect(title).not.toMatch(/<\s*\/?\s*(script|b|i)\b/i);
    // Decoded, the text is a script element and an <i> tag: both go, the script's text with it.
    expect(title).toBe(' ');
    // What is left is blank: the title counts as missing.
    expect(state.errors).toContainEqual({
      step: 'content',
      fld: 'title.de',
      message: 'required_field_missing',
    });
    const opened = await t.app.inject({ url: `/api/campaigns/${id}`, headers: bearer(owner) });
    expect(opened.json<TCampaignEnvelope>().campaign.title).toEqual({ de: ' ' });
  });
});

describe('image upload', () => {
  it('stores a JPEG cropped and resized to 620×413 and serves it', async () => {
    const id = await newCampaign();
    const response = await upload(
      id,
      await photo(1000, 1000),
      'foto.jpg',
      'image/jpeg',
      '?crop_x=0&crop_y=100&crop_width=900&crop_height=600',
    );
    expect(response.statusCode, response.body).toBe(200);
    const envelope = response.json<TCampaignEnvelope>();
    const { campaign, state } = envelope;
    expect(campaign.campaign_image_extension).toBe('jpg');
    expect(state.errors.some((error) => error.step === 'image')).toBe(false);
    // The answer is the campaign as stored: what opening it shows next.
    const opened = await t.app.inject({ url: `/api/campaigns/${id}`, headers: bearer(owner) });
    expect(envelope).toEqual(opened.json());
    const src = String(campaign.image?.src);
    const served = await t.app.inject(src);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([620, 413]);
  });

  it('takes the crop in the photo as shown: a portrait phone photo stored on its side', async () => {
    const id = await newCampaign();
    // 1000×600 pixels with EXIF orientation 6: browsers show it 600×1000 and
    // the crop box sends coordinates in that picture. Its top half is black,
    // its bottom half white, as shown.
    const shownTopBlack = await sharp({
      create: { width: 600, height: 1000, channels: 3, background: '#ffffff' },
    })
      .composite([
        {
          input: { create: { width: 600, height: 500, channels: 3, background: '#000000' } },
          top: 0,
          left: 0,
        },
      ])
      .raw()
      .toBuffer();
    // Turned back on its side (90° anticlockwise), the way the camera stored it.
    const stored = await sharp(shownTopBlack, { raw: { width: 600, height: 1000, channels: 3 } })
      .rotate(-90)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(stored).metadata()).width).toBe(1000);
    // The bottom of the picture as shown: inside 600×1000, outside 1000×600.
    const bottom = await upload(
      id,
      stored,
      'hochkant.jpg',
      'image/jpeg',
      '?crop_x=0&crop_y=600&crop_width=600&crop_height=400',
    );
    expect(bottom.statusCode, bottom.body).toBe(200);
    const served = await t.app.inject(String(bottom.json<TCampaignEnvelope>().campaign.image?.src));
    const { dominant } = await sharp(served.rawPayload).stats();
    expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(200);
    // Inside the stored 1000 pixels' width, outside the 600 shown.
    const outside = await upload(
      id,
      stored,
      'hochkant.jpg',
      'image/jpeg',
      '?crop_x=500&crop_y=0&crop_width=500&crop_height=333',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('invalid_crop');
  });

  it('keeps the campaign as it was when the new file cannot be written', async () => {
    const id = await newCampaign();
    const first = await upload(id, await photo(700, 500), 'a.jpg');
    expect(first.statusCode, first.body).toBe(200);
    const before = await t.app.inject({ url: `/api/campaigns/${id}`, headers: bearer(owner) });
    const files = t.ctx.files;
    const { put } = files;
    // The file is written before the campaign refers to it; the campaign must not change without it.
    files.put = () =>
      new Promise((_, reject) => setTimeout(() => reject(new Error('disk full')), 50));
    try {
      const failed = await upload(id, await photo(800, 600), 'b.jpg');
      expect(failed.statusCode).toBe(500);
      expect(failed.json().message).toBe('internal_error');
    } finally {
      files.put = put;
    }
    const after = await t.app.inject({ url: `/api/campaigns/${id}`, headers: bearer(owner) });
    expect(after.json()).toEqual(before.json());
    expect((await t.app.inject(String(after.json().campaign.image?.src))).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when more sizes are asked for at once than it makes in line', async () => {
    const id = await newCampaign();
    const uploaded = await upload(id, await photo(700, 500), 'a.jpg');
    const src = String(uploaded.json<TCampaignEnvelope>().campaign.image?.src);
    const answers = await Promise.all(
      Array.from({ length: RESIZE_WAITING_MAX + 4 }, (_, i) =>
        t.app.inject(`${src}?width=${String(1200 + i)}&height=${String(1200 + i)}`),
      ),
    );
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expectProblem(busy[0], { status: 503, message: 'service_unavailable' });
    expect(busy[0]?.headers['retry-after']).toBe('5');
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
  });

  it('accepts PNG and GIF by content whatever their names', async () => {
    const id = await newCampaign();
    expect(
      (await upload(id, await photo(700, 500, 'png'), 'bild.gif', 'image/gif')).json().campaign
        .campaign_image_extension,
    ).toBe('png');
    // On a campaign of its own, so that nothing of the PNG above is left to answer.
    const gif = await upload(
      await newCampaign(),
      await photo(700, 500, 'gif'),
      'bild',
      'application/octet-stream',
    );
    expect(gif.statusCode, gif.body).toBe(200);
    // A GIF is stored as PNG too (only JPEG stays JPEG), and served as one.
    const { campaign } = gif.json<TCampaignEnvelope>();
    expect(campaign.campaign_image_extension).toBe('png');
    const served = await t.app.inject(String(campaign.image?.src));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses wrong types, renamed executables, oversized files, pixel bombs and bad crops, storing nothing', async () => {
    const id = await newCampaign();
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(2000, 1),
    ]);
    const cases: [string, Promise<Awaited<ReturnType<typeof upload>>>, number, string][] = [
      [
        'text',
        upload(id, Buffer.from('just text'), 'note.txt', 'text/plain'),
        400,
        'invalid_image_format',
      ],
      ['executable named .jpg', upload(id, elf, 'photo.jpg'), 400, 'invalid_image_format'],
      [
        'svg',
        upload(
          id,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'a.png',
          'image/png',
        ),
        400,
        'invalid_image_format',
      ],
      [
        'oversized',
        upload(id, Buffer.concat([await photo(10, 10), Buffer.alloc(400 * 1024)]), 'big.jpg'),
        413,
        'image_too_large',
      ],
      ['pixel bomb', upload(id, pixelBomb(), 'bomb.png', 'image/png'), 400, 'image_too_large'],
      [
        'too many pixels',
        upload(id, await photo(2500, 2000, 'png'), 'huge.png', 'image/png'),
        400,
        'image_too_large',
      ],
      [
        'crop outside',
        upload(
          id,
          await photo(700, 500),
          'a.jpg',
          'image/jpeg',
          '?crop_x=600&crop_y=0&crop_width=300&crop_height=200',
        ),
        400,
        'invalid_crop',
      ],
      ['empty', upload(id, Buffer.alloc(0), 'empty.jpg'), 400, 'no_image'],
    ];
    for (const [name, pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode, name).toBe(status);
      expect(response.json().message, name).toBe(message);
    }
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/image`,
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.json().message).toBe('no_image');
    expect(await storedFiles(id)).toEqual([]);
    const opened = await t.app.inject({ url: `/api/campaigns/${id}`, headers: bearer(owner) });
    expect(opened.json().campaign.image).toBeNull();
  });

  it('refuses other merchants’ campaigns and campaigns that can no longer be edited', async () => {
    const id = await newCampaign();
    expect(
      (await upload(id, await photo(700, 500), 'a.jpg', 'image/jpeg', '', silver)).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/campaigns/${id}/image`,
          headers: bearer(silver),
        })
      ).statusCode,
    ).toBe(404);
    const { campaigns } = await import('../../../src/platform/db/schema.js');
    await t.ctx.db.update(campaigns).set({ status: 'submitted' }).where(eq(campaigns.id, id));
    const refused = await upload(id, await photo(700, 500), 'a.jpg');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('campaign_not_editable');
  });

  it('removes the image', async () => {
    const id = await newCampaign();
    const uploaded = await upload(id, await photo(700, 500), 'a.jpg');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const src = String(uploaded.json<TCampaignEnvelope>().campaign.image?.src);
    expect((await t.app.inject(src)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${id}/image`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().campaign.image).toBeNull();
    expect(removed.json().campaign.campaign_image_extension).toBeNull();
    // The file is gone once its removal job ran: its address answers 404, also in another size.
    await t.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    expect((await t.app.inject(src)).statusCode).toBe(404);
    expect((await t.app.inject(`${src}?width=310&height=207`)).statusCode).toBe(404);
    expect(removed.json().state.errors).toContainEqual({
      step: 'image',
      fld: 'image',
      message: 'required_field_missing',
    });
  });
});
