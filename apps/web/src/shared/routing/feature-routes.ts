/**
 * What a feature's `routes.tsx` gives the app: its pages with their paths,
 * guards (by name) and text parts, and its entries of the side menu. The app
 * composes them (`app/router.tsx`, `app/shell/side-menu.tsx`), so it does not
 * know every page, and a feature names guards and menu rules instead of
 * importing the app.
 *
 * Every feature's routes load with the app's first file (the route table is
 * needed before anything else): they hold paths, names and lazy imports
 * only, no page, guard, icon or domain rule.
 */
import type { MerchantScreen } from '@backoffice/domain';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { TextPartName } from '../i18n/text-parts';

/**
 * A guard of `app/guards.ts` by its name, run as the route's loader;
 * `{ merchantScreen }` is `requireMerchantScreen(screen)`.
 */
export type GuardName =
  | 'requireTips'
  | 'requireAdmin'
  | 'requireAccessCodeSets'
  | 'requireMerchantList'
  | 'requireMerchantEdit'
  | 'requireMerchantProfileAccess'
  | { merchantScreen: MerchantScreen };

/** A page's module as react-router's `lazy` takes it (`Component`, `loader`, ...). */
export type PageModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;

/** A page's lazy import: its module is a chunk of its own (or shares one with its feature's pages). */
export type PageImport = () => Promise<PageModule>;

export interface FeatureRoute {
  /** Relative to the parent route (inside the shell: without the leading slash). */
  path?: string;
  index?: true;
  /** The route's name (`useMatches`, the route table's tests). */
  id?: string;
  guard?: GuardName;
  /** The page, loaded when the route is entered; its texts come along with it. */
  page?: PageImport;
  /** The text part the page shows (`shared/i18n/text-parts.ts`), loaded with it. */
  texts?: TextPartName;
  /** A component known up front instead of a lazy page (the 404 page). */
  Component?: ComponentType;
  handle?: unknown;
  children?: readonly FeatureRoute[];
}

/** The side menu's icons by name; the menu holds the icons, so they load with the shell. */
export type MenuIcon =
  | 'dashboard'
  | 'campaigns'
  | 'merchant'
  | 'merchantList'
  | 'accessCodeSets'
  | 'apiKeys'
  | 'backgroundJobs'
  | 'webhooks'
  | 'review';

/**
 * Who sees an entry, by name; the side menu holds the rules (the domain's
 * permissions load with the shell): `everyone` signed in, `campaigns` those
 * whose merchant's roles open the campaigns (or who act for none yet),
 * `merchantList` admins and agencies, `admins` the administrators.
 */
export type MenuAudience = 'everyone' | 'campaigns' | 'merchantList' | 'admins';

interface MenuEntryBase {
  /** Position among all features' entries, ascending. */
  order: number;
  icon: MenuIcon;
  label: (t: TFunction) => string;
  audience: MenuAudience;
}

/** A link; without a target (`to` gives none) it shows disabled. */
export interface MenuLinkEntry extends MenuEntryBase {
  kind: 'link';
  to: (merchantIdent: string | undefined) => string | undefined;
  /** Also active below this path (e.g. /access-code-sets/…). */
  prefix?: (merchantIdent: string | undefined) => string | undefined;
}

/**
 * The acting merchant's section: leads to the first of its screens the user
 * may open, and lists the others below it while one of them is open.
 */
export interface MenuSectionEntry extends MenuEntryBase {
  kind: 'merchantSection';
}

export type MenuEntry = MenuLinkEntry | MenuSectionEntry;

/** What one feature's `routes.tsx` exports as `featureRoutes`. */
export interface FeatureRoutes {
  /** Pages outside the signed-in shell (sign-in, postback, logout), by absolute path. */
  public?: readonly FeatureRoute[];
  /** Pages inside the signed-in shell, relative to it. */
  shell?: readonly FeatureRoute[];
  menu?: readonly MenuEntry[];
}
