/**
 * Every URL of the app, built in one place (docs/product.md#screens-and-routes). Components never
 * concatenate paths themselves; route definitions use the patterns below.
 */
import {
  isIdent,
  type CampaignFamily,
  type CampaignOrderOption,
  type CampaignStep,
  type MerchantScreen,
  type RuntimeFilter,
  type TypeFilter,
  type UserLevel,
} from '@backoffice/domain';
import type { CampaignStatus } from '@backoffice/domain';

interface MerchantParams {
  merchantIdent: string;
}
interface CampaignParams extends MerchantParams {
  campaignIdent: string;
}

export interface CampaignListFilters {
  filter_status?: CampaignStatus;
  filter_type?: TypeFilter;
  filter_campaign?: string;
  filter_runtime?: RuntimeFilter;
  /** Omitted for the default order (valid_from). */
  order_by?: CampaignOrderOption;
  /** Omitted for page 1. */
  page?: number;
}

/**
 * The users a screen is reserved for, when no merchant level opens it: the
 * upgrade notice then says so instead of offering an upgrade.
 */
export type ReservedFor = Exclude<UserLevel, 'other'>;

const seg = (value: string): string => encodeURIComponent(value);

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The campaign container's child segments (docs/product.md#screens-and-routes), shared by the patterns and the builders. */
const CAMPAIGN_CHILD = {
  list: 'list',
  create: 'create',
  viewInApp: 'view-in-app',
  submitted: 'submitted',
} as const;

/** Route patterns for the router (react-router syntax). */
export const routePatterns = {
  dashboard: '/',
  pleaseUpgrade: '/please-upgrade',
  merchantCreate: '/create',
  merchantEdit: '/:merchantIdent/merchant',
  merchantAccounts: '/:merchantIdent/accounts',
  merchantLocations: '/:merchantIdent/locations',
  merchantNotifications: '/:merchantIdent/notifications',
  merchantWebhooks: '/:merchantIdent/webhooks',
  merchantWebhook: '/:merchantIdent/webhooks/:webhookId',
  merchantApiTokens: '/:merchantIdent/api-tokens',
  accessCodeSets: '/access-code-sets',
  accessCodeSetsAll: '/access-code-sets/*',
  merchantList: '/merchants',
  campaigns: '/:merchantIdent/campaigns',
  reviewQueue: '/review',
  apiKeys: '/api-keys',
  backgroundJobs: '/background-jobs',
  adminWebhooks: '/webhooks',
  adminWebhook: '/webhooks/:webhookId',
  devices: '/devices',
  twoFactor: '/two-factor',
  oauthLogin: '/oauth2/login',
  oauthLogout: '/oauth2/logout',
  oauthPostback: '/oauth2/postback',
  /** The children of the campaign container, relative to routePatterns.campaigns. */
  campaignChildren: {
    list: CAMPAIGN_CHILD.list,
    create: CAMPAIGN_CHILD.create,
    viewInApp: `${CAMPAIGN_CHILD.viewInApp}/:campaignIdent`,
    /** One campaign's root path; its step pages are relative to it (`review`, ...). */
    campaign: (family: CampaignFamily) => `${family}/:campaignIdent`,
    /** The post-submit screen, relative to the campaign's root path. */
    submitted: CAMPAIGN_CHILD.submitted,
  },
} as const;

