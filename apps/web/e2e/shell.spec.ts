/**
 * The shell as each demo account sees it: badges, menus, merchant selection
 * (docs/product.md#screens-and-routes "Shell", docs/product.md#merchants, docs/product.md#roles-and-access), route guards and alerts (docs/product.md#messages).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { chooseMerchant, merchantDialog, navigation, signInAt, signOut, test } from './fixtures';

test('admin: admin badge, admin links, access-code sets, selection over all merchants', async ({
  page,
}) => {
  await signInAt(page, '/', 'admin@example.com');
  const dialog = merchantDialog(page);
  await expect(dialog).toBeVisible();
  // Forced on sign-in: no way to close it without choosing.
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await chooseMerchant(page, 'silber', 'Café Silberblick KG');

  const banner = page.getByRole('banner');
  await expect(banner.getByText('Admin', { exact: true })).toBeVisible();
  await expect(banner.getByLabel('Händler-Level: Silber')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Admin-App in neuem Tab öffnen' })).toHaveAttribute(
    'href',
    'https://admin.example.com',
  );
  const nav = navigation(page);
  for (const name of [
    'Übersicht',
    'Kampagnen',
    'Händler',
    'Händlerliste',
    'Zugangscode-Sets',
    'Admin-App',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Sie handeln für den Händler Café Silberblick KG.')).toBeVisible();

  // The merchant menu reopens the selection, closable now that a merchant is chosen.
  await banner.getByRole('button', { name: /Händler wechseln/ }).click();
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/access-code-sets');
  await expect(page).toHaveURL(/\/access-code-sets$/);
});

test('agency: agency badge, a selection table of its two merchants', async ({ page }) => {
  await signInAt(page, '/', 'agency@example.com');
  const dialog = merchantDialog(page);
  await expect(dialog.getByRole('row')).toHaveCount(3); // header + two merchants
  await chooseMerchant(page, 'Adler', 'Modehaus Adler GmbH');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Agentur', { exact: true })).toBeVisible();
  await expect(banner.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(navigation(page).getByRole('link', { name: 'Zugangscode-Sets' })).toHaveCount(0);
  await expect(
    banner.getByRole('button', { name: /Händler wechseln, aktuell: Modehaus Adler GmbH/ }),
  ).toBeVisible();
});

test('owner of a basic merchant: single merchant, no switching, guarded routes go to please-upgrade', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  await expect(merchantDialog(page)).toHaveCount(0);
  const banner = page.getByRole('banner');
  await expect(banner.getByLabel('Händler-Level: Basic')).toBeVisible();
  await expect(banner.getByRole('button', { name: /Händler wechseln/ })).toHaveCount(0);
  await expect(banner.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(navigation(page).getByRole('link', { name: 'Admin-App' })).toHaveCount(0);

  // Merchant creation asks for an upgrade; the admins' screens say they are the admins'.
  await page.goto('/create');
  await expect(page).toHaveURL(/\/please-upgrade$/);
  await expect(page.getByText('Ihr aktuelles Level: Basic (Level 0)')).toBeVisible();
  for (const path of ['/access-code-sets', '/access-code-sets/create']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/please-upgrade\?for=admin$/);
    await expect(page.getByRole('heading', { name: 'Nur für Administratoren' })).toBeVisible();
  }
});

test('silver owner and staff see their single merchant with its level', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  await expect(page.getByRole('banner').getByLabel('Händler-Level: Silber')).toBeVisible();
  await signOut(page);

  await signInAt(page, '/', 'staff@example.com');
  await expect(
    page.getByText('Sie handeln für den Händler Bäckerei Sonnenschein GmbH.'),
  ).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: /Händler wechseln/ }),
  ).toHaveCount(0);
});

test('member of twelve merchants: filter and pages, red bell for an invalid merchant, remembered next time', async ({
  page,
}) => {
  await signInAt(page, '/', 'multi@example.com');
  const dialog = merchantDialog(page);
  await expect(dialog.getByRole('row')).toHaveCount(11); // header + ten of twelve
  await dialog.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(dialog.getByRole('row')).toHaveCount(3);
  await chooseMerchant(page, 'Huber', 'Getränke Huber OHG');

  const bell = page.getByTestId('merchant-invalid-bell');
  await expect(bell).toBeVisible();
  await bell.hover();
  await expect(page.getByRole('tooltip')).toContainText('Händler ist ungültig');
  await expect(page.getByRole('tooltip')).toContainText('Kein Ansprechpartner definiert!');

  await signOut(page);
  await signInAt(page, '/', 'multi@example.com');
  await expect(merchantDialog(page)).toHaveCount(0);
  await expect(page.getByText('Sie handeln für den Händler Getränke Huber OHG.')).toBeVisible();
});

test('a remembered merchant is not offered to another account', async ({ page }) => {
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Keller', 'Autohaus Keller GmbH');
  await signOut(page);
  await signInAt(page, '/', 'agency@example.com');
  await expect(merchantDialog(page)).toBeVisible();
  await expect(page.getByText('Autohaus Keller')).toHaveCount(0);
});

test('request failures show the spec texts at the top right, errors for 60 s', async ({ page }) => {
  await page.clock.install();
  await signInAt(page, '/', 'admin@example.com');
  const dialog = merchantDialog(page);
  await expect(dialog).toBeVisible();

  await page.route('**/api/merchants?*', (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, message: 'internal_error' } }),
  );
  await dialog.getByLabel('Händler filtern').fill('zzz');
  const alert = page.getByRole('alert').filter({ hasText: 'Interner Fehler des Servers.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByTestId('alert-technical')).toHaveText('HTTP 500: internal_error');
  const box = await alert.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x > viewport.width / 2 && box.y < viewport.height / 3).toBe(true);
  await page.clock.fastForward('00:50');
  await expect(alert).toBeVisible();
  await page.clock.fastForward('00:15');
  await expect(alert).toBeHidden();

  await page.unroute('**/api/merchants?*');
  await page.route('**/api/merchants?*', (route) => route.abort('connectionrefused'));
  await dialog.getByLabel('Händler filtern').fill('yyy');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not send request' })).toBeVisible();
  // The busy indicator is cleared after a failure.
  await expect(page.getByTestId('busy-indicator')).toBeHidden();
});

