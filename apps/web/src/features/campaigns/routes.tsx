/**
 * The campaign container /{merchantIdent}/campaigns and its children (spec
 * §2): the list, creation, the in-app view, and each family's pages (the root
 * path and the step sub-pages, named family-step such as coupon-review; the
 * tip's benefit step is its root).
 */
import { CAMPAIGN_STEPS, type CampaignFamily } from '@backoffice/domain';
import { paths, routePatterns } from '../../shared/paths';
import type { FeatureRoute, FeatureRoutes } from '../../shared/routing/feature-routes';

const campaignPage = () => import('./pages/campaign-page');
const campaignSubmittedPage = () => import('./pages/campaign-submitted-page');
const campaignListPage = () => import('./pages/campaign-list-page');

function campaignFamilyRoute(family: CampaignFamily): FeatureRoute {
  const handle = (campaignStep: (typeof CAMPAIGN_STEPS)[number]) => ({
    campaignFamily: family,
    campaignStep,
  });
  return {
    path: routePatterns.campaignChildren.campaign(family),
    ...(family === 'tip' ? { guard: 'requireTips' as const } : {}),
    children: [
      {
        index: true,
        id: family === 'tip' ? 'tip-benefit' : family,
        handle: handle('benefit'),
        page: campaignPage,
        texts: 'campaigns',
      },
      ...CAMPAIGN_STEPS.filter((step) => family !== 'tip' || step !== 'benefit').map(
        (step): FeatureRoute => ({
          path: step,
          id: `${family}-${step}`,
          handle: handle(step),
          page: campaignPage,
          texts: 'campaigns',
        }),
      ),
      {
        path: routePatterns.campaignChildren.submitted,
        id: `${family}-submitted`,
        page: campaignSubmittedPage,
        texts: 'campaigns',
      },
    ],
  };
}

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.campaigns.slice(1),
      guard: { merchantScreen: 'campaigns' },
      page: () => import('./pages/campaigns-layout'),
      texts: 'campaigns',
      children: [
        { index: true, id: 'campaigns', page: campaignListPage, texts: 'campaigns' },
        {
          path: routePatterns.campaignChildren.list,
          id: 'campaign-list',
          page: campaignListPage,
          texts: 'campaigns',
        },
        {
          path: routePatterns.campaignChildren.create,
          id: 'campaign-create',
          page: () => import('./pages/campaign-create-page'),
          texts: 'campaigns',
        },
        {
          path: routePatterns.campaignChildren.viewInApp,
          id: 'campaign-view-in-app',
          page: () => import('./pages/view-in-app-page'),
          texts: 'campaigns',
        },
        campaignFamilyRoute('sweepstake'),
        campaignFamilyRoute('coupon'),
        campaignFamilyRoute('tip'),
      ],
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 20,
      icon: 'campaigns',
      label: (t) => t('nav.campaigns'),
      audience: 'campaigns',
      to: (merchantIdent) => (merchantIdent ? paths.campaigns.list({ merchantIdent }) : undefined),
      prefix: (merchantIdent) => (merchantIdent ? `/${merchantIdent}/campaigns` : undefined),
    },
  ],
};
