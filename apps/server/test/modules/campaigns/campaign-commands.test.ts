/**
 * Campaign commands as several people and requests use them at once: saves
 * merge under the row lock, submit and save exclude each other, a stale
 * copy is refused; level rules are the server's; a clone owns its image;
 * lists never validate content. Run on PostgreSQL too (TEST_DATABASE_URL),
 * where requests really overlap.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCampaignListQuery,
  type TCampaignEnvelope,
  type TCampaignListResponse,
} from '@backoffice/domain';
import { campaigns, merchants } from '../../../src/platform/db/schema.js';
import { listCampaigns } from '../../../src/modules/campaigns/queries.js';
import { refreshStaleValidation } from '../../../src/modules/campaigns/validation-refresh.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { createAdmin, createMerchantWithOwner, createPerson } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const ids = { sonnenschein: '', silberblick: '' };
const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function create(who: string, merchant: string, type = 'coupon/percent') {
  const response = await t.api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>();
}

const photo = () =>
  sharp({ create: { width: 700, height: 500, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

async function uploadImage(id: string, who: string) {
  const { payload, headers } = multipartFile('upload', 'bild.jpg', await photo(), 'image/jpeg');
  const response = await t.api('POST', `/campaigns/${id}/image`, who, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>();
}

/** Everything a percent coupon needs but the image. */
const completeCoupon = {
  title: { de: 'Zehn Prozent auf alles' },
  description: { de: 'Ein Gutschein für alle, die gern bei uns einkaufen. '.repeat(6) },
  benefit: { percent_discount: 10 },
  valid_from: iso(-HOUR),
  valid_until: iso(30 * 24 * HOUR),
  coupon: { redemption: 'offline' },
};

beforeAll(async () => {
  t = await createTestApp();
  // A level-0 merchant with its owner and a staff member, and a level-1 (silver) merchant.
  const basic = await createMerchantWithOwner(t.ctx.db);
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
  await t.signInAs({
    admin: await createAdmin(t.ctx.db),
    owner: basic.owner,
    silver: silver.owner,
    staff: await createPerson(t.ctx.db, {
      memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
    }),
  });
});
afterAll(async () => {
  await t.close();
});

