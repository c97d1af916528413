/**
 * The authorization matrix (issue 16, point 1): every route of the server's
 * own route table × every kind of caller × the caller's own and a foreign
 * merchant's objects, with the status each cell must answer. A route that is
 * added without an entry here fails the test, and so does an entry whose
 * route is gone.
 *
 * How a cell is judged: a refused cell must answer exactly its status (401 no
 * valid session, 403 a missing role, level or admin right, 404 an object of a
 * merchant the caller may not act for, as the access resolver answers). An
 * allowed cell only has to pass the access check: it may answer 2xx or any
 * other 4xx (400 validation, 409 state), but not 401, 403 or the resolver's
 * 404 `not_found`, and never 5xx. Bodies are valid where a refusal is
 * expected (request validation runs before the handler's access check, so an
 * invalid body would hide a missing check behind a 400). Public routes (the
 * identity provider's pages, the API docs, the web app) are only checked not
 * to fail (no 5xx).
 *
 * Writes must not spoil later cells: deletions and status changes run on
 * objects made for the cell, and logout runs last.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ROLES, NOTIFICATION_EVENTS, type AccountRole } from '@backoffice/domain';
import { accounts, users } from '../src/platform/db/schema.js';
import { hashPassword } from '../src/platform/identity/passwords.js';
import { insertSession } from '../src/platform/identity/sessions.js';
import { multipartFile } from './fixtures/multipart.js';
import { bearer, createTestApp, routeTable, type TestApp } from './helpers.js';

// ---------------------------------------------------------------- callers

/** The user level and merchant a signed-in caller acts with. */
interface Caller {
  /** Key in `t.tokens`; undefined: no Authorization header at all. */
  token?: string;
  /** Undefined: the token does not get past authentication. */
  user?: {
    level: 'admin' | 'agency' | 'other';
    /** Roles at the caller's own merchant. */
    roles: readonly AccountRole[];
    /** The merchant level the caller acts with at its own merchant. */
    merchantLevel: number;
    /** Single-merchant user (the please-upgrade rule applies at level 0). */
    single: boolean;
  };
  /** The merchants whose objects are "own" and "foreign" for this caller. */
  own: MerchantKey;
  foreign: MerchantKey;
}

/**
 * Sonnenschein (level 0): owner (every role) and staff (manage-campaigns);
 * Silberblick (level 1): silver; Adler: linked to the agency; Keller (level
 * 2): stranger (every role) and clerk (manage-campaigns), users of another
 * merchant made for this test. The clerk's merchant level lets no
 * please-upgrade rule answer before a missing role does.
 */
type MerchantKey = 'sonnenschein' | 'silberblick' | 'adler' | 'keller';
const BRANDS: Record<MerchantKey, string> = {
  sonnenschein: 'Bäckerei Sonnenschein',
  silberblick: 'Café Silberblick',
  adler: 'Modehaus Adler',
  keller: 'Autohaus Keller',
};

const CALLERS: Record<string, Caller> = {
  anonymous: { own: 'sonnenschein', foreign: 'silberblick' },
  expired: { token: 'expired', own: 'sonnenschein', foreign: 'silberblick' },
  ended: { token: 'ended', own: 'sonnenschein', foreign: 'silberblick' },
  admin: {
    token: 'admin',
    user: { level: 'admin', roles: ACCOUNT_ROLES, merchantLevel: 10, single: false },
    own: 'sonnenschein',
    foreign: 'silberblick',
  },
  // "own" is a merchant the agency is linked to, "foreign" one it is not.
  agency: {
    token: 'agency',
    user: { level: 'agency', roles: ACCOUNT_ROLES, merchantLevel: 5, single: false },
    own: 'adler',
    foreign: 'sonnenschein',
  },
  owner: {
    token: 'owner',
    user: { level: 'other', roles: ACCOUNT_ROLES, merchantLevel: 0, single: true },
    own: 'sonnenschein',
    foreign: 'silberblick',
  },
  staff: {
    token: 'staff',
    user: { level: 'other', roles: ['manage-campaigns'], merchantLevel: 0, single: true },
    own: 'sonnenschein',
    foreign: 'silberblick',
  },
  silver: {
    token: 'silver',
    user: { level: 'other', roles: ACCOUNT_ROLES, merchantLevel: 1, single: true },
    own: 'silberblick',
    foreign: 'sonnenschein',
  },
  stranger: {
    token: 'stranger',
    user: { level: 'other', roles: ACCOUNT_ROLES, merchantLevel: 2, single: true },
    own: 'keller',
    foreign: 'sonnenschein',
  },
  clerk: {
    token: 'clerk',
    user: { level: 'other', roles: ['manage-campaigns'], merchantLevel: 2, single: true },
    own: 'keller',
    foreign: 'sonnenschein',
  },
};

