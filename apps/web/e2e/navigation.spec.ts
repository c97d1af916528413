/**
 * Navigation: a basic merchant's owner reaches
 * the merchant screens they may use from the side menu and from the upgrade
 * page; a user who has just created a merchant can open it; a deep link opened
 * signed out survives the merchant choice when it does not depend on the
 * merchant or belongs to the chosen one; admin-only screens say so instead of
 * offering an upgrade; an unknown merchant id shows the not-found page.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import type { TAccessCodeSetResponse, TInviteAccountResponse } from '@backoffice/domain';
import {
  api,
  chooseMerchant,
  invitationLink,
  merchantDialog,
  merchantIdentOf,
  navigation,
  seedCompleteCoupon,
  signInAt,
  test,
} from './fixtures';

/**
 * Signs `email` in a browser of its own (so that `page` keeps no remembered
 * merchant), acting for `merchant` when the account has several; the caller closes it.
 */
async function otherBrowser(
  browser: Browser,
  email: string,
  merchant?: { filter: string; name: string },
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, '/', email);
  if (merchant) await chooseMerchant(page, merchant.filter, merchant.name);
  return page;
}

test('a basic owner reaches accounts, locations, notifications and webhooks from the side menu and the upgrade page', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const nav = navigation(page);

  // "Händler" leads to the first screen the owner may open, not to the upgrade notice.
  await nav.getByRole('link', { name: 'Händler', exact: true }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/accounts`);
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Accounts', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Below it, the merchant's screens; the profile names the upgrade it needs.
  await nav.getByRole('link', { name: 'Standorte', exact: true }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/locations`);
  await expect(page.getByRole('heading', { name: 'Standorte', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Benachrichtigungen', exact: true }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/notifications`);
  await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Accounts', exact: true }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/accounts`);

  // The spec's redirect of the profile stays; the upgrade page says what an upgrade unlocks …
  await nav.getByRole('link', { name: 'Profil (Upgrade erforderlich)' }).click();
  await expect(page).toHaveURL(/\/please-upgrade$/);
  await expect(page.getByRole('heading', { name: 'Upgrade erforderlich', level: 1 })).toBeVisible();
  await expect(page.getByText('Ihr aktuelles Level: Basic (Level 0)')).toBeVisible();
  const unlocks = page.getByRole('list', { name: 'Mit dem Level Silber schalten Sie frei' });
  await expect(unlocks.getByRole('listitem')).toHaveText([
    'Das Händlerprofil bearbeiten und weitere Händler anlegen',
    'Mehr als 3 Accounts',
    'Kampagnen kopieren und Folgekampagnen anlegen',
    'Kampagnen in den Listen der App ein- und ausblenden',
    'Im Schritt „Formular“ festlegen, welche Angaben Teilnehmende machen',
  ]);

  // … and leads to the screens the owner may use now.
  const open = page.getByRole('navigation', { name: 'Das können Sie jetzt schon nutzen' });
  await expect(open.getByRole('link')).toHaveText([
    'Accounts',
    'Standorte',
    'Benachrichtigungen',
    'Webhooks',
    'API-Zugänge',
    'Kampagnen',
  ]);
  await open.getByRole('link', { name: 'Standorte' }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/locations`);

  // The merchant tabs name the locked profile too, and lead on from there.
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText([
    'Profil',
    'Accounts',
    'Standorte',
    'Benachrichtigungen',
    'Webhooks',
    'API-Zugänge',
  ]);
  await tabs.getByRole('tab', { name: 'Benachrichtigungen' }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/notifications`);
});

test('a user who has just created a merchant can open it', async ({ page, browser }) => {
  const email = `gruender-${randomUUID()}@example.com`;
  const password = 'Sonnenblume-Kaffeetasse-47';
  // An invitation to a merchant, taken back after registering, leaves a user without merchant.
  const multi = await otherBrowser(browser, 'multi@example.com', {
    filter: 'Wagner',
    name: 'Buchhandlung Wagner',
  });
  const wagner = await merchantIdentOf(multi);
  const { account } = await api<TInviteAccountResponse>(
    multi,
    'POST',
    `/merchants/${wagner}/invite-account`,
    { user_email: email, roles: ['manage-campaigns'] },
  );
  await expect.poll(() => invitationLink(email)).toBeTruthy();
  await page.goto((invitationLink(email) ?? '').replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Neues Passwort').fill(password);
  await page.getByLabel('Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(page.getByText('Ihr Zugang ist eingerichtet.')).toBeVisible();
  await api(multi, 'DELETE', `/merchants/${wagner}/accounts/${account.id}`);
  await multi.context().close();

  await page.goto('/');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/create$/);
  const name = `Gründerladen ${randomUUID().slice(0, 8)}`;
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
  await page.getByLabel('Kontakt-Typ').selectOption('phone');
  await page.getByLabel('Kontaktdaten').fill('+49 30 1234567');
  await page.getByRole('button', { name: 'Händler anlegen' }).click();
  await expect(page.getByText(`Sie handeln für den Händler ${name}.`)).toBeVisible();

  // The new merchant is basic and the user's only one: its screens open, the profile asks for an upgrade.
  const merchantIdent = await merchantIdentOf(page);
  await navigation(page).getByRole('link', { name: 'Händler', exact: true }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/accounts`);
  await expect(page.getByRole('table').getByText(email)).toBeVisible();
  await navigation(page).getByRole('link', { name: 'Standorte', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Standorte', level: 1 })).toBeVisible();
});

test('a campaign deep link survives choosing its merchant; another merchant leads to the dashboard', async ({
  page,
  browser,
}) => {
  const seeder = await otherBrowser(browser, 'multi@example.com', {
    filter: 'Adler',
    name: 'Modehaus Adler GmbH',
  });
  const adler = await merchantIdentOf(seeder);
  const campaign = await seedCompleteCoupon(seeder, adler, `Tiefer Link ${randomUUID()}`);
  await seeder.context().close();
  const deepLink = `/${adler}/campaigns/coupon/${campaign}/handling`;

  // No merchant remembered in this browser: the selection opens over the deep link.
  await signInAt(page, deepLink, 'multi@example.com');
  await expect(merchantDialog(page)).toBeVisible();
  await chooseMerchant(page, 'Adler', 'Modehaus Adler GmbH');
  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole('heading', { name: 'Ablauf', level: 1 })).toBeVisible();
  await expect(page.getByText('Sie handeln für den Händler Modehaus Adler GmbH.')).toHaveCount(0);

  // Another browser without a remembered merchant chooses another merchant: the dashboard.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAt(second, deepLink, 'multi@example.com');
  await chooseMerchant(second, 'Berger', 'Sportwelt Berger e.K.');
  await expect(second).toHaveURL('/');
  await expect(second.getByText('Sie handeln für den Händler Sportwelt Berger e.K.')).toBeVisible();
  await other.close();
});

test('an admin on an access-code set deep link lands there after choosing any merchant', async ({
  page,
  browser,
}) => {
  const seeder = await otherBrowser(browser, 'admin@example.com', {
    filter: 'silber',
    name: 'Café Silberblick KG',
  });
  const setName = `Tiefer Link ${randomUUID().slice(0, 8)}`;
  const { access_code_set: set } = await api<TAccessCodeSetResponse>(
    seeder,
    'POST',
    '/access-code-sets',
    { type: 'reusable', name: setName, hint_title: 'Ihr Code', hint_text: 'Steht am Bon.' },
  );
  await seeder.context().close();
  const deepLink = `/access-code-sets/${set.id}`;

  await signInAt(page, deepLink, 'admin@example.com');
  await chooseMerchant(page, 'Keller', 'Autohaus Keller GmbH');
  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(setName);
});

test('admin-only screens tell others they are for admins, without an upgrade offer', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  for (const path of ['/access-code-sets', '/access-code-sets/create', '/review', '/api-keys']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/please-upgrade\?for=admin$/);
    await expect(
      page.getByRole('heading', { name: 'Nur für Administratoren', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Upgrade erforderlich')).toHaveCount(0);
    await expect(page.getByText(/Ihr aktuelles Level/)).toHaveCount(0);
  }
  // The merchant list and tip campaigns are for admins and agencies.
  const merchantIdent = await merchantIdentOf(page);
  for (const path of ['/merchants', `/${merchantIdent}/campaigns/tip/${merchantIdent}/review`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/please-upgrade\?for=agency$/);
    await expect(
      page.getByRole('heading', { name: 'Nur für Administratoren und Agenturen', level: 1 }),
    ).toBeVisible();
  }
  await page.getByRole('link', { name: 'Zur Übersicht' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown merchant id in the URL shows the not-found page', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const unknown = randomUUID();
  for (const path of [
    `/${unknown}/merchant`,
    `/${unknown}/accounts`,
    `/${unknown}/locations`,
    `/${unknown}/notifications`,
    `/${unknown}/campaigns/list`,
    `/${unknown}/campaigns/create`,
  ]) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { name: 'Seite nicht gefunden', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('alert-error')).toHaveCount(0);
    // The acting merchant stays the one the user had.
    expect(await merchantIdentOf(page)).toBe(merchantIdent);
  }
});
