import { describe, expect, it } from 'vitest';
import { isIdent, merchantIdentOfPath, merchantScreenPath, paths } from './paths';

const merchantIdent = '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

describe('paths', () => {
  it('builds the routes of docs/product.md#screens-and-routes', () => {
    expect(paths.dashboard()).toBe('/');
    expect(paths.pleaseUpgrade()).toBe('/please-upgrade');
    expect(paths.merchant.create()).toBe('/create');
    expect(paths.merchant.edit({ merchantIdent })).toBe(`/${merchantIdent}/merchant`);
    expect(paths.merchant.accounts({ merchantIdent })).toBe(`/${merchantIdent}/accounts`);
    expect(paths.merchant.locations({ merchantIdent })).toBe(`/${merchantIdent}/locations`);
    expect(paths.merchant.notifications({ merchantIdent })).toBe(`/${merchantIdent}/notifications`);
    expect(paths.merchant.webhooks({ merchantIdent })).toBe(`/${merchantIdent}/webhooks`);
    expect(paths.merchant.webhook({ merchantIdent, webhookId: 'w1' })).toBe(
      `/${merchantIdent}/webhooks/w1`,
    );
    expect(paths.merchant.apiTokens({ merchantIdent })).toBe(`/${merchantIdent}/api-tokens`);
    expect(paths.adminWebhooks.list()).toBe('/webhooks');
    expect(paths.adminWebhooks.detail({ webhookId: 'w1' })).toBe('/webhooks/w1');
    expect(paths.accessCodeSets.list()).toBe('/access-code-sets');
    expect(paths.accessCodeSets.edit({ id: 'create' })).toBe('/access-code-sets/create');
    expect(paths.accessCodeSets.codeUsage({ ident: 'x1' })).toBe('/access-code-sets/x1/code-usage');
    expect(paths.campaigns.create({ merchantIdent })).toBe(`/${merchantIdent}/campaigns/create`);
    expect(paths.apiKeys.list()).toBe('/api-keys');
    expect(paths.backgroundJobs.list()).toBe('/background-jobs');
    expect(paths.oauth.login()).toBe('/oauth2/login');
    expect(paths.oauth.logout()).toBe('/oauth2/logout');
    expect(paths.oauth.postback()).toBe('/oauth2/postback');
  });

  it('adds only the given list filters', () => {
    expect(paths.campaigns.list({ merchantIdent })).toBe(`/${merchantIdent}/campaigns/list`);
    expect(paths.campaigns.list({ merchantIdent }, { filter_status: 'created' })).toBe(
      `/${merchantIdent}/campaigns/list?filter_status=created`,
    );
    expect(
      paths.campaigns.list(
        { merchantIdent },
        { filter_status: 'active', filter_type: 'sweepstake/standard' },
      ),
    ).toBe(
      `/${merchantIdent}/campaigns/list?filter_status=active&filter_type=sweepstake%2Fstandard`,
    );
  });

  it('builds the campaign pages and the review queue', () => {
    const campaignIdent = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
    const params = { merchantIdent, campaignIdent };
    const base = `/${merchantIdent}/campaigns`;
    expect(paths.campaigns.step(params, 'coupon', 'benefit')).toBe(
      `${base}/coupon/${campaignIdent}/benefit`,
    );
    // The tip's benefit step is its root path (docs/product.md#screens-and-routes).
    expect(paths.campaigns.step(params, 'tip', 'benefit')).toBe(`${base}/tip/${campaignIdent}`);
    expect(paths.campaigns.review(params, 'sweepstake')).toBe(
      `${base}/sweepstake/${campaignIdent}/review`,
    );
    expect(paths.campaigns.handling(params, 'tip')).toBe(`${base}/tip/${campaignIdent}/handling`);
    expect(paths.campaigns.viewInApp(params)).toBe(`${base}/view-in-app/${campaignIdent}`);
    expect(paths.campaigns.create({ merchantIdent }, 'coupon/percent')).toBe(
      `${base}/create?type=coupon%2Fpercent`,
    );
    expect(paths.review.queue()).toBe('/review');
  });

  it('keeps every list filter in the URL, leaving out the defaults', () => {
    expect(
      paths.campaigns.list(
        { merchantIdent },
        {
          filter_campaign: 'Herbst',
          filter_runtime: 'running',
          order_by: '-modified',
          page: 2,
        },
      ),
    ).toBe(
      `/${merchantIdent}/campaigns/list?filter_campaign=Herbst&filter_runtime=running&order_by=-modified&page=2`,
    );
    expect(paths.campaigns.list({ merchantIdent }, { order_by: 'valid_from', page: 1 })).toBe(
      `/${merchantIdent}/campaigns/list`,
    );
  });

  it('encodes path segments', () => {
    expect(paths.merchant.edit({ merchantIdent: 'a/b' })).toBe('/a%2Fb/merchant');
  });

  it('accepts 36 hex digits or dashes in the form of a UUID as idents, as the server does', () => {
    expect(isIdent(merchantIdent)).toBe(true);
    expect(isIdent('not-an-ident')).toBe(false);
    // 36 hex digits or dashes, not in the 8-4-4-4-12 form: the server would refuse it.
    expect(isIdent('0123456789abcdef0123456789abcdef----')).toBe(false);
    expect(isIdent(undefined)).toBe(false);
  });

  it('says who an upgrade notice is about when no level opens the page', () => {
    expect(paths.pleaseUpgrade('admin')).toBe('/please-upgrade?for=admin');
    expect(paths.pleaseUpgrade('agency')).toBe('/please-upgrade?for=agency');
  });

  it('leads to each of a merchant’s screens', () => {
    expect(merchantScreenPath('profile', { merchantIdent })).toBe(`/${merchantIdent}/merchant`);
    expect(merchantScreenPath('accounts', { merchantIdent })).toBe(`/${merchantIdent}/accounts`);
    expect(merchantScreenPath('campaigns', { merchantIdent })).toBe(
      `/${merchantIdent}/campaigns/list`,
    );
  });

  it('tells the merchant a path belongs to, if any', () => {
    expect(merchantIdentOfPath(`/${merchantIdent}/campaigns/coupon/x/handling`)).toBe(
      merchantIdent,
    );
    expect(merchantIdentOfPath(`/${merchantIdent}`)).toBe(merchantIdent);
    expect(merchantIdentOfPath('/access-code-sets/abc')).toBeUndefined();
    expect(merchantIdentOfPath('/')).toBeUndefined();
    expect(merchantIdentOfPath('/not-a-merchant/campaigns/list')).toBeUndefined();
  });
});