// ---------------------------------------------------------------- rules

/**
 * What a route asks of its caller:
 * - public: anyone; only "no 5xx" is checked
 * - signed-in: any live session
 * - admin: admins alone (403 for everyone else, whatever the object)
 * - tips: admins and agencies (tags belong to tips)
 * - api-key: the consumer app's API key, never a user's token (401)
 * - create-merchant: signed-in, but not a level-0 single-merchant user (please upgrade)
 * - merchant / merchant:<role>: may act for the merchant in the path (404 if
 *   not), holding the role (403 if not)
 * - merchant-profile: merchant:manage-merchant and not a level-0
 *   single-merchant user (403 upgrade_required)
 * - account-settings: may act for the merchant, and the account in the path
 *   is the caller's own or the caller holds manage-accounts (the matrix
 *   always addresses another user's account); the account is looked up first
 * - campaign:manage-campaigns: merchant:manage-campaigns for the campaign's
 *   merchant; a tip campaign (target 'tip', also for creating one) needs an
 *   admin or agency besides (403)
 * - campaign:silver: campaign:manage-campaigns at merchant level 1 or more
 * - merchant-admin: admins alone (403 for everyone else), for an account of
 *   the merchant in the path (404 for another merchant's)
 */
type Rule =
  | 'public'
  | 'signed-in'
  | 'admin'
  | 'tips'
  | 'api-key'
  | 'create-merchant'
  | 'merchant'
  | `merchant:${AccountRole}`
  | 'merchant-profile'
  | 'account-settings'
  | 'campaign:manage-campaigns'
  | 'campaign:silver'
  | 'merchant-admin';

/**
 * own: the caller's merchant's objects; foreign: another merchant's (for the
 * agency: one it is not linked to); mixed: the caller's own merchant in the
 * path with a foreign merchant's location, import job or account after it;
 * tip: a tip campaign of the caller's own merchant (tips are for admins and agencies).
 */
type Target = 'own' | 'foreign' | 'mixed' | 'tip';
/** A status the cell must answer, or 'allowed' (the access check passed), or 'answers' (no 5xx). */
type Expected = 401 | 403 | 404 | 'allowed' | 'answers';

function expected(rule: Rule, caller: Caller, target: Target): Expected {
  if (rule === 'public') return 'answers';
  const user = caller.user;
  if (!user || rule === 'api-key') return 401;
  if (rule === 'signed-in') return 'allowed';
  if (rule === 'admin') return user.level === 'admin' ? 'allowed' : 403;
  if (rule === 'merchant-admin') {
    return user.level !== 'admin' ? 403 : target === 'mixed' ? 404 : 'allowed';
  }
  if (rule === 'tips') return user.level === 'other' ? 403 : 'allowed';
  const mustUpgrade = user.level === 'other' && user.single && user.merchantLevel === 0;
  if (rule === 'create-merchant') return mustUpgrade ? 403 : 'allowed';
  // Scoped to one merchant (the path's, the body's or the campaign's).
  if (target === 'foreign' && user.level !== 'admin') return 404;
  const role: AccountRole | undefined = rule.startsWith('merchant:')
    ? (rule.slice('merchant:'.length) as AccountRole)
    : rule === 'merchant-profile'
      ? 'manage-merchant'
      : rule === 'account-settings'
        ? 'manage-accounts'
        : rule.startsWith('campaign:')
          ? 'manage-campaigns'
          : undefined;
  if (rule === 'account-settings' && target === 'mixed') return 404;
  if (role && !user.roles.includes(role)) return 403;
  if (rule === 'merchant-profile' && mustUpgrade) return 403;
  if (target === 'tip' && user.level === 'other') return 403;
  if (rule === 'campaign:silver' && user.merchantLevel < 1) return 403;
  // Past the access check, another merchant's object is not found in this one.
  return target === 'mixed' ? 404 : 'allowed';
}

