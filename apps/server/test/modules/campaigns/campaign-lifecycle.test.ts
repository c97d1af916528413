/**
 * A campaign's life: submit, review, approve or reject, activate and end;
 * clone, listable toggle, delete and follow-ups; the site search and tags.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TEXT_LIMITS,
  type TCampaignEnvelope,
  type TCampaignListResponse,
} from '@backoffice/domain';
import { campaignCounters, campaigns } from '../../../src/platform/db/schema.js';
import { runScheduledTransitions } from '../../../src/modules/campaigns/lifecycle.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, mailsDuring, type TestApp } from '../../helpers.js';
import { campaignDeps } from '../../../src/services.js';
import { expectProblem } from '../../fixtures/problem.js';

let t: TestApp;
const ids = { sonnenschein: '', silberblick: '', adler: '' };

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const LONG_TEXT = 'Ein Gewinnspiel mit tollen Preisen. '.repeat(8);

async function create(who: string, merchant: string, type: string): Promise<TCampaignEnvelope> {
  const response = await t.api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Content that passes every step of a percent coupon. */
const validCoupon = (from = iso(-HOUR), until = iso(30 * 24 * HOUR)) => ({
  title: { de: 'Zehn Prozent auf alles' },
  description: { de: LONG_TEXT },
  benefit: {
    percent_discount: 10,
    abs_discount: null,
    original_value: null,
    discounted_value: null,
    get_m: null,
    pay_n: null,
  },
  valid_from: from,
  valid_until: until,
  coupon: {
    expiry: null,
    max_participants: null,
    code_type: 'none',
    single_code: '',
    redemption: 'offline',
    action_handler: null,
    action_instructions: '',
  },
});

async function withImage(id: string) {
  await t.ctx.db
    .update(campaigns)
    // Written behind the service's back: validation version 0 has the stored errors recomputed.
    .set({ imagePath: 'campaigns/test.jpg', imageExtension: 'jpg', validationVersion: 0 })
    .where(eq(campaigns.id, id));
}

beforeAll(async () => {
  t = await createTestApp({ AGENCY_AUTO_APPROVE_SECONDS: '0' });
  // A level-0 merchant whose owner is its contact and whose staff member is none.
  const basic = await createMerchantWithOwner(t.ctx.db, {}, { email: 'owner@example.com' });
  const silver = await createMerchantWithOwner(t.ctx.db, {
    name: 'Café Silberblick KG',
    level: 1,
  });
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
  ids.adler = (await createMerchant(t.ctx.db, { level: 1 })).id;
  await createPerson(t.ctx.db, {
    email: 'staff@example.com',
    memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
  });
  await t.signInAs({
    admin: await createAdmin(t.ctx.db, { email: 'admin@example.com' }),
    agency: await createAgency(t.ctx.db, [ids.adler]),
    owner: basic.owner,
    silver: silver.owner,
  });
});
afterAll(async () => {
  await t.close();
});

