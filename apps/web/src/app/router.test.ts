// @vitest-environment jsdom
/**
 * Every route of docs/product.md#screens-and-routes resolves through the router's route table to the
 * page meant for it, the named ones (merchant-create, family-step such as
 * coupon-review) by their name.
 */
import { CAMPAIGN_STEPS } from '@backoffice/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

const merchant = '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';
const campaign = '1c2d3e4f-5061-7283-94a5-b6c7d8e9f0a1';

/** The id of the deepest route the path matches, and the handle it carries. */
function resolve(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1)?.route;
  return { id: leaf?.id, handle: leaf?.handle as unknown };
}

describe('the route table', () => {
  it.each([
    ['/', 'dashboard'],
    ['/please-upgrade', 'please-upgrade'],
    ['/create', 'merchant-create'],
    [`/${merchant}/merchant`, 'merchant-edit'],
    [`/${merchant}/accounts`, 'merchant-accounts'],
    [`/${merchant}/locations`, 'merchant-locations'],
    [`/${merchant}/notifications`, 'merchant-notifications'],
    [`/${merchant}/webhooks`, 'merchant-webhooks'],
    [`/${merchant}/webhooks/${campaign}`, 'merchant-webhook'],
    [`/${merchant}/api-tokens`, 'merchant-api-tokens'],
    ['/webhooks', 'admin-webhooks'],
    [`/webhooks/${campaign}`, 'admin-webhook'],
    ['/access-code-sets', 'access-code-set-list'],
    ['/access-code-sets/create', 'access-code-set-edit'],
    ['/access-code-sets/abc', 'access-code-set-edit'],
    ['/access-code-sets/abc/code-usage', 'access-code-set-code-usage'],
    [`/${merchant}/campaigns`, 'campaigns'],
    [`/${merchant}/campaigns/list`, 'campaign-list'],
    [`/${merchant}/campaigns/create`, 'campaign-create'],
    [`/${merchant}/campaigns/view-in-app/${campaign}`, 'campaign-view-in-app'],
    [`/${merchant}/campaigns/sweepstake/${campaign}`, 'sweepstake'],
    [`/${merchant}/campaigns/coupon/${campaign}`, 'coupon'],
    [`/${merchant}/campaigns/tip/${campaign}`, 'tip-benefit'],
    [`/${merchant}/campaigns/coupon/${campaign}/submitted`, 'coupon-submitted'],
    ['/oauth2/login', 'oauth-login'],
    ['/oauth2/logout', 'oauth-logout'],
    ['/oauth2/postback', 'oauth-postback'],
    ['/no/such/page', 'not-found'],
  ])('%s resolves to %s', (path, id) => {
    expect(resolve(path).id).toBe(id);
  });

  it.each([
    ['sweepstake-review', `sweepstake/${campaign}/review`],
    ['sweepstake-handling', `sweepstake/${campaign}/handling`],
    ['coupon-review', `coupon/${campaign}/review`],
    ['coupon-handling', `coupon/${campaign}/handling`],
    ['tip-review', `tip/${campaign}/review`],
    ['tip-handling', `tip/${campaign}/handling`],
  ])('the named route %s is /{merchantIdent}/campaigns/%s', (name, path) => {
    expect(resolve(`/${merchant}/campaigns/${path}`).id).toBe(name);
  });

  it('names every step page family-step, with the tip benefit at its root', () => {
    for (const family of ['sweepstake', 'coupon', 'tip'] as const) {
      for (const step of CAMPAIGN_STEPS) {
        const root = family === 'tip' && step === 'benefit';
        const path = `/${merchant}/campaigns/${family}/${campaign}${root ? '' : `/${step}`}`;
        const expectedId = root ? 'tip-benefit' : `${family}-${step}`;
        expect(resolve(path)).toEqual({
          id: expectedId,
          handle: { campaignFamily: family, campaignStep: step },
        });
      }
    }
    // The tip has no separate benefit page: its root is the benefit step.
    expect(resolve(`/${merchant}/campaigns/tip/${campaign}/benefit`).id).toBe('not-found');
  });
});
