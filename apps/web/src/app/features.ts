/**
 * The features with routes, composed by the router (their pages, in this
 * order in the route table) and the side menu (their entries, by `order`).
 * A new screen goes into its feature's `routes.tsx`; a new feature with
 * screens into this list.
 */
import { featureRoutes as accessCodeSets } from '../features/access-code-sets/routes';
import { featureRoutes as account } from '../features/account/routes';
import { featureRoutes as apiKeys } from '../features/api-keys/routes';
import { featureRoutes as apiTokens } from '../features/api-tokens/routes';
import { featureRoutes as auth } from '../features/auth/routes';
import { featureRoutes as backgroundJobs } from '../features/background-jobs/routes';
import { featureRoutes as campaigns } from '../features/campaigns/routes';
import { featureRoutes as dashboard } from '../features/dashboard/routes';
import { featureRoutes as devices } from '../features/devices/routes';
import { featureRoutes as merchantList } from '../features/merchant-list/routes';
import { featureRoutes as merchants } from '../features/merchants/routes';
import { featureRoutes as review } from '../features/review/routes';
import { featureRoutes as upgrade } from '../features/upgrade/routes';
import { featureRoutes as webhooks } from '../features/webhooks/routes';
import type { FeatureRoutes, MenuEntry } from '../shared/routing/feature-routes';

export const FEATURES: readonly FeatureRoutes[] = [
  auth,
  dashboard,
  upgrade,
  merchants,
  campaigns,
  review,
  apiKeys,
  account,
  backgroundJobs,
  webhooks,
  apiTokens,
  accessCodeSets,
  devices,
  merchantList,
];

/** Every feature's side-menu entries, in menu order. */
export const MENU_ENTRIES: readonly MenuEntry[] = FEATURES.flatMap(
  (feature) => feature.menu ?? [],
).sort((a, b) => a.order - b.order);