describe('lifecycle', () => {
  it('submits only without errors, then refuses edits; admin reviews; the scheduler publishes', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const id = campaign.uuid;
    const early = await t.api('POST', `/campaigns/${id}/submit`, 'owner');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('campaign_has_errors');

    await withImage(id);
    const saved = (
      await t.api('POST', `/campaigns/${id}`, 'owner', validCoupon())
    ).json<TCampaignEnvelope>();
    expect(saved.state.errors).toEqual([]);
    expect(saved.state.is_unfinished).toBe(false);
    expect(saved.campaign.phase).toBe('missing_approval');

    const submitted = await t.api('POST', `/campaigns/${id}/submit`, 'owner');
    expect(submitted.json().campaign.current_status).toBe('submitted');
    expect(submitted.json().allow_edit).toBe(false);
    const edit = await t.api('POST', `/campaigns/${id}`, 'owner', { title: { de: 'Neu' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('campaign_not_editable');
    expect((await t.api('POST', `/campaigns/${id}/submit`, 'owner')).statusCode).toBe(409);

    // Only admins review.
    expect((await t.api('POST', `/campaigns/${id}/approve`, 'owner')).statusCode).toBe(403);
    const queue = (await t.api('GET', '/review/campaigns', 'admin')).json<TCampaignListResponse>();
    expect(queue.rows.map((row) => row.uuid)).toContain(id);
    expect((await t.api('GET', '/review/campaigns', 'agency')).statusCode).toBe(403);

    expect(
      (await t.api('POST', `/campaigns/${id}/start-review`, 'admin')).json().campaign
        .current_status,
    ).toBe('start_review');
    const approved = await t.api('POST', `/campaigns/${id}/approve`, 'admin');
    expect(approved.json().campaign.current_status).toBe('approved');
    expect(approved.json().campaign.phase).toBe('running');
    expect(
      (await t.api('POST', `/campaigns/${id}/reject`, 'admin', { reason: 'zu spät' })).statusCode,
    ).toBe(409);

    const changes = await runScheduledTransitions(campaignDeps(t.ctx));
    expect(changes.map((change) => [change.campaign.id, change.campaign.status])).toContainEqual([
      id,
      'active',
    ]);
    const history = (await t.api('GET', `/campaigns/${id}/status-history`, 'owner')).json();
    expect(history.history.map((entry: { to: string }) => entry.to)).toEqual([
      'created',
      'submitted',
      'start_review',
      'approved',
      'active',
    ]);
    expect(history.history[3].by).toEqual({ email: 'admin@example.com' });
  });

  it('mails the merchant’s contacts about approval, and the scheduler applies each change once', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const id = campaign.uuid;
    await withImage(id);
    await t.api('POST', `/campaigns/${id}`, 'owner', validCoupon());
    await t.api('POST', `/campaigns/${id}/submit`, 'owner');
    const mails = await mailsDuring(t, () => t.api('POST', `/campaigns/${id}/approve`, 'admin'));
    expect(mails).toHaveLength(1);
    const mail = String(mails[0]);
    expect(mail).toMatch(/^To: owner@example\.com$/m);
    expect(mail).toContain('freigegeben');
    expect(mail).not.toContain('staff@example.com');

    // Two scheduler runs at once (two server processes): the campaign starts once.
    await Promise.all([
      runScheduledTransitions(campaignDeps(t.ctx)),
      runScheduledTransitions(campaignDeps(t.ctx)),
    ]);
    const history = (await t.api('GET', `/campaigns/${id}/status-history`, 'owner')).json();
    expect(history.history.filter((entry: { to: string }) => entry.to === 'active')).toHaveLength(
      1,
    );
  });

  it('rejects with a reason; editing a rejected campaign returns it to created', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const id = campaign.uuid;
    await withImage(id);
    await t.api('POST', `/campaigns/${id}`, 'owner', validCoupon());
    await t.api('POST', `/campaigns/${id}/submit`, 'owner');
    expect((await t.api('POST', `/campaigns/${id}/reject`, 'admin', {})).statusCode).toBe(400);
    const rejected = await t.api('POST', `/campaigns/${id}/reject`, 'admin', {
      reason: 'Bild fehlt',
    });
    expect(rejected.json().campaign.current_status).toBe('rejected');
    expect(rejected.json().campaign.phase).toBeNull();
    const edited = await t.api('POST', `/campaigns/${id}`, 'owner', {
      title: { de: 'Zweiter Versuch' },
    });
    expect(edited.json().campaign.current_status).toBe('created');
    const history = (await t.api('GET', `/campaigns/${id}/status-history`, 'owner')).json();
    expect(history.history.find((entry: { to: string }) => entry.to === 'rejected').reason).toBe(
      'Bild fehlt',
    );
  });

  it('answers the rejection reason in the campaign, its list row and the follow-ups until the campaign is submitted again', async () => {
    const { campaign: parent } = await create('silver', ids.silberblick, 'coupon/percent');
    const { campaign } = (
      await t.api('POST', `/campaigns/${parent.uuid}/create-followup`, 'silver')
    ).json<TCampaignEnvelope>();
    const id = campaign.uuid;
    const reasonIn = async () => {
      const opened = (await t.api('GET', `/campaigns/${id}`, 'silver')).json<TCampaignEnvelope>();
      const list = (
        await t.api('GET', `/campaigns?exact_merchant=${ids.silberblick}&page=1`, 'silver')
      ).json<TCampaignListResponse>();
      const followups = (await t.api('GET', `/campaigns/${parent.uuid}/followups`, 'silver')).json<{
        rows: TCampaignListResponse['rows'];
      }>();
      return {
        campaign: opened.campaign.rejection_reason,
        row: list.rows.find((row) => row.uuid === id)?.rejection_reason,
        followup: followups.rows.find((row) => row.uuid === id)?.rejection_reason,
      };
    };
    const none = { campaign: null, row: null, followup: null };
    expect(campaign.rejection_reason).toBeNull();
    await withImage(id);
    await t.api('POST', `/campaigns/${id}`, 'silver', validCoupon());
    await t.api('POST', `/campaigns/${id}/submit`, 'silver');
    expect(await reasonIn()).toEqual(none);

    const rejected = await t.api('POST', `/campaigns/${id}/reject`, 'admin', {
      reason: '  Das Bild ist zu dunkel. ',
    });
    expect(rejected.json<TCampaignEnvelope>().campaign.rejection_reason).toBe(
      'Das Bild ist zu dunkel.',
    );
    const standing = {
      campaign: 'Das Bild ist zu dunkel.',
      row: 'Das Bild ist zu dunkel.',
      followup: 'Das Bild ist zu dunkel.',
    };
    expect(await reasonIn()).toEqual(standing);
    // An edit reopens it to created: the reason stands until the next submission.
    const edited = await t.api('POST', `/campaigns/${id}`, 'silver', {
      title: { de: 'Heller' },
    });
    expect(edited.json<TCampaignEnvelope>().campaign.current_status).toBe('created');
    expect(await reasonIn()).toEqual(standing);

    await t.api('POST', `/campaigns/${id}/submit`, 'silver');
    expect(await reasonIn()).toEqual(none);
    // A second rejection answers its own reason, not the first one.
    await t.api('POST', `/campaigns/${id}/reject`, 'admin', { reason: 'Noch zu dunkel.' });
    expect((await reasonIn()).row).toBe('Noch zu dunkel.');
  });

  it('reopens a rejected campaign on any edit, its image too, and takes it again as it is', async () => {
    const rejectedCampaign = async () => {
      const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
      await withImage(campaign.uuid);
      await t.api('POST', `/campaigns/${campaign.uuid}`, 'owner', validCoupon());
      await t.api('POST', `/campaigns/${campaign.uuid}/submit`, 'owner');
      const rejected = await t.api('POST', `/campaigns/${campaign.uuid}/reject`, 'admin', {
        reason: 'Bild unpassend',
      });
      expect(rejected.json().campaign.current_status).toBe('rejected');
      return campaign.uuid;
    };
    const statuses = async (id: string) =>
      (await t.api('GET', `/campaigns/${id}/status-history`, 'owner'))
        .json()
        .history.map((entry: { to: string }) => entry.to);

    // The image removed: the campaign is open for editing again, with its image error.
    const edited = await rejectedCampaign();
    const removed = await t.api('DELETE', `/campaigns/${edited}/image`, 'owner');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().campaign.current_status).toBe('created');
    expect(removed.json().state.errors).toContainEqual(expect.objectContaining({ fld: 'image' }));
    expect(await statuses(edited)).toEqual(['created', 'submitted', 'rejected', 'created']);

    // Submitted again unchanged: the review decides once more.
    const again = await rejectedCampaign();
    const submitted = await t.api('POST', `/campaigns/${again}/submit`, 'owner');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().campaign.current_status).toBe('submitted');
    expect(await statuses(again)).toEqual(['created', 'submitted', 'rejected', 'submitted']);
  });

  it('approves an agency submission after the configured delay and ends campaigns after their runtime', async () => {
    const { campaign } = await create('agency', ids.adler, 'coupon/percent');
    const id = campaign.uuid;
    await withImage(id);
    await t.api('POST', `/campaigns/${id}`, 'agency', validCoupon(iso(-2 * HOUR), iso(HOUR)));
    await t.api('POST', `/campaigns/${id}/submit`, 'agency');
    await runScheduledTransitions(campaignDeps(t.ctx));
    expect((await t.api('GET', `/campaigns/${id}`, 'agency')).json().campaign.current_status).toBe(
      'active',
    );
    await runScheduledTransitions(campaignDeps(t.ctx), new Date(Date.now() + 2 * HOUR));
    const ended = (await t.api('GET', `/campaigns/${id}`, 'agency')).json();
    expect(ended.campaign.current_status).toBe('ended');
    expect(ended.campaign.phase).toBe('ended');
  });
});