// ---------------------------------------------------------------- objects

/** Objects of one merchant that the routes address. */
interface Objects {
  merchant: string;
  campaign: string;
  /** The type of `campaign`, and of the campaigns made for a cell. */
  campaignType: string;
  /** A tip campaign of the merchant (tips are for admins and agencies). */
  tip: string;
  location: string;
  /** A location import job. */
  job: string;
  /** The account of a user made for this test (not the caller's own). */
  account: string;
}

/** What a cell sends beyond method and path. */
interface Request {
  /** Path parameters; those not given come from the target's objects. */
  params?: Record<string, string>;
  query?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface Entry {
  rule: Rule;
  /**
   * Builds the request for the target's objects; may make throwaway objects
   * for the cell (`token`: the caller's, for objects of the caller's own).
   */
  request?: (objects: Objects, token: string | undefined) => Request | Promise<Request>;
  /** Also addressed with a tip campaign (for routes of a campaign: those with a campaign rule). */
  tips?: boolean;
  /** Runs after every other route (it spoils the caller's session). */
  last?: boolean;
}

let t: TestApp;
const objects = {} as Record<MerchantKey, Objects>;
let accessCodeSet = '';
let apiKey = '';
let serial = 0;
const unique = (prefix: string) => `${prefix}-${(serial += 1)}`;

/** The answer's JSON; throws unless the setup step answered 200. */
async function ok<T>(response: { statusCode: number; body: string }, what: string): Promise<T> {
  if (response.statusCode !== 200)
    throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as T;
}

const address = {
  name: 'Filiale Matrix',
  type: 'store',
  street: 'Kaufingerstraße',
  streetnumber: '5',
  zip: '80331',
  city: 'München',
  country: 'DE',
  opening_hours: '',
  is_redemption: true,
  use_anyway: true,
};
const csv =
  'name,street,streetnumber,zip,city,country,is_redemption\nFiliale,Unter den Linden,1,10117,Berlin,DE,ja\n';
const profile = {
  name: 'Matrix GmbH',
  brand_name: 'Matrix',
  description: '',
  vatin: '',
  telephone: '',
  email: '',
  website: '',
  social: { facebook: '', twitter: '', youtube: '', pinterest: '', instagram: '' },
  contacts: [],
  coreg_enabled: false,
  coreg_default_suitable: false,
  coreg_terms: { sponsor_name: '', unsubscribe_email: '', privacy_url: '', contact_text: '' },
};

/** A new campaign of the merchant, made by the admin. */
async function freshCampaign(merchant: string, type = 'coupon/percent'): Promise<string> {
  const created = await ok<{ campaign: { uuid: string } }>(
    await t.api('POST', '/campaigns', 'admin', { merchant, type }),
    'campaign',
  );
  return created.campaign.uuid;
}

async function freshLocation(merchant: string): Promise<string> {
  const saved = await ok<{ location: { id: string } }>(
    await t.api('POST', `/merchants/${merchant}/locations`, 'admin', address),
    'location',
  );
  return saved.location.id;
}

/** A user made for this test with an account at the merchant. */
async function freshAccount(merchant: string, roles: AccountRole[] = [...ACCOUNT_ROLES]) {
  const [user] = await t.ctx.db
    .insert(users)
    .values({ email: `${unique('matrix')}@example.com` })
    .returning();
  const [account] = await t.ctx.db
    .insert(accounts)
    .values({ merchantId: merchant, userId: String(user?.id), roles })
    .returning();
  return String(account?.id);
}

async function makeObjects(merchant: string): Promise<Objects> {
  const file = multipartFile('upload', 'filialen.csv', csv, 'text/csv');
  const { job } = await ok<{ job: { id: string } }>(
    await t.api(
      'POST',
      `/merchants/${merchant}/multiple-locations`,
      'admin',
      file.payload,
      file.headers,
    ),
    'import job',
  );
  return {
    merchant,
    campaign: await freshCampaign(merchant),
    campaignType: 'coupon/percent',
    tip: await freshCampaign(merchant, 'tip/standard'),
    location: await freshLocation(merchant),
    job: job.id,
    account: await freshAccount(merchant),
  };
}

/** A throwaway session of the token's user, for a cell that ends one (a made-up id without a user). */
async function freshSessionOf(token: string | undefined): Promise<string> {
  const userId = token ? decodeJwt(token).sub : undefined;
  if (!userId) return randomUUID();
  const device = { userAgent: 'matrix', address: null };
  return (await insertSession(t.ctx.db, userId, 1, device)).id;
}

const image = () => multipartFile('upload', 'bild.png', 'not really a png', 'image/png');
const chart: Request = { query: 'count=4&start=2026-01-05' };
const codesFile = () => multipartFile('upload', 'codes.txt', 'M1\nM2\n', 'text/plain');

// ---------------------------------------------------------------- the matrix

/** One entry per route of the route table (method and path in Fastify's form). */
const MATRIX: Record<string, Entry> = {
  // Identity provider, API docs, web app, probes: public.
  'GET /identity/authorize': { rule: 'public' },
  'POST /identity/authorize': { rule: 'public', request: () => ({ payload: {} }) },
  'POST /identity/token': { rule: 'public', request: () => ({ payload: {} }) },
  'POST /identity/authorize/code': { rule: 'public', request: () => ({ payload: {} }) },
  'POST /identity/authorize/setup': { rule: 'public', request: () => ({ payload: {} }) },
  'POST /identity/authorize/continue': { rule: 'public', request: () => ({ payload: {} }) },
  'GET /identity/jwks.json': { rule: 'public' },
  'GET /identity/register': { rule: 'public' },
  'POST /identity/register': { rule: 'public', request: () => ({ payload: {} }) },
  'GET /identity/password-forgotten': { rule: 'public' },
  'POST /identity/password-forgotten': { rule: 'public', request: () => ({ payload: {} }) },
  'GET /identity/password-reset': { rule: 'public' },
  'POST /identity/password-reset': { rule: 'public', request: () => ({ payload: {} }) },
  'GET /.well-known/oauth-authorization-server': { rule: 'public' },
  'POST /identity/revoke': { rule: 'public', request: () => ({ payload: {} }) },
  'GET /api/docs': { rule: 'public' },
  'GET /api/docs/': { rule: 'public' },
  'GET /api/docs/static/index.html': { rule: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { rule: 'public' },
  'GET /api/docs/*': { rule: 'public', request: () => ({ params: { '*': 'static/logo.svg' } }) },
  'GET /api/docs/json': { rule: 'public' },
  'GET /api/docs/yaml': { rule: 'public' },
  'GET /health': { rule: 'public' },
  'GET /ready': { rule: 'public' },
  'GET /config.json': { rule: 'public' },
  'GET *': { rule: 'public', request: () => ({ params: { '*': 'campaigns' } }) },

  // Session.
  'GET /api/v2/my/tokens': { rule: 'signed-in' },
  'POST /api/init-user': { rule: 'signed-in' },
  'POST /api/session/logout': { rule: 'signed-in', last: true },
  'GET /api/merchants/:id/linked-with-account': { rule: 'signed-in' },
  // The caller's own sessions (another person's answers 404: test/my-sessions.test.ts).
  'GET /api/my/sessions': { rule: 'signed-in' },
  'DELETE /api/my/sessions/:id': {
    rule: 'signed-in',
    request: async (_objects, token) => ({ params: { id: await freshSessionOf(token) } }),
  },
  'POST /api/my/sessions/end-others': { rule: 'signed-in' },
  'GET /api/my/two-factor': { rule: 'signed-in' },
  'POST /api/my/two-factor/setup': { rule: 'signed-in' },
  'POST /api/my/two-factor/confirm': {
    rule: 'signed-in',
    request: () => ({ payload: { code: '000000' } }),
  },
  'POST /api/my/two-factor/disable': {
    rule: 'signed-in',
    request: () => ({ payload: { password: 'wrong' } }),
  },
  'POST /api/my/two-factor/recovery-codes': { rule: 'signed-in' },
  // The caller's own password (a wrong current one: the access check passes, the change does not).
  'GET /api/my/password': { rule: 'signed-in' },
  'POST /api/my/password': {
    rule: 'signed-in',
    request: () => ({
      payload: { current_password: 'falsch', new_password: 'x', new_password_repeat: 'x' },
    }),
  },

  // Consumer app.
  'POST /api/ingest/events': { rule: 'api-key', request: () => ({ payload: { events: [] } }) },
  'GET /api/ingest/campaigns/:id/draw': {
    rule: 'api-key',
    request: async (o) => ({
      params: { id: await freshCampaign(o.merchant, 'sweepstake/standard') },
    }),
  },

  // Merchants.
  'GET /api/merchants': { rule: 'signed-in' },
  'POST /api/merchants': { rule: 'create-merchant', request: () => ({ payload: profile }) },
  'GET /api/merchants/:id': { rule: 'merchant' },
  'POST /api/merchants/:id': { rule: 'merchant-profile', request: () => ({ payload: profile }) },
  'GET /api/merchants/:id/images': { rule: 'merchant' },
  'POST /api/merchants/:id/images': { rule: 'merchant-profile', request: () => image() },
  'DELETE /api/merchants/:id/images': { rule: 'merchant-profile' },
  'GET /api/merchants/:id/contacts': { rule: 'merchant' },
  'GET /api/merchants/:id/dashboard': { rule: 'merchant:manage-campaigns' },
  'GET /api/merchants/:id/stats': { rule: 'merchant:manage-campaigns', request: () => chart },
  'GET /api/merchants/:id/stats/campaigns': {
    rule: 'merchant:manage-campaigns',
    request: () => chart,
  },

  // Locations.
  'GET /api/merchants/:id/locations': { rule: 'merchant:manage-merchant' },
  'POST /api/merchants/:id/locations': {
    rule: 'merchant:manage-merchant',
    request: () => ({ payload: address }),
  },
  'GET /api/merchants/:id/locations/:locId': { rule: 'merchant:manage-merchant' },
  'POST /api/merchants/:id/locations/:locId': {
    rule: 'merchant:manage-merchant',
    request: () => ({ payload: address }),
  },
  'DELETE /api/merchants/:id/locations/:locId': {
    rule: 'merchant:manage-merchant',
    request: async (o) => ({ params: { locId: await freshLocation(o.merchant) } }),
  },
  'POST /api/merchants/:id/multiple-locations': {
    rule: 'merchant:manage-merchant',
    request: () => multipartFile('upload', 'filialen.csv', csv, 'text/csv'),
  },
  'GET /api/merchants/:id/location-imports/:jobId': { rule: 'merchant:manage-merchant' },

  // Accounts and notifications.
  'GET /api/merchants/:id/accounts': { rule: 'merchant:manage-accounts' },
  'POST /api/merchants/:id/accounts': {
    rule: 'merchant:manage-accounts',
    request: () => ({ payload: { user_email: 'multi@example.com', roles: ['contact'] } }),
  },
  'POST /api/merchants/:id/accounts/:accountId': {
    rule: 'merchant:manage-accounts',
    request: () => ({ payload: { roles: [...ACCOUNT_ROLES] } }),
  },
  'DELETE /api/merchants/:id/accounts/:accountId': {
    rule: 'merchant:manage-accounts',
    request: async (o) => ({ params: { accountId: await freshAccount(o.merchant, ['contact']) } }),
  },
  'DELETE /api/merchants/:id/accounts/:accountId/two-factor': {
    rule: 'merchant-admin',
    request: async (o) => ({ params: { accountId: await freshAccount(o.merchant) } }),
  },
  'POST /api/merchants/:id/invite-account': {
    rule: 'merchant:manage-accounts',
    request: () => ({ payload: { user_email: `${unique('invited')}@example.com`, roles: [] } }),
  },
  'GET /api/merchants/:id/notifications': { rule: 'merchant' },
  'POST /api/merchants/:id/notifications/:accountId': {
    rule: 'account-settings',
    request: () => ({
      payload: { settings: Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, true])) },
    }),
  },

  // Campaigns.
  'GET /api/campaigns': {
    rule: 'merchant:manage-campaigns',
    request: (o) => ({ query: `exact_merchant=${o.merchant}` }),
  },
  'POST /api/campaigns': {
    rule: 'merchant:manage-campaigns',
    request: (o) => ({ payload: { merchant: o.merchant, type: o.campaignType } }),
    tips: true,
  },
  'GET /api/campaigns/:id': { rule: 'campaign:manage-campaigns' },
  'POST /api/campaigns/:id': {
    rule: 'campaign:manage-campaigns',
    request: () => ({ payload: {} }),
  },
  'DELETE /api/campaigns/:id': {
    rule: 'campaign:manage-campaigns',
    request: async (o) => ({ params: { id: await freshCampaign(o.merchant, o.campaignType) } }),
  },
  'POST /api/campaigns/:id/image': { rule: 'campaign:manage-campaigns', request: () => image() },
  'DELETE /api/campaigns/:id/image': { rule: 'campaign:manage-campaigns' },
  'POST /api/campaigns/:id/submit': {
    rule: 'campaign:manage-campaigns',
    request: async (o) => ({ params: { id: await freshCampaign(o.merchant, o.campaignType) } }),
  },
  'GET /api/campaigns/:id/status-history': { rule: 'campaign:manage-campaigns' },
  'POST /api/campaigns/:id/clone': { rule: 'campaign:silver' },
  'POST /api/campaigns/:id/create-followup': { rule: 'campaign:silver' },
  'POST /api/campaigns/:id/toggle-listable': { rule: 'campaign:silver' },
  'GET /api/campaigns/:id/link-options': { rule: 'campaign:manage-campaigns' },
  'GET /api/campaigns/:id/followups': { rule: 'campaign:manage-campaigns' },
  'DELETE /api/campaigns/:id/followups': { rule: 'campaign:manage-campaigns' },
  'GET /api/campaigns/:id/multiple-codes': { rule: 'campaign:manage-campaigns' },
  'POST /api/campaigns/:id/multiple-codes': {
    rule: 'campaign:manage-campaigns',
    request: () => ({ payload: { codes: [unique('CODE')] } }),
  },
  'POST /api/campaigns/:id/multiple-codes/upload': {
    rule: 'campaign:manage-campaigns',
    request: () => codesFile(),
  },
  'GET /api/campaigns/:id/multiple-codes/download': { rule: 'campaign:manage-campaigns' },

  // Review and draws: admins.
  'GET /api/review/campaigns': { rule: 'admin' },
  'POST /api/campaigns/:id/start-review': {
    rule: 'admin',
    request: async (o) => ({ params: { id: await freshCampaign(o.merchant, o.campaignType) } }),
  },
  'POST /api/campaigns/:id/approve': {
    rule: 'admin',
    request: async (o) => ({ params: { id: await freshCampaign(o.merchant, o.campaignType) } }),
  },
  'POST /api/campaigns/:id/reject': {
    rule: 'admin',
    request: async (o) => ({
      params: { id: await freshCampaign(o.merchant, o.campaignType) },
      payload: { reason: 'Matrix' },
    }),
  },
  'GET /api/campaigns/:id/draw': {
    rule: 'admin',
    request: async (o) => ({
      params: { id: await freshCampaign(o.merchant, 'sweepstake/standard') },
    }),
  },
  'POST /api/campaigns/:id/draw': {
    rule: 'admin',
    request: async (o) => ({
      params: { id: await freshCampaign(o.merchant, 'sweepstake/standard') },
    }),
  },
  'GET /api/campaigns/:id/draw/candidates': {
    rule: 'admin',
    request: async (o) => ({
      params: { id: await freshCampaign(o.merchant, 'sweepstake/standard') },
    }),
  },

  // Search and tags.
  'GET /api/ac/site-search': { rule: 'signed-in', request: () => ({ query: 'q=Matrix' }) },
  'GET /api/ac/tags': { rule: 'signed-in', request: () => ({ query: 'q=so' }) },
  'POST /api/tags': { rule: 'tips', request: () => ({ payload: { name: unique('matrix') } }) },

  // Access-code sets: admins.
  'GET /api/access-code-sets': { rule: 'admin' },
  'POST /api/access-code-sets': { rule: 'admin', request: () => ({ payload: {} }) },
  'GET /api/access-code-sets/:id': { rule: 'admin' },
  'POST /api/access-code-sets/:id': { rule: 'admin', request: () => ({ payload: {} }) },
  'GET /api/access-code-sets/:id/links': { rule: 'admin' },
  'POST /api/access-code-sets/:id/links': { rule: 'admin', request: () => ({ payload: [] }) },
  'GET /api/access-code-sets/:id/codes': { rule: 'admin' },
  'POST /api/access-code-sets/:id/codes': {
    rule: 'admin',
    request: () => ({ payload: { codes: unique('SET') } }),
  },
  'POST /api/access-code-sets/:id/codes/upload': { rule: 'admin', request: () => codesFile() },
  'GET /api/access-code-sets/:id/code-usage': { rule: 'admin' },

  // Administration.
  'GET /api/admin/api-keys': { rule: 'admin' },
  'POST /api/admin/api-keys': { rule: 'admin', request: () => ({ payload: { name: 'Matrix' } }) },
  'DELETE /api/admin/api-keys/:id': {
    rule: 'admin',
    request: async () => {
      const created = await ok<{ key: { id: string } }>(
        await t.api('POST', '/admin/api-keys', 'admin', { name: 'x' }),
        'key',
      );
      return { params: { id: created.key.id } };
    },
  },
  'DELETE /api/admin/participants/:participant': { rule: 'admin' },
  'GET /api/admin/jobs': { rule: 'admin' },
  'POST /api/admin/jobs/:queue/retry': {
    rule: 'admin',
    request: () => ({ params: { queue: 'mail' } }),
  },
  // No failed job of that id: an admin is answered 404 job_not_failed, past the access check.
  'POST /api/admin/jobs/:queue/:id/retry': {
    rule: 'admin',
    request: () => ({ params: { queue: 'mail', id: randomUUID() } }),
  },
};

