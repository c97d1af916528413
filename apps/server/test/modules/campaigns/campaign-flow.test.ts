/**
 * The path of a campaign from the flow step to submission (docs/product.md#campaigns coreg,
 * coparticipation targets, coreg exclusions; docs/product.md#campaign-states Flow; docs/product.md#validation; docs/product.md#roles-and-access): the chosen
 * campaigns are the same merchant's living others, the runtime and coupon
 * expiry rules, required data by level, submit with and without errors, and
 * no change once submitted. Run on PostgreSQL too (TEST_DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope, TCampaignLinkOptionsResponse } from '@backoffice/domain';
import { campaigns, merchants } from '../../../src/platform/db/schema.js';
import { deletionInProgress } from '../../fixtures/deletion-in-progress.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { createAdmin, createMerchantWithOwner, createPerson } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { sonnenschein: '', silberblick: '' };
const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function api(method: 'GET' | 'POST' | 'DELETE', url: string, who: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(String(tokens[who])),
    ...(payload ? { payload } : {}),
  });
}

async function create(who: string, merchant: string, type = 'coupon/percent') {
  const response = await api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

const stored = async (id: string, who = 'owner') =>
  (await api('GET', `/campaigns/${id}`, who)).json<TCampaignEnvelope>();

async function uploadImage(id: string, who: string) {
  const photo = await sharp({
    create: { width: 700, height: 500, channels: 3, background: '#3a7' },
  })
    .jpeg()
    .toBuffer();
  const { payload, headers } = multipartFile('upload', 'bild.jpg', photo, 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${id}/image`,
    headers: { ...headers, ...bearer(String(tokens[who])) },
    payload,
  });
}

/** Everything a percent coupon needs but the image. */
const completeCoupon = () => ({
  title: { de: 'Zehn Prozent auf alles' },
  description: { de: 'Ein Gutschein für alle, die gern bei uns einkaufen. '.repeat(6) },
  benefit: { percent_discount: 10 },
  valid_from: iso(-HOUR),
  valid_until: iso(30 * 24 * HOUR),
  coupon: { redemption: 'offline' },
});

async function finishedCoupon(who = 'owner', merchant = ids.sonnenschein) {
  const id = await create(who, merchant);
  const saved = await api('POST', `/campaigns/${id}`, who, completeCoupon());
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await uploadImage(id, who)).statusCode).toBe(200);
  return id;
}

const COREG_TERMS = {
  sponsor_name: 'Café Silberblick',
  unsubscribe_email: 'abmelden@silberblick.example',
  privacy_url: 'https://silberblick.example/datenschutz',
  contact_text: 'Silbergasse 1, 1010 Wien',
};

beforeAll(async () => {
  t = await createTestApp();
  // A level-0 merchant with its owner and a staff member, and a level-1 (silver) merchant.
  const basic = await createMerchantWithOwner(t.ctx.db);
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
  const people = {
    admin: await createAdmin(t.ctx.db),
    owner: basic.owner,
    silver: silver.owner,
    staff: await createPerson(t.ctx.db, {
      memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
    }),
  };
  for (const [who, person] of Object.entries(people)) {
    tokens[who] = await t.signInAndInit(person.email, person.password);
  }
});
afterAll(async () => {
  await t.close();
});