describe('clone, toggle, delete, follow-ups', () => {
  it('lets a level-1 merchant clone and toggle, not a level-0 one', async () => {
    const own = await create('owner', ids.sonnenschein, 'coupon/free');
    expect((await t.api('POST', `/campaigns/${own.campaign.uuid}/clone`, 'owner')).statusCode).toBe(
      403,
    );
    expect(
      (await t.api('POST', `/campaigns/${own.campaign.uuid}/toggle-listable`, 'owner')).statusCode,
    ).toBe(403);

    const source = await create('silver', ids.silberblick, 'coupon/percent');
    await t.api('POST', `/campaigns/${source.campaign.uuid}`, 'silver', validCoupon());
    await t.ctx.db
      .insert(campaignCounters)
      .values({ campaignId: source.campaign.uuid, participations: 7, viewList: 3 });
    const clone = (
      await t.api('POST', `/campaigns/${source.campaign.uuid}/clone`, 'silver')
    ).json<TCampaignEnvelope>();
    expect(clone.campaign.uuid).not.toBe(source.campaign.uuid);
    expect(clone.campaign.title).toEqual({ de: 'Zehn Prozent auf alles (Kopie)' });
    expect(clone.campaign).toMatchObject({
      current_status: 'created',
      participations: 0,
      view_list: 0,
    });
    expect(clone.campaign.benefit.percent_discount).toBe(10);
    expect(Object.values(clone.state.submitted).every(Boolean)).toBe(true);

    const toggled = await t.api(
      'POST',
      `/campaigns/${source.campaign.uuid}/toggle-listable`,
      'silver',
    );
    expect(toggled.json()).toEqual({ listable: false });
    expect(
      (await t.api('POST', `/campaigns/${source.campaign.uuid}/toggle-listable`, 'silver')).json(),
    ).toEqual({ listable: true });
  });

  it('refuses to delete a campaign with participations, deletes one without', async () => {
    const withPeople = await create('owner', ids.sonnenschein, 'coupon/free');
    await t.ctx.db
      .insert(campaignCounters)
      .values({ campaignId: withPeople.campaign.uuid, participations: 1 });
    const refused = await t.api('DELETE', `/campaigns/${withPeople.campaign.uuid}`, 'owner');
    expect(refused.json()).toEqual({ status: 'created', reason: 'has_participations' });

    const empty = await create('owner', ids.sonnenschein, 'coupon/free');
    expect((await t.api('DELETE', `/campaigns/${empty.campaign.uuid}`, 'owner')).json()).toEqual({
      status: 'deleted',
      reason: null,
    });
    const list = (
      await t.api('GET', `/campaigns?exact_merchant=${ids.sonnenschein}`, 'owner')
    ).json<TCampaignListResponse>();
    expect(list.rows.map((row) => row.uuid)).not.toContain(empty.campaign.uuid);
    const deleted = (
      await t.api(
        'GET',
        `/campaigns?exact_merchant=${ids.sonnenschein}&filter_status=deleted`,
        'owner',
      )
    ).json<TCampaignListResponse>();
    expect(deleted.rows.map((row) => row.uuid)).toContain(empty.campaign.uuid);
  });

  it('creates, lists and unlinks follow-ups (merchant level 1)', async () => {
    const parent = await create('silver', ids.silberblick, 'coupon/percent');
    const followup = (
      await t.api('POST', `/campaigns/${parent.campaign.uuid}/create-followup`, 'silver')
    ).json<TCampaignEnvelope>();
    expect(followup.campaign.parent).toBe(parent.campaign.uuid);
    expect(followup.campaign.current_status).toBe('created');
    const listed = (
      await t.api('GET', `/campaigns/${parent.campaign.uuid}/followups`, 'silver')
    ).json();
    expect(listed.rows.map((row: { uuid: string }) => row.uuid)).toEqual([followup.campaign.uuid]);
    expect(
      (await t.api('GET', `/campaigns/${parent.campaign.uuid}`, 'silver')).json().campaign
        .followups,
    ).toEqual([followup.campaign.uuid]);
    const unlinked = (
      await t.api(
        'DELETE',
        `/campaigns/${parent.campaign.uuid}/followups?ident=${followup.campaign.uuid}`,
        'silver',
      )
    ).json();
    expect(unlinked.rows).toEqual([]);
  });
});