/** The path with its parameters filled from the request or the target's objects. */
function pathOf(path: string, objects: Objects, params: Record<string, string> = {}): string {
  const byPrefix = path.startsWith('/api/merchants/:id')
    ? objects.merchant
    : path.startsWith('/api/campaigns/:id')
      ? objects.campaign
      : accessCodeSet;
  const defaults: Record<string, string> = {
    id: byPrefix,
    locId: objects.location,
    jobId: objects.job,
    accountId: objects.account,
    participant: 'matrix-participant',
  };
  return path
    .replace(/:(\w+)/g, (_, name: string) => params[name] ?? String(defaults[name]))
    .replace('*', params['*'] ?? '');
}

/** Whether a route addresses objects of a merchant, so that own and foreign differ. */
const addressesMerchant = (path: string, rule: Rule) =>
  /^\/api\/(merchants|campaigns)\/:id/.test(path) ||
  rule.startsWith('merchant') ||
  rule.startsWith('campaign');

function judge(want: Expected, status: number, body: string): boolean {
  if (status >= 500) return false;
  if (want === 'answers') return true;
  if (want !== 'allowed') return status === want;
  if (status === 401 || status === 403) return false;
  // A 404 of the access resolver is a refusal; another (user_not_found) is the action's answer.
  return !(status === 404 && /"message":"not_found"/.test(body));
}