export const paths = {
  dashboard: () => '/',
  /** The upgrade notice (docs/product.md#screens-and-routes); `reservedFor` when the page wanted is for admins or agencies alone. */
  pleaseUpgrade: (reservedFor?: ReservedFor) => withQuery('/please-upgrade', { for: reservedFor }),
  merchant: {
    create: () => '/create',
    edit: ({ merchantIdent }: MerchantParams) => `/${seg(merchantIdent)}/merchant`,
    accounts: ({ merchantIdent }: MerchantParams) => `/${seg(merchantIdent)}/accounts`,
    locations: ({ merchantIdent }: MerchantParams) => `/${seg(merchantIdent)}/locations`,
    notifications: ({ merchantIdent }: MerchantParams) => `/${seg(merchantIdent)}/notifications`,
    webhooks: ({ merchantIdent }: MerchantParams) => `/${seg(merchantIdent)}/webhooks`,
    /** One of the merchant's webhook endpoints, with its delivery log. */
    webhook: ({ merchantIdent, webhookId }: MerchantParams & { webhookId: string }) =>
      `/${seg(merchantIdent)}/webhooks/${seg(webhookId)}`,
    /** The merchant's tokens for integrators (API-Zugänge). */
    apiTokens: ({ merchantIdent }: MerchantParams) => `/${seg(merchantIdent)}/api-tokens`,
  },
  /** The merchants the user may act for (admins and agencies). */
  merchantList: () => '/merchants',
  accessCodeSets: {
    list: () => '/access-code-sets',
    /** A set's page by its id, or the new set's ('create'). */
    edit: ({ id }: { id: string }) => `/access-code-sets/${seg(id)}`,
    codeUsage: ({ ident }: { ident: string }) => `/access-code-sets/${seg(ident)}/code-usage`,
  },
  campaigns: {
    list: ({ merchantIdent }: MerchantParams, filters: CampaignListFilters = {}) =>
      withQuery(`/${seg(merchantIdent)}/campaigns/${CAMPAIGN_CHILD.list}`, {
        filter_status: filters.filter_status,
        filter_type: filters.filter_type,
        filter_campaign: filters.filter_campaign,
        filter_runtime: filters.filter_runtime,
        order_by: filters.order_by === 'valid_from' ? undefined : filters.order_by,
        page: filters.page !== undefined && filters.page > 1 ? String(filters.page) : undefined,
      }),
    /** The creation page; `type` asks for one campaign type (e.g. coupon/percent). */
    create: ({ merchantIdent }: MerchantParams, type?: string) =>
      withQuery(`/${seg(merchantIdent)}/campaigns/${CAMPAIGN_CHILD.create}`, { type }),
    /** The root page (benefit step) of one campaign, e.g. /{m}/campaigns/coupon/{c}. */
    detail: ({ merchantIdent, campaignIdent }: CampaignParams, family: CampaignFamily) =>
      `/${seg(merchantIdent)}/campaigns/${family}/${seg(campaignIdent)}`,
    /** One step page; the tip's benefit step is its root path (docs/product.md#screens-and-routes). */
    step: (params: CampaignParams, family: CampaignFamily, step: CampaignStep): string =>
      family === 'tip' && step === 'benefit'
        ? paths.campaigns.detail(params, family)
        : `${paths.campaigns.detail(params, family)}/${step}`,
    /** Named routes of docs/product.md#screens-and-routes: sweepstake-review, coupon-review, tip-review. */
    review: (params: CampaignParams, family: CampaignFamily): string =>
      paths.campaigns.step(params, family, 'review'),
    /** Named routes of docs/product.md#screens-and-routes: sweepstake-handling, coupon-handling, tip-handling. */
    handling: (params: CampaignParams, family: CampaignFamily): string =>
      paths.campaigns.step(params, family, 'handling'),
    /** A step page that brings one field into view (the review's links to open errors). */
    stepField: (
      params: CampaignParams,
      family: CampaignFamily,
      step: CampaignStep,
      field: string,
    ): string => withQuery(paths.campaigns.step(params, family, step), { field }),
    /** The post-submit screen: what happens next (docs/product.md#the-campaign-wizard). */
    submitted: (params: CampaignParams, family: CampaignFamily): string =>
      `${paths.campaigns.detail(params, family)}/${CAMPAIGN_CHILD.submitted}`,
    viewInApp: ({ merchantIdent, campaignIdent }: CampaignParams) =>
      `/${seg(merchantIdent)}/campaigns/${CAMPAIGN_CHILD.viewInApp}/${seg(campaignIdent)}`,
  },
  /** The admins' review queue of submitted campaigns. */
  review: {
    queue: () => '/review',
  },
  /** The admins' API keys of the consumer app (participation data). */
  apiKeys: {
    list: () => '/api-keys',
  },
  /** The admins' view of the background jobs: queues, failed jobs, retries. */
  backgroundJobs: {
    list: () => '/background-jobs',
  },
  /** The admins' webhook endpoints, told of the events of every merchant. */
  adminWebhooks: {
    list: () => '/webhooks',
    detail: ({ webhookId }: { webhookId: string }) => `/webhooks/${seg(webhookId)}`,
  },
  /** The account's signed-in devices (every user, from the user menu). */
  devices: () => '/devices',
  /** The caller's own two-factor sign-in (user menu). */
  twoFactor: () => '/two-factor',
  oauth: {
    login: () => '/oauth2/login',
    logout: () => '/oauth2/logout',
    postback: () => '/oauth2/postback',
  },
} as const;

/** Paths reachable without a token (docs/product.md#identity-and-sign-in). */
export const PUBLIC_PATHS: readonly string[] = [
  paths.oauth.login(),
  paths.oauth.logout(),
  paths.oauth.postback(),
];

/** Route merchant and campaign idents: the domain's rule, the server's. */
export { isIdent };

/** The page of one of a merchant's screens (its campaigns: the list). */
export function merchantScreenPath(screen: MerchantScreen, params: MerchantParams): string {
  switch (screen) {
    case 'profile':
      return paths.merchant.edit(params);
    case 'accounts':
      return paths.merchant.accounts(params);
    case 'locations':
      return paths.merchant.locations(params);
    case 'notifications':
      return paths.merchant.notifications(params);
    case 'webhooks':
      return paths.merchant.webhooks(params);
    case 'apiTokens':
      return paths.merchant.apiTokens(params);
    case 'campaigns':
      return paths.campaigns.list(params);
  }
}

/**
 * The merchant a path belongs to: every page of one merchant starts with its
 * ident (/{merchantIdent}/…), no other page does. Undefined for the pages
 * that are no merchant's (the admins' screens, /create, /please-upgrade).
 */
export function merchantIdentOfPath(pathname: string): string | undefined {
  const first = pathname.split('/')[1];
  return isIdent(first) ? first : undefined;
}