describe('site search and tags', () => {
  it('finds campaigns and merchants the user may see; an exact id is marked by_uuid', async () => {
    const { campaign } = await create('silver', ids.silberblick, 'coupon/offer');
    await t.api('POST', `/campaigns/${campaign.uuid}`, 'silver', {
      title: { de: 'Kuchen-Angebot' },
    });
    const byText = (await t.api('GET', '/ac/site-search?q=kuchen', 'silver')).json();
    expect(byText.hits.map((hit: { ident: string }) => hit.ident)).toContain(campaign.uuid);
    const byId = (await t.api('GET', `/ac/site-search?q=${campaign.uuid}`, 'silver')).json();
    expect(byId.hits).toHaveLength(1);
    expect(byId.hits[0]).toMatchObject({
      ident: campaign.uuid,
      by_uuid: true,
      merchantIdent: ids.silberblick,
      type: 'coupon/offer',
    });
    const foreign = (await t.api('GET', `/ac/site-search?q=${campaign.uuid}`, 'owner')).json();
    expect(foreign.hits).toEqual([]);
    const merchantsHit = (await t.api('GET', '/ac/site-search?q=Silberblick', 'owner')).json();
    expect(merchantsHit.hits).toEqual([]);
  });

  it('offers tags for autocompletion; only admins and agencies add them', async () => {
    expect((await t.api('POST', '/tags', 'owner', { name: 'Sommer' })).statusCode).toBe(403);
    expect((await t.api('POST', '/tags', 'agency', { name: 'Sommer' })).json()).toEqual({
      name: 'sommer',
    });
    expect((await t.api('GET', '/ac/tags?q=so', 'owner')).json()).toEqual({ tags: ['sommer'] });
  });

  it('measures a new tag as it is stored, in lower case, so that every campaign can take it', async () => {
    // 'İ' (one character) is 'i̇' (two) in lower case: 60 of them would be 120.
    const capitals = 'İ'.repeat(CAMPAIGN_TEXT_LIMITS.tag);
    expectProblem(await t.api('POST', '/tags', 'agency', { name: capitals }), {
      status: 400,
      message: 'invalid_value',
      field: 'name',
    });
    const longest = 'Ä'.repeat(CAMPAIGN_TEXT_LIMITS.tag);
    const created = await t.api('POST', '/tags', 'agency', { name: longest });
    expect(created.json()).toEqual({ name: longest.toLowerCase() });
  });
});