// ---------------------------------------------------------------- setup

beforeAll(async () => {
  t = await createTestApp();
  const keller = await t.merchantId(BRANDS.keller);
  const passwordHash = await hashPassword('demo');
  const [stranger, clerk] = await t.ctx.db
    .insert(users)
    .values([
      { email: 'stranger@example.com', passwordHash },
      { email: 'clerk@example.com', passwordHash },
    ])
    .returning();
  await t.ctx.db.insert(accounts).values([
    { merchantId: keller, userId: String(stranger?.id), roles: [...ACCOUNT_ROLES] },
    { merchantId: keller, userId: String(clerk?.id), roles: ['manage-campaigns'] },
  ]);
  await t.signInAs('admin', 'agency', 'owner', 'staff', 'silver', 'stranger', 'clerk');

  // The admin's token, expired: signed by the server's own key, with a live session.
  const claims = decodeJwt(String(t.tokens.admin));
  t.tokens.expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
    .setProtectedHeader({ alg: 'ES256', kid: t.ctx.signingKey.kid })
    .sign(t.ctx.signingKey.privateKey);
  // An admin's token whose session has ended (signed out).
  t.tokens.ended = await t.signInAndInit('admin@example.com');
  await ok<unknown>(await t.api('POST', '/session/logout', 'ended'), 'logout');

  for (const key of Object.keys(BRANDS) as MerchantKey[])
    objects[key] = await makeObjects(await t.merchantId(BRANDS[key]));
  const set = await ok<{ access_code_set: { id: string } }>(
    await t.api('POST', '/access-code-sets', 'admin', {
      type: 'unique',
      name: 'Sommeraktion Matrix',
      hint_title: 'Ihr Zugangscode',
      hint_text: 'Auf dem Bon.',
      is_promo_code: true,
      is_bonuscard: false,
      valid_from: null,
      valid_until: null,
    }),
    'access-code set',
  );
  accessCodeSet = set.access_code_set.id;
  const key = await ok<{ secret: string }>(
    await t.api('POST', '/admin/api-keys', 'admin', { name: 'Matrix' }),
    'key',
  );
  apiKey = key.secret;
}, 120_000);

afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------- tests

describe('the authorization matrix', () => {
  it('has one entry for every route of the route table, and none for a route that is gone', () => {
    const routes = routeTable(t.app).map(({ method, path }) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((route) => !MATRIX[route])).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers every route × caller × own/foreign object as the rules say', async () => {
    const routes = routeTable(t.app)
      .map(({ method, path }) => ({ method, path, entry: MATRIX[`${method} ${path}`] }))
      .filter((route): route is typeof route & { entry: Entry } => route.entry !== undefined)
      .sort((a, b) => Number(a.entry.last ?? false) - Number(b.entry.last ?? false));
    const wrong: string[] = [];
    let cells = 0;
    const tally: Record<string, number> = {};
    for (const { method, path, entry } of routes) {
      const targets: Target[] = !addressesMerchant(path, entry.rule)
        ? ['own']
        : /:(locId|jobId|accountId)/.test(path)
          ? ['own', 'foreign', 'mixed']
          : entry.tips || entry.rule.startsWith('campaign:')
            ? ['own', 'foreign', 'tip']
            : ['own', 'foreign'];
      for (const [name, caller] of Object.entries(CALLERS)) {
        for (const target of targets) {
          const home =
            objects[target === 'foreign' || target === 'mixed' ? caller.foreign : caller.own];
          const addressed =
            target === 'tip' ? { ...home, campaign: home.tip, campaignType: 'tip/standard' } : home;
          const token = caller.token ? t.tokens[caller.token] : undefined;
          const request = (await entry.request?.(addressed, token)) ?? {};
          const params =
            target === 'mixed'
              ? { ...request.params, id: objects[caller.own].merchant }
              : request.params;
          const url = pathOf(path, addressed, params) + (request.query ? `?${request.query}` : '');
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: {
              ...(caller.token ? bearer(String(t.tokens[caller.token])) : {}),
              ...request.headers,
            },
            ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
          });
          const want = expected(entry.rule, caller, target);
          cells += 1;
          const kind = `${String(want)} ${response.statusCode}`;
          tally[kind] = (tally[kind] ?? 0) + 1;
          if (!judge(want, response.statusCode, response.body))
            wrong.push(
              `${method} ${path} [${entry.rule}] · ${name} · ${target}: expected ${want}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(1400);
    // Most allowed cells did what they asked (the rest answered 400 or 409 after the check).
    const allowed = Object.entries(tally).filter(([kind]) => kind.startsWith('allowed '));
    const done = allowed.filter(([kind]) => / 2\d\d$/.test(kind));
    const sum = (list: [string, number][]) => list.reduce((total, [, n]) => total + n, 0);
    expect(sum(done)).toBeGreaterThan(sum(allowed) / 2);
  }, 240_000);

  it('lets the consumer app in with its API key (the only caller the api-key rule allows)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { 'x-api-key': apiKey },
      payload: { events: [] },
    });
    expect(response.statusCode).not.toBe(401);
    expect(response.statusCode).toBeLessThan(500);
    const draw = await t.app.inject({
      method: 'GET',
      url: `/api/ingest/campaigns/${objects.sonnenschein.campaign}/draw`,
      headers: { 'x-api-key': apiKey },
    });
    expect(draw.statusCode).not.toBe(401);
    expect(draw.statusCode).toBeLessThan(500);
  });
});
