/**
 * Accessibility: axe finds no serious or critical
 * violation of WCAG 2.1 A/AA on any screen, each shown to the demo user who
 * sees it; the screen list is checked against every path builder of the app,
 * so a new route without a screen here fails. The keyboard journeys:
 * keyboard-only.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { CAMPAIGN_STEPS, type CampaignFamily } from '@backoffice/domain';
import { expect, type Page } from '@playwright/test';
import { paths } from '../src/shared/paths';
import {
  api,
  chooseMerchant,
  invitationLink,
  merchantDialog,
  merchantIdentOf,
  seedSubmittedCoupon,
  signInAt,
  type Envelope,
  test,
} from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** The dotted names of the path builders in `paths` (`campaigns.step`, ...). */
function pathNames(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'function'
      ? [`${prefix}${key}`]
      : pathNames(value as object, `${prefix}${key}.`),
  );
}

/** Path builders that open no screen of their own, and why. */
const NOT_A_SCREEN: Record<string, string> = {
  'oauth.logout': 'ends the session and goes on to the sign-in page',
  'oauth.postback': 'exchanges the code and goes on to the page the user came from',
  'campaigns.detail': 'the benefit step, visited as campaigns.step',
  'campaigns.review': 'the review step, visited as campaigns.step',
  'campaigns.handling': 'the handling step, visited as campaigns.step',
  'campaigns.stepField': 'a step with a field in view, visited as campaigns.step',
};

type DemoUser = 'anonymous' | 'admin' | 'silver' | 'owner' | 'staff';

/** What a user's screens need: the acting merchant and objects made for them. */
interface Context {
  merchant: string;
  campaigns: Partial<Record<CampaignFamily, string>>;
  submittedCoupon?: string;
  accessCodeSet?: string;
  /** A webhook endpoint of the merchant (silver) or of the admins (admin). */
  webhook?: string;
}

interface Screen {
  name: string;
  /** The path builder of `paths` this screen is reached by. */
  route: string;
  path: (context: Context) => string;
  /** A dialog or menu of the screen, checked once it is open. */
  popup?: { name: string; open: (page: Page) => Promise<void> };
}

/** Opens a dialog with a click on the first button named `button`, waits until it shows. */
const dialogOf = (name: string, button: string | RegExp) => ({
  name,
  open: async (page: Page) => {
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  },
});

const FAMILY_TYPES: Record<CampaignFamily, string> = {
  sweepstake: 'sweepstake/standard',
  coupon: 'coupon/percent',
  tip: 'tip/standard',
};

/** Every wizard step of one family, as the router has them. */
const wizardScreens = (family: CampaignFamily): Screen[] =>
  CAMPAIGN_STEPS.map((step) => ({
    name: `wizard ${family} ${step}`,
    route: 'campaigns.step',
    path: ({ merchant, campaigns }) =>
      paths.campaigns.step(
        { merchantIdent: merchant, campaignIdent: campaigns[family] ?? '' },
        family,
        step,
      ),
  }));

