/**
 * A campaign's multiple codes (docs/product.md#campaigns, Prize, docs/product.md#api-calls
 * multiple-codes): codes as JSON, generation, the CSV download, the "unique
 * code" prize rule at submit, and every endpoint refused to another
 * merchant's user. Uploads: code-uploads.test.ts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, type TCampaignEnvelope } from '@backoffice/domain';
import { multipartFile } from '../../fixtures/multipart.js';
import { bearer } from '../../helpers.js';
import {
  t,
  tokens,
  ids,
  HOUR,
  iso,
  api,
  create,
  storedCodes,
  useCodesApp,
} from './codes-fixture.js';

useCodesApp();

describe('codes as JSON, generated, downloaded', () => {
  it('adds codes given as a list or as text', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const list = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', {
      codes: ['L1', 'L2', 'L1', ''],
    });
    expect(list.json()).toMatchObject({ added: 2, duplicates_in_file: 1, blank: 1 });
    const text = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', {
      codes: 'L2\r\nT1\nT2',
    });
    expect(text.json()).toMatchObject({ added: 2, already_stored: 1, stats: { provided: 4 } });
  });

  it('generates unique codes with prefix and length from the unambiguous alphabet', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const response = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', {
      generate: { count: 2000, prefix: 'XMAS-', length: 8 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 2000, stats: { provided: 2000 } });
    const csv = (await api('GET', `/campaigns/${id}/multiple-codes/download`, 'owner')).body;
    const codes = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0] ?? '');
    expect(codes).toHaveLength(2000);
    expect(new Set(codes).size).toBe(2000);
    const pattern = new RegExp(`^XMAS-[${CODE_ALPHABET}]{8}$`);
    for (const code of codes) expect(code).toMatch(pattern);
    for (const code of codes) expect(code.slice('XMAS-'.length)).not.toMatch(/[01OIL]/);
    // Default length; a second generation adds exactly its count beside the first.
    const more = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', {
      generate: { count: 500 },
    });
    expect(more.json()).toMatchObject({ added: 500, stats: { provided: 2500 } });
    const bad = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', {
      generate: { count: 10, prefix: 'mit space', length: 3 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('downloads the codes as a CSV file with a filename, formula cells neutralised', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', {
      codes: ['=1+2', '+SUM(A1)', '-5', '@cmd', 'PLAIN', 'a;b"c'],
    });
    const response = await api('GET', `/campaigns/${id}/multiple-codes/download`, 'owner');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="codes-${id}.csv"`);
    expect(response.body).toBe(
      '\uFEFFcode;used\r\n' +
        "'=1+2;nein\r\n'+SUM(A1);nein\r\n'-5;nein\r\n'@cmd;nein\r\nPLAIN;nein\r\n" +
        '"a;b""c";nein\r\n',
    );
  });
});

describe('unique-code prizes', () => {
  const sweepstake = (count: number) => ({
    title: { de: 'Gewinnspiel mit Codes' },
    description: { de: 'Ein Gewinnspiel für alle, die gern bei uns einkaufen. '.repeat(6) },
    prizes: [
      { count: 2, value: 1000, name: 'Gutschein', redemption: 'postal_delivery' },
      { count, value: 500, name: 'Online-Gutschein', redemption: 'unique_code' },
    ],
    valid_from: iso(HOUR),
    valid_until: iso(30 * 24 * HOUR),
  });

  it('refuses submit until the prize has as many codes as its count, with the error on the benefit step', async () => {
    const id = await create('owner', ids.sonnenschein, 'sweepstake/standard');
    await api('POST', `/campaigns/${id}`, 'owner', sweepstake(3));
    const image = await sharp({
      create: { width: 700, height: 500, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .toBuffer();
    const file = multipartFile('upload', 'bild.jpg', image, 'image/jpeg');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/image`,
      headers: { ...file.headers, ...bearer(String(tokens.owner)) },
      payload: file.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const envelope = uploaded.json<TCampaignEnvelope>();
    expect(envelope.state.errors).toEqual([
      { step: 'benefit', fld: 'prizes.1.redemption', message: 'not_enough_codes' },
    ]);

    await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', { codes: ['P1', 'P2'] });
    const refused = await api('POST', `/campaigns/${id}/submit`, 'owner');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('campaign_has_errors');

    await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', { codes: ['P3'] });
    const fresh = (await api('GET', `/campaigns/${id}`, 'owner')).json<TCampaignEnvelope>();
    expect(fresh.state.errors).toEqual([]);
    const submitted = await api('POST', `/campaigns/${id}/submit`, 'owner');
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Codes may still be added to a submitted campaign (docs/decisions/014-campaign-codes.md).
    const later = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', { codes: ['P4'] });
    expect(later.statusCode).toBe(200);
  });
});

describe('another merchant', () => {
  it('gets 404 from every code endpoint of a campaign it cannot see, and nothing is stored', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const file = multipartFile('upload', 'codes.txt', 'FREMD1\n', 'text/plain');
    const responses = [
      await api('GET', `/campaigns/${id}/multiple-codes`, 'silver'),
      await api('POST', `/campaigns/${id}/multiple-codes`, 'silver', { codes: ['FREMD1'] }),
      await api('POST', `/campaigns/${id}/multiple-codes`, 'silver', { generate: { count: 5 } }),
      await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${id}/multiple-codes/upload`,
        headers: { ...file.headers, ...bearer(String(tokens.silver)) },
        payload: file.payload,
      }),
      await api('GET', `/campaigns/${id}/multiple-codes/download`, 'silver'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('not_found');
    }
    expect(await storedCodes(id)).toBe(0);
  });
});