test('other alerts close after 5 s', async ({ page }) => {
  await page.clock.install();
  await signInAt(page, '/', 'silver@example.com');
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Händler', exact: true })
    .click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Händler gespeichert.' });
  await expect(alert).toBeVisible();
  await page.clock.fastForward('00:04');
  await expect(alert).toBeVisible();
  await page.clock.fastForward('00:02');
  await expect(alert).toBeHidden();
});

test('the language can be switched to English', async ({ page }) => {
  await signInAt(page, '/', 'owner@example.com');
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  const englishNav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(englishNav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await page.reload();
  await expect(englishNav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('on a wide screen the user menu shows the e-mail, and its name begins with it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1680, height: 900 });
  await signInAt(page, '/', 'owner@example.com');
  const menu = page.getByRole('banner').getByRole('button', {
    name: 'owner@example.com: Benutzermenü',
    exact: true,
  });
  await expect(menu).toHaveText('owner@example.com');
  // WCAG 2.5.3: a speech user says what they see.
  const results = await new AxeBuilder({ page })
    .include('header')
    .withRules(['label-content-name-mismatch'])
    .analyze();
  expect(results.violations).toEqual([]);
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
});

test('the side menu is open on wide screens and behind the burger on narrow ones', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  await expect(navigation(page)).toBeInViewport();
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(navigation(page)).not.toBeInViewport();
  await page.getByRole('button', { name: 'Navigation ein- oder ausblenden' }).click();
  await expect(navigation(page)).toBeInViewport();
});

test('an unknown path shows the 404 page inside the shell', async ({ page }) => {
  await signInAt(page, '/does/not/exist', 'owner@example.com');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(navigation(page)).toBeVisible();
});