/** The screens each demo user is shown (admins and agencies alone see some). */
const SCREENS: Record<DemoUser, Screen[]> = {
  anonymous: [{ name: 'sign-in start', route: 'oauth.login', path: () => paths.oauth.login() }],
  silver: [
    {
      name: 'dashboard',
      route: 'dashboard',
      path: () => paths.dashboard(),
      popup: {
        name: 'user menu',
        open: async (page) => {
          await page.getByRole('button', { name: 'Benutzermenü' }).click();
          await expect(page.getByRole('menu')).toBeVisible();
        },
      },
    },
    {
      name: 'merchant profile',
      route: 'merchant.edit',
      path: ({ merchant }) => paths.merchant.edit({ merchantIdent: merchant }),
    },
    {
      name: 'merchant accounts',
      route: 'merchant.accounts',
      path: ({ merchant }) => paths.merchant.accounts({ merchantIdent: merchant }),
      popup: dialogOf('account removal question', /^Account .* entfernen$/),
    },
    {
      name: 'merchant locations',
      route: 'merchant.locations',
      path: ({ merchant }) => paths.merchant.locations({ merchantIdent: merchant }),
      popup: dialogOf('location form', 'Standort hinzufügen'),
    },
    {
      name: 'merchant notifications',
      route: 'merchant.notifications',
      path: ({ merchant }) => paths.merchant.notifications({ merchantIdent: merchant }),
    },
    {
      name: 'merchant webhooks',
      route: 'merchant.webhooks',
      path: ({ merchant }) => paths.merchant.webhooks({ merchantIdent: merchant }),
      popup: dialogOf('webhook form', 'Webhook hinzufügen'),
    },
    {
      name: 'merchant webhook',
      route: 'merchant.webhook',
      path: ({ merchant, webhook }) =>
        paths.merchant.webhook({ merchantIdent: merchant, webhookId: webhook ?? '' }),
      popup: dialogOf('new secret question', 'Neues Secret'),
    },
    {
      name: 'merchant API tokens',
      route: 'merchant.apiTokens',
      path: ({ merchant }) => paths.merchant.apiTokens({ merchantIdent: merchant }),
      popup: dialogOf('API token form', 'API-Zugang anlegen'),
    },
    { name: 'merchant create', route: 'merchant.create', path: () => paths.merchant.create() },
    {
      name: 'campaign list',
      route: 'campaigns.list',
      path: ({ merchant }) => paths.campaigns.list({ merchantIdent: merchant }),
      popup: dialogOf('delete dialog', /^Kampagne .* löschen$/),
    },
    {
      name: 'campaign create',
      route: 'campaigns.create',
      path: ({ merchant }) => paths.campaigns.create({ merchantIdent: merchant }),
      popup: dialogOf('type confirmation', /^Gewinnspiel /),
    },
    ...wizardScreens('sweepstake'),
    ...wizardScreens('coupon'),
    {
      name: 'campaign submitted',
      route: 'campaigns.submitted',
      path: ({ merchant, submittedCoupon }) =>
        paths.campaigns.submitted(
          { merchantIdent: merchant, campaignIdent: submittedCoupon ?? '' },
          'coupon',
        ),
    },
    {
      name: 'view in app',
      route: 'campaigns.viewInApp',
      path: ({ merchant, submittedCoupon }) =>
        paths.campaigns.viewInApp({
          merchantIdent: merchant,
          campaignIdent: submittedCoupon ?? '',
        }),
    },
    { name: 'signed-in devices', route: 'devices', path: () => paths.devices() },
    { name: 'not found', route: 'not-found', path: () => '/no/such/page' },
  ],
  owner: [
    { name: 'please upgrade', route: 'pleaseUpgrade', path: () => paths.pleaseUpgrade() },
    {
      name: 'please upgrade: admins only',
      route: 'pleaseUpgrade',
      path: () => paths.pleaseUpgrade('admin'),
    },
    {
      name: 'merchant accounts with the locked profile',
      route: 'merchant.accounts',
      path: ({ merchant }) => paths.merchant.accounts({ merchantIdent: merchant }),
    },
  ],
  staff: [
    {
      name: 'no permission',
      route: 'no-permission',
      path: ({ merchant }) => paths.merchant.accounts({ merchantIdent: merchant }),
    },
  ],
  admin: [
    {
      name: 'review queue',
      route: 'review.queue',
      path: () => paths.review.queue(),
      popup: dialogOf('reject dialog', / ablehnen$/),
    },
    {
      name: 'API keys',
      route: 'apiKeys.list',
      path: () => paths.apiKeys.list(),
      popup: {
        name: 'new key',
        open: async (page) => {
          await page.getByLabel('Name des neuen Schlüssels').fill('Barrierefreiheit');
          await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    },
    { name: 'two-factor sign-in', route: 'twoFactor', path: () => paths.twoFactor() },
    {
      name: 'background jobs',
      route: 'backgroundJobs.list',
      path: () => paths.backgroundJobs.list(),
    },
    {
      name: 'admins’ webhooks',
      route: 'adminWebhooks.list',
      path: () => paths.adminWebhooks.list(),
      popup: dialogOf('webhook form', 'Webhook hinzufügen'),
    },
    {
      name: 'admins’ webhook',
      route: 'adminWebhooks.detail',
      path: ({ webhook }) => paths.adminWebhooks.detail({ webhookId: webhook ?? '' }),
      popup: dialogOf('delete question', 'Löschen'),
    },
    { name: 'merchant list', route: 'merchantList', path: () => paths.merchantList() },
    {
      name: 'access-code sets',
      route: 'accessCodeSets.list',
      path: () => paths.accessCodeSets.list(),
    },
    {
      name: 'access-code set create',
      route: 'accessCodeSets.edit',
      path: () => paths.accessCodeSets.edit({ id: 'create' }),
    },
    {
      name: 'access-code set edit',
      route: 'accessCodeSets.edit',
      path: ({ accessCodeSet }) => paths.accessCodeSets.edit({ id: accessCodeSet ?? '' }),
    },
    {
      name: 'access-code set code usage',
      route: 'accessCodeSets.codeUsage',
      path: ({ accessCodeSet }) => paths.accessCodeSets.codeUsage({ ident: accessCodeSet ?? '' }),
    },
    ...wizardScreens('tip'),
  ],
};

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? violation.help})`,
      ),
    );
}

/**
 * Waits until a screen has loaded: a heading, no pending request, and no
 * loader after scrolling down once (parts such as the dashboard's chart load
 * when they come into view).
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaders = page.locator('.mantine-Loader-root:visible');
  // A part loaded on scrolling asks the server only then: on a busy machine
  // (the embedded database answers one query at a time) that takes longer
  // than an assertion's default wait.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => {
          for (const loader of document.querySelectorAll('.mantine-Loader-root')) {
            loader.scrollIntoView();
          }
        });
        return loaders.count();
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settled(page);
  expect.soft(await blockingViolations(page), `axe on ${screen} (${page.url()})`).toEqual([]);
}

async function visitAll(page: Page, user: DemoUser, context: Context): Promise<void> {
  for (const screen of SCREENS[user]) {
    await page.goto(screen.path(context));
    await expectAccessible(page, screen.name);
    if (screen.popup) {
      await screen.popup.open(page);
      await expectAccessible(page, `${screen.name}: ${screen.popup.name}`);
    }
  }
}

const DAY = 24 * 60 * 60 * 1000;
const RUNTIME = {
  valid_from: new Date(Date.now() + DAY).toISOString(),
  valid_until: new Date(Date.now() + 30 * DAY).toISOString(),
};

async function createCampaign(page: Page, merchant: string, family: CampaignFamily) {
  const body = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant,
    type: FAMILY_TYPES[family],
  });
  return body.campaign.uuid;
}

/** A webhook endpoint (its deliveries would go nowhere: the e2e server allows private addresses). */
async function createWebhook(page: Page, listPath: string): Promise<string> {
  const body = await api<{ endpoint: { id: string } }>(page, 'POST', listPath, {
    url: 'http://127.0.0.1:9/barrierefrei',
    description: `Barrierefrei ${Date.now()}`,
    events: ['campaign.approved', 'draw.completed'],
  });
  return body.endpoint.id;
}

test.describe('axe on every screen', () => {
  test('every path of the app has a screen in this list', () => {
    const covered = new Set(Object.values(SCREENS).flatMap((list) => list.map((s) => s.route)));
    const missing = pathNames(paths).filter(
      (name) => !covered.has(name) && !(name in NOT_A_SCREEN),
    );
    expect(missing, 'path builders without a screen in accessibility.spec.ts').toEqual([]);
    // Every wizard step of every family is visited.
    const wizard = Object.values(SCREENS)
      .flat()
      .filter((s) => s.route === 'campaigns.step');
    expect(wizard).toHaveLength(3 * CAMPAIGN_STEPS.length);
  });

  test('the sign-in pages and the identity provider’s pages', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await visitAll(page, 'anonymous', { merchant: '', campaigns: {} });

    await page.goto('/');
    await expect(page).toHaveURL(/\/identity\/authorize\?/);
    await expectAccessible(page, 'sign-in');
    await page.getByLabel('E-Mail-Adresse').fill('silver@example.com');
    await page.getByLabel('Passwort').fill('falsch');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'sign-in with an error');

    await page.goto('/identity/register?token=unbekannt');
    await expectAccessible(page, 'registration with an unknown invitation');

    // A real invitation opens the registration form.
    const inviter = await browser.newPage();
    await signInAt(inviter, '/', 'silver@example.com');
    const merchant = await merchantIdentOf(inviter);
    const invitee = `a11y-${Date.now()}@example.com`;
    await api(inviter, 'POST', `/merchants/${merchant}/invite-account`, { user_email: invitee });
    await expect.poll(() => invitationLink(invitee)).toBeTruthy();
    await inviter.close();
    await page.goto((invitationLink(invitee) ?? '').replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByLabel('Neues Passwort')).toBeVisible();
    await expectAccessible(page, 'registration');
  });

  test('a merchant owner’s screens (level 1)', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAt(page, '/', 'silver@example.com');
    const merchant = await merchantIdentOf(page);
    const coupon = await createCampaign(page, merchant, 'coupon');
    // A runtime, so that the date fields show their clear buttons.
    await api(page, 'POST', `/campaigns/${coupon}`, RUNTIME);
    const context: Context = {
      merchant,
      campaigns: { sweepstake: await createCampaign(page, merchant, 'sweepstake'), coupon },
      submittedCoupon: await seedSubmittedCoupon(page, merchant, `Barrierefrei ${Date.now()}`),
      webhook: await createWebhook(page, `/merchants/${merchant}/webhooks`),
    };
    await visitAll(page, 'silver', context);
  });

  test('a level-0 owner’s and a staff member’s screens', async ({ page }) => {
    await signInAt(page, '/', 'owner@example.com');
    await visitAll(page, 'owner', { merchant: await merchantIdentOf(page), campaigns: {} });
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await signInAt(page, '/', 'staff@example.com');
    await visitAll(page, 'staff', { merchant: await merchantIdentOf(page), campaigns: {} });
  });

  test('an admin’s screens and the merchant selection', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAt(page, '/', 'admin@example.com');
    await expect(merchantDialog(page)).toBeVisible();
    await expect(merchantDialog(page).getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'merchant selection');
    await chooseMerchant(page, 'silber', 'Café Silberblick KG');
    const merchant = await merchantIdentOf(page);
    const set = await api<{ access_code_set: { id: string } }>(page, 'POST', '/access-code-sets', {
      type: 'reusable',
      name: `Barrierefrei ${Date.now()}`,
      hint_title: 'Ihr Zugangscode',
      hint_text: 'Den Code finden Sie am Bon.',
      ...RUNTIME,
    });
    // A submitted campaign waits in the review queue.
    await seedSubmittedCoupon(page, merchant, `Zur Prüfung ${Date.now()}`);
    await visitAll(page, 'admin', {
      merchant,
      campaigns: { tip: await createCampaign(page, merchant, 'tip') },
      accessCodeSet: set.access_code_set.id,
      webhook: await createWebhook(page, '/admin/webhooks'),
    });
  });
});