describe('coparticipation targets and coreg exclusions', () => {
  it('stores other living campaigns of the same merchant', async () => {
    const id = await create('owner', ids.sonnenschein);
    const [a, b] = [
      await create('owner', ids.sonnenschein),
      await create('staff', ids.sonnenschein),
    ];
    const saved = await api('POST', `/campaigns/${id}?validate=handling`, 'owner', {
      coparticipation_targets: [a, b],
      coreg_exclusions: [b],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().campaign).toMatchObject({
      coparticipation_targets: [a, b],
      coreg_exclusions: [b],
    });
  });

  it('refuses the campaign itself, a duplicate, a deleted and a foreign campaign, naming the entry', async () => {
    const id = await create('owner', ids.sonnenschein);
    const sibling = await create('owner', ids.sonnenschein);
    const gone = await create('owner', ids.sonnenschein);
    expect((await api('DELETE', `/campaigns/${gone}`, 'owner')).json().status).toBe('deleted');
    const foreign = await create('silver', ids.silberblick);
    const cases: [object, number, string, string][] = [
      [
        { coparticipation_targets: [sibling, id] },
        400,
        'invalid_value',
        'coparticipation_targets.1',
      ],
      [{ coreg_exclusions: [sibling, sibling] }, 400, 'duplicate_value', 'coreg_exclusions.1'],
      [{ coparticipation_targets: [gone] }, 400, 'invalid_value', 'coparticipation_targets.0'],
      [{ coreg_exclusions: [foreign] }, 400, 'invalid_value', 'coreg_exclusions.0'],
      [
        { coparticipation_targets: ['00000000-0000-4000-8000-00000000beef'] },
        400,
        'invalid_value',
        'coparticipation_targets.0',
      ],
    ];
    for (const [patch, status, message, field] of cases) {
      const response = await api('POST', `/campaigns/${id}?validate=handling`, 'owner', {
        ...patch,
        show_map: 'always',
      });
      expect(response.statusCode, JSON.stringify(patch)).toBe(status);
      expect(response.json()).toMatchObject({ message, field });
    }
    // Nothing of a refused save is stored, not even its other fields.
    const after = await stored(id);
    expect(after.campaign.show_map).toBe('never');
    expect(after.campaign.coparticipation_targets).toEqual([]);
    expect(after.campaign.coreg_exclusions).toEqual([]);
  });

  it('does not link a campaign whose deletion commits while the save checks it', async () => {
    const id = await create('owner', ids.sonnenschein);
    const target = await create('owner', ids.sonnenschein);
    const deletion = await deletionInProgress(t.ctx.db, target);
    const save = api('POST', `/campaigns/${id}`, 'owner', { coparticipation_targets: [target] });
    await deletion.commit();
    const saved = await save;
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({
      message: 'invalid_value',
      field: 'coparticipation_targets.0',
    });
    expect((await stored(id)).campaign.coparticipation_targets).toEqual([]);
  });

  it('keeps a stored target whose campaign was deleted since', async () => {
    const id = await create('owner', ids.sonnenschein);
    const target = await create('owner', ids.sonnenschein);
    const first = await api('POST', `/campaigns/${id}`, 'owner', {
      coparticipation_targets: [target],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TCampaignEnvelope>().campaign.coparticipation_targets).toEqual([target]);
    const deleted = await api('DELETE', `/campaigns/${target}`, 'owner');
    expect(deleted.json().status).toBe('deleted');
    const again = await api('POST', `/campaigns/${id}`, 'owner', {
      coparticipation_targets: [target],
      show_map: 'always',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TCampaignEnvelope>().campaign).toMatchObject({
      coparticipation_targets: [target],
      show_map: 'always',
    });
    // Stored so: opening the campaign shows the target, and the save's other field.
    const after = await stored(id);
    expect(after.campaign.coparticipation_targets).toEqual([target]);
    expect(after.campaign.show_map).toBe('always');
    // A save that leaves the targets out keeps the stored one too.
    const other = await api('POST', `/campaigns/${id}`, 'owner', { show_map: 'never' });
    expect(other.statusCode, other.body).toBe(200);
    expect((await stored(id)).campaign.coparticipation_targets).toEqual([target]);
  });

  it('offers the merchant’s other living campaigns, and the chosen ones, to choose from', async () => {
    const id = await create('owner', ids.sonnenschein);
    const other = await create('owner', ids.sonnenschein);
    const gone = await create('owner', ids.sonnenschein);
    await api('DELETE', `/campaigns/${gone}`, 'owner');
    const foreign = await create('silver', ids.silberblick);
    const response = await api('GET', `/campaigns/${id}/link-options`, 'owner');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<TCampaignLinkOptionsResponse>().rows;
    const uuids = rows.map((row) => row.uuid);
    expect(uuids).toContain(other);
    expect(uuids).not.toContain(id);
    expect(uuids).not.toContain(gone);
    expect(uuids).not.toContain(foreign);
    expect(rows.find((row) => row.uuid === other)).toMatchObject({
      type: 'coupon/percent',
      current_status: 'created',
    });
  });

  it('answers another merchant’s user 404 for the options and the save of a campaign', async () => {
    const id = await create('owner', ids.sonnenschein);
    const own = await create('silver', ids.silberblick);
    expect((await api('GET', `/campaigns/${id}/link-options`, 'silver')).statusCode).toBe(404);
    const save = await api('POST', `/campaigns/${id}`, 'silver', {
      coparticipation_targets: [own],
    });
    expect(save.statusCode).toBe(404);
    expect((await api('POST', `/campaigns/${id}/submit`, 'silver')).statusCode).toBe(404);
  });

  it('reads a tip as unknown to a user who may not use tips, and offers none', async () => {
    const tip = await create('admin', ids.sonnenschein, 'tip/offer');
    const own = await create('staff', ids.sonnenschein);
    // The tip itself is closed to staff; naming it must not tell it apart from no campaign.
    expect((await api('GET', `/campaigns/${tip}`, 'staff')).statusCode).toBe(403);
    const linked = await api('POST', `/campaigns/${own}`, 'staff', {
      coparticipation_targets: [tip],
    });
    expect(linked.statusCode, linked.body).toBe(400);
    expect(linked.json()).toMatchObject({
      message: 'invalid_value',
      field: 'coparticipation_targets.0',
    });
    const options = await api('GET', `/campaigns/${own}/link-options`, 'staff');
    const rows = options.json<TCampaignLinkOptionsResponse>().rows;
    expect(rows.filter((row) => row.type.startsWith('tip/'))).toEqual([]);
    // An admin may name it.
    const byAdmin = await api('POST', `/campaigns/${own}`, 'admin', {
      coparticipation_targets: [tip],
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('co-registration switch', () => {
  it('is refused where the merchant offers no co-registration', async () => {
    const id = await create('owner', ids.sonnenschein);
    expect((await stored(id)).coreg).toEqual({ available: false, default_suitable: false });
    const refused = await api('POST', `/campaigns/${id}`, 'owner', { coreg_suitable: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'invalid_value', field: 'coreg_suitable' });
  });

  it('follows the merchant’s default for new campaigns once its terms are complete', async () => {
    await t.ctx.db
      .update(merchants)
      .set({ coregEnabled: true, coregDefaultSuitable: true, coregTerms: COREG_TERMS })
      .where(eq(merchants.id, ids.silberblick));
    try {
      const id = await create('silver', ids.silberblick);
      const envelope = await stored(id, 'silver');
      expect(envelope.coreg).toEqual({ available: true, default_suitable: true });
      expect(envelope.campaign.coreg_suitable).toBe(true);
      const off = await api('POST', `/campaigns/${id}`, 'silver', { coreg_suitable: false });
      expect(off.json().campaign.coreg_suitable).toBe(false);
      const on = await api('POST', `/campaigns/${id}`, 'silver', { coreg_suitable: true });
      expect(on.json().campaign.coreg_suitable).toBe(true);

      // Incomplete terms: the switch is not offered, the default not applied.
      await t.ctx.db
        .update(merchants)
        .set({ coregTerms: { ...COREG_TERMS, privacy_url: '' } })
        .where(eq(merchants.id, ids.silberblick));
      const later = await stored(await create('silver', ids.silberblick), 'silver');
      expect(later.coreg.available).toBe(false);
      expect(later.campaign.coreg_suitable).toBe(false);
    } finally {
      await t.ctx.db
        .update(merchants)
        .set({ coregEnabled: false, coregDefaultSuitable: false, coregTerms: {} })
        .where(eq(merchants.id, ids.silberblick));
    }
  });
});

describe('runtime and coupon expiry', () => {
  it('reports a runtime that ends before it starts and an expiry before the start, and refuses submit', async () => {
    const id = await finishedCoupon();
    const start = Date.now() + 24 * HOUR;
    const saved = await api('POST', `/campaigns/${id}?validate=handling`, 'owner', {
      valid_from: new Date(start).toISOString(),
      valid_until: new Date(start - HOUR).toISOString(),
      coupon: { redemption: 'offline', expiry: new Date(start - 60_000).toISOString() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const errors = saved.json<TCampaignEnvelope>().state.errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { step: 'handling', fld: 'valid_until', message: 'invalid_value' },
        { step: 'handling', fld: 'coupon.expiry', message: 'invalid_value' },
      ]),
    );
    const submit = await api('POST', `/campaigns/${id}/submit`, 'owner');
    expect(submit.statusCode).toBe(400);
    expect(submit.json().message).toBe('campaign_has_errors');

    const fixed = await api('POST', `/campaigns/${id}?validate=handling`, 'owner', {
      valid_until: new Date(start + 30 * 24 * HOUR).toISOString(),
      coupon: { redemption: 'offline', expiry: new Date(start).toISOString() },
    });
    expect(fixed.json<TCampaignEnvelope>().state.errors).toEqual([]);
  });

  it('stores dates as the UTC instants sent, whatever offset they were written with', async () => {
    const id = await create('owner', ids.sonnenschein);
    const saved = await api('POST', `/campaigns/${id}`, 'owner', {
      valid_from: '2030-03-31T10:00:00+02:00',
      valid_until: '2030-04-30T23:30:00+02:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().campaign).toMatchObject({
      valid_from: '2030-03-31T08:00:00.000Z',
      valid_until: '2030-04-30T21:30:00.000Z',
    });
  });
});

describe('required data', () => {
  it('refuses required data of a level-0 merchant with the field named', async () => {
    const id = await create('owner', ids.sonnenschein);
    const refused = await api('POST', `/campaigns/${id}`, 'owner', {
      required_data: { telephone: { usage: true, required: false } },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'forbidden', field: 'required_data' });
  });

  it('keeps a level-1 campaign that requires a field it does not use from being submitted', async () => {
    const id = await finishedCoupon('silver', ids.silberblick);
    const saved = await api('POST', `/campaigns/${id}?validate=requireddata`, 'silver', {
      required_data: { birthdate: { usage: false, required: true } },
    });
    expect(saved.json<TCampaignEnvelope>().state.errors).toEqual([
      { step: 'requireddata', fld: 'required_data.birthdate.usage', message: 'invalid_value' },
    ]);
    expect((await api('POST', `/campaigns/${id}/submit`, 'silver')).statusCode).toBe(400);
    await api('POST', `/campaigns/${id}?validate=requireddata`, 'silver', {
      required_data: { birthdate: { usage: true, required: true } },
    });
    expect((await api('POST', `/campaigns/${id}/submit`, 'silver')).statusCode).toBe(200);
  });
});

describe('submit and after', () => {
  it('refuses a campaign with errors and submits one without', async () => {
    const unfinished = await create('owner', ids.sonnenschein);
    const refused = await api('POST', `/campaigns/${unfinished}/submit`, 'owner');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('campaign_has_errors');
    expect((await stored(unfinished)).campaign.current_status).toBe('created');

    const id = await finishedCoupon();
    const submitted = await api('POST', `/campaigns/${id}/submit`, 'owner');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      campaign: { current_status: 'submitted' },
      allow_edit: false,
    });
    const again = await api('POST', `/campaigns/${id}/submit`, 'owner');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('campaign_not_submittable');
  });

  it('refuses every change once submitted, and once approved, and keeps what was stored', async () => {
    const id = await finishedCoupon();
    await api('POST', `/campaigns/${id}/submit`, 'owner');
    const before = await stored(id);
    const attempts = async () => {
      const saves = await Promise.all([
        api('POST', `/campaigns/${id}`, 'owner', { title: { de: 'Geändert' } }),
        api('POST', `/campaigns/${id}?validate=handling`, 'staff', { show_map: 'always' }),
        api('POST', `/campaigns/${id}?validate=benefit`, 'admin', {
          benefit: { percent_discount: 50 },
        }),
        uploadImage(id, 'owner'),
        api('DELETE', `/campaigns/${id}/image`, 'owner'),
      ]);
      for (const response of saves) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({
          message: 'campaign_not_editable',
          field: 'current_status',
        });
      }
    };
    await attempts();
    expect((await api('POST', `/campaigns/${id}/approve`, 'admin')).statusCode).toBe(200);
    await attempts();
    const after = await stored(id);
    expect(after.campaign.title).toEqual(before.campaign.title);
    expect(after.campaign.show_map).toBe(before.campaign.show_map);
    expect(after.campaign.benefit).toEqual(before.campaign.benefit);
    expect(after.campaign.images).toEqual(before.campaign.images);
    expect(after.campaign.version).toBe(before.campaign.version);

    const history = (await api('GET', `/campaigns/${id}/status-history`, 'owner')).json();
    expect(history.history.map((entry: { to: string }) => entry.to)).toEqual([
      'created',
      'submitted',
      'approved',
    ]);
  });

  it('still lets the merchant copy a submitted campaign into an editable one', async () => {
    const id = await finishedCoupon('silver', ids.silberblick);
    await api('POST', `/campaigns/${id}/submit`, 'silver');
    const clone = await api('POST', `/campaigns/${id}/clone`, 'silver');
    expect(clone.statusCode, clone.body).toBe(200);
    expect(clone.json()).toMatchObject({
      allow_edit: true,
      campaign: { current_status: 'created' },
      state: { errors: [] },
    });
    const followup = await api('POST', `/campaigns/${id}/create-followup`, 'silver');
    expect(followup.json()).toMatchObject({ allow_edit: true, campaign: { parent: id } });
    const [row] = await t.ctx.db
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    expect(row?.status).toBe('submitted');
  });
});