describe('concurrent commands on one campaign', () => {
  it('keeps both of two saves of different steps sent at the same time', async () => {
    for (let trial = 0; trial < 20; trial += 1) {
      const { campaign } = await create('owner', ids.sonnenschein);
      const [benefit, content] = await Promise.all([
        t.api('POST', `/campaigns/${campaign.uuid}?validate=benefit`, 'owner', {
          benefit: { percent_discount: 20 + trial },
        }),
        t.api('POST', `/campaigns/${campaign.uuid}?validate=content`, 'staff', {
          title: { de: `Titel ${trial}` },
        }),
      ]);
      expect(benefit.statusCode, benefit.body).toBe(200);
      expect(content.statusCode, content.body).toBe(200);
      const stored = (await t.api('GET', `/campaigns/${campaign.uuid}`, 'owner')).json();
      expect(stored.campaign.benefit.percent_discount).toBe(20 + trial);
      expect(stored.campaign.title.de).toBe(`Titel ${trial}`);
      expect(stored.state.submitted).toMatchObject({ benefit: true, content: true });
      expect(stored.campaign.version).toBe(3);
    }
  });

  it('never submits a campaign with an error saved at the same moment', async () => {
    for (let trial = 0; trial < 10; trial += 1) {
      const { campaign } = await create('owner', ids.sonnenschein);
      await t.api('POST', `/campaigns/${campaign.uuid}`, 'owner', completeCoupon);
      await uploadImage(campaign.uuid, 'owner');
      const [submit, save] = await Promise.all([
        t.api('POST', `/campaigns/${campaign.uuid}/submit`, 'owner'),
        t.api('POST', `/campaigns/${campaign.uuid}?validate=content`, 'staff', {
          title: { de: '' },
        }),
      ]);
      // One of them wins; the other is refused with a reason.
      expect([submit.statusCode, save.statusCode].sort()).not.toEqual([200, 200]);
      const stored = (await t.api('GET', `/campaigns/${campaign.uuid}`, 'owner')).json();
      if (stored.campaign.current_status === 'submitted') {
        expect(stored.state.errors).toEqual([]);
        expect(save.json().message).toBe('campaign_not_editable');
      } else {
        expect(stored.campaign.current_status).toBe('created');
        expect(submit.json().message).toBe('campaign_has_errors');
      }
    }
  });

  it('refuses a save from a stale copy with 409 campaign_changed and keeps the other change', async () => {
    const { campaign } = await create('owner', ids.sonnenschein);
    const first = await t.api('POST', `/campaigns/${campaign.uuid}`, 'owner', {
      title: { de: 'Erste Fassung' },
      version: campaign.version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await t.api('POST', `/campaigns/${campaign.uuid}`, 'staff', {
      title: { de: 'Veraltete Fassung' },
      version: campaign.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'campaign_changed', field: 'version' });
    const stored = (await t.api('GET', `/campaigns/${campaign.uuid}`, 'owner')).json();
    expect(stored.campaign.title.de).toBe('Erste Fassung');
    // With the current version the save goes through.
    const fresh = await t.api('POST', `/campaigns/${campaign.uuid}`, 'staff', {
      title: { de: 'Neue Fassung' },
      version: stored.campaign.version,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('flips listable once per request when toggled twice at once', async () => {
    const { campaign } = await create('silver', ids.silberblick);
    const answers = await Promise.all([
      t.api('POST', `/campaigns/${campaign.uuid}/toggle-listable`, 'silver'),
      t.api('POST', `/campaigns/${campaign.uuid}/toggle-listable`, 'silver'),
    ]);
    expect(answers.map((answer) => answer.json().listable).sort()).toEqual([false, true]);
    expect(
      (await t.api('GET', `/campaigns/${campaign.uuid}`, 'silver')).json().campaign.is_listable,
    ).toBe(true);
  });

  it('writes a campaign and its first history entry together', async () => {
    const { campaign } = await create('owner', ids.sonnenschein);
    const history = (
      await t.api('GET', `/campaigns/${campaign.uuid}/status-history`, 'owner')
    ).json();
    expect(history.history.map((entry: { to: string }) => entry.to)).toEqual(['created']);
  });
});

describe('level rules, enforced by the server', () => {
  it('refuses required data from a level-0 merchant, allows it at level 1', async () => {
    const basic = await create('owner', ids.sonnenschein);
    const refused = await t.api(
      'POST',
      `/campaigns/${basic.campaign.uuid}?validate=requireddata`,
      'owner',
      {
        required_data: { name: { usage: true, required: true } },
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'forbidden', field: 'required_data' });
    const stored = (await t.api('GET', `/campaigns/${basic.campaign.uuid}`, 'owner')).json();
    expect(stored.campaign.required_data.name).toEqual({ usage: false, required: false });
    // Sending the stored value back unchanged (a whole-campaign save) is harmless.
    const unchanged = await t.api('POST', `/campaigns/${basic.campaign.uuid}`, 'owner', {
      required_data: stored.campaign.required_data,
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);

    const silver = await create('silver', ids.silberblick);
    const allowed = await t.api(
      'POST',
      `/campaigns/${silver.campaign.uuid}?validate=requireddata`,
      'silver',
      {
        required_data: { name: { usage: true, required: true } },
      },
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().campaign.required_data.name).toEqual({ usage: true, required: true });
  });

  it('refuses follow-ups to a level-0 merchant, like clones', async () => {
    const { campaign } = await create('owner', ids.sonnenschein);
    const followup = await t.api('POST', `/campaigns/${campaign.uuid}/create-followup`, 'owner');
    expect(followup.statusCode).toBe(403);
    const clone = await t.api('POST', `/campaigns/${campaign.uuid}/clone`, 'owner');
    expect(clone.statusCode).toBe(403);
    const rows = await t.ctx.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.parentId, campaign.uuid));
    expect(rows).toEqual([]);
    // An admin acts with level 10 for the same merchant.
    expect(
      (await t.api('POST', `/campaigns/${campaign.uuid}/create-followup`, 'admin')).statusCode,
    ).toBe(200);
  });

  it('refuses a level-0 single merchant removing its image, as it refuses changing it', async () => {
    const [row] = await t.ctx.db
      .update(merchants)
      .set({
        imagePath:
          'merchants/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001.jpg',
      })
      .where(eq(merchants.id, ids.sonnenschein))
      .returning();
    const removed = await t.api('DELETE', `/merchants/${ids.sonnenschein}/images`, 'owner');
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe('upgrade_required');
    const [after] = await t.ctx.db
      .select()
      .from(merchants)
      .where(eq(merchants.id, ids.sonnenschein));
    expect(after?.imagePath).toBe(row?.imagePath);
  });
});

describe('campaign images', () => {
  it('gives a clone and a follow-up their own image file', async () => {
    const { campaign } = await create('silver', ids.silberblick);
    await uploadImage(campaign.uuid, 'silver');
    const clone = (await t.api('POST', `/campaigns/${campaign.uuid}/clone`, 'silver')).json();
    const followup = (
      await t.api('POST', `/campaigns/${campaign.uuid}/create-followup`, 'silver')
    ).json();
    const sources = [clone, followup].map((envelope) => String(envelope.campaign.image?.src));
    const removed = await t.api('DELETE', `/campaigns/${campaign.uuid}/image`, 'silver');
    expect(removed.statusCode).toBe(200);
    for (const src of sources) {
      const served = await t.app.inject({ method: 'GET', url: src });
      expect(served.statusCode, src).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('gives a clone the new image when the source’s image is replaced as it is cloned', async () => {
    const { campaign } = await create('silver', ids.silberblick);
    await uploadImage(campaign.uuid, 'silver');
    const files = t.ctx.files;
    const { copy } = files;
    let replaced: TCampaignEnvelope | undefined;
    // Between the clone's read of the source and its copy of the file, the
    // source gets a new image (and its old file goes).
    files.copy = async (from, to) => {
      files.copy = copy;
      replaced = await uploadImage(campaign.uuid, 'silver');
      return copy(from, to);
    };
    try {
      const clone = await t.api('POST', `/campaigns/${campaign.uuid}/clone`, 'silver');
      expect(clone.statusCode, clone.body).toBe(200);
      const src = String(clone.json<TCampaignEnvelope>().campaign.image?.src);
      const served = await t.app.inject({ method: 'GET', url: src });
      expect(served.statusCode, src).toBe(200);
      const source = await t.app.inject({ url: String(replaced?.campaign.image?.src) });
      expect(served.rawPayload.equals(source.rawPayload)).toBe(true);
    } finally {
      files.copy = copy;
    }
  });

  it('keeps a file shared by an old clone until no campaign uses it', async () => {
    const source = await create('silver', ids.silberblick);
    const uploaded = await uploadImage(source.campaign.uuid, 'silver');
    const other = await create('silver', ids.silberblick);
    // As clones used to be made: the same file for both.
    const [stored] = await t.ctx.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, source.campaign.uuid));
    await t.ctx.db
      .update(campaigns)
      .set({ imagePath: stored?.imagePath, imageExtension: 'jpg', validationVersion: 0 })
      .where(eq(campaigns.id, other.campaign.uuid));
    await t.api('DELETE', `/campaigns/${source.campaign.uuid}/image`, 'silver');
    const src = String(uploaded.campaign.image?.src);
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    await t.api('DELETE', `/campaigns/${other.campaign.uuid}/image`, 'silver');
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(404);
  });
});

describe('stored validation state', () => {
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  async function timeList(merchant: string, who: string) {
    const times: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const started = performance.now();
      const response = await t.api('GET', `/campaigns?exact_merchant=${merchant}`, who);
      times.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
    }
    return median(times);
  }

  it('answers a list of campaigns with adversarial 20,000-character descriptions as fast as an ordinary list', async () => {
    // Markdown is stored as given: a run of "<" without ">" made tag stripping quadratic.
    const hostile = '<'.repeat(19_999);
    for (let i = 0; i < 10; i += 1) {
      const { campaign } = await create('silver', ids.silberblick);
      const saved = await t.api('POST', `/campaigns/${campaign.uuid}`, 'silver', {
        description_format: 'markdown',
        description: { de: hostile },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    for (let i = 0; i < 10; i += 1) await create('owner', ids.sonnenschein);
    await timeList(ids.silberblick, 'silver');
    const plain = await timeList(ids.sonnenschein, 'owner');
    const adversarial = await timeList(ids.silberblick, 'silver');
    // Generous: the quadratic check took about 280 ms per row, seconds per page.
    expect(adversarial).toBeLessThan(plain * 4 + 40);
  });

  it('recomputes errors stored under older rules, and reads them right meanwhile', async () => {
    const { campaign: current } = await create('owner', ids.sonnenschein);
    const { campaign } = await create('owner', ids.sonnenschein);
    await t.api('POST', `/campaigns/${campaign.uuid}`, 'owner', completeCoupon);
    // A row from before the rules' version, with nonsense stored.
    await t.ctx.db
      .update(campaigns)
      .set({ validationErrors: [], validationVersion: 0 })
      .where(eq(campaigns.id, campaign.uuid));
    const read = (await t.api('GET', `/campaigns/${campaign.uuid}`, 'owner')).json();
    expect(read.state.errors.map((error: { fld: string }) => error.fld)).toEqual(['image']);
    // Lists read the content of stale rows only, and judge them by it.
    // Newest first: both campaigns of this test lead the list.
    const newest = { exact_merchant: ids.sonnenschein, order_by: '-created' };
    const list = await t.api('GET', `/campaigns?${new URLSearchParams(newest)}`, 'owner');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<TCampaignListResponse>().rows;
    expect(listed.find((row) => row.uuid === campaign.uuid)?.is_unfinished).toBe(true);
    const page = await listCampaigns(
      t.ctx.db,
      { merchantId: ids.sonnenschein, includeTips: true },
      ZCampaignListQuery.parse(newest),
    );
    const contentOf = (id: string) => {
      const record = page.rows.find((row) => row.campaign.id === id);
      expect(record, id).toBeDefined();
      return record?.campaign.content;
    };
    expect(contentOf(campaign.uuid)).toMatchObject({ coreg_suitable: expect.any(Boolean) });
    expect(contentOf(current.uuid)).toBeNull();
    expect(await refreshStaleValidation(t.ctx.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.uuid));
    expect(row?.validationErrors.map((error) => error.fld)).toEqual(['image']);
    expect(await refreshStaleValidation(t.ctx.db)).toBe(0);
  });
});
