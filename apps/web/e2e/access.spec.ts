/**
 * What a user may use, as they meet it: screens
 * their roles do not open are not offered and say so plainly when opened,
 * and the header follows the merchant whose campaign or page is open.
 */
import { expect } from '@playwright/test';
import {
  chooseMerchant,
  merchantDialog,
  merchantIdentOf,
  navigation,
  seedSubmittedCoupon,
  signInAt,
  signOut,
  test,
} from './fixtures';

test('staff without manage-accounts: no accounts or locations tab, a plain no-permission page', async ({
  page,
}) => {
  await signInAt(page, '/', 'staff@example.com');
  const merchantIdent = await merchantIdentOf(page);
  await page.goto(`/${merchantIdent}/notifications`);
  await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab')).toHaveText(['Profil', 'Benachrichtigungen']);

  for (const screen of ['accounts', 'locations']) {
    await page.goto(`/${merchantIdent}/${screen}`);
    await expect(page.getByRole('heading', { name: 'Keine Berechtigung', level: 1 })).toBeVisible();
    await expect(
      page.getByText(
        'Diese Seite ist für Ihren Zugang beim Händler Bäckerei Sonnenschein GmbH nicht freigegeben.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toHaveCount(0);
    await expect(page.getByTestId('alert-error')).toHaveCount(0);
    // Inside the shell: the navigation stays.
    await expect(navigation(page)).toBeVisible();
  }
  await expect(page.getByText('Dafür ist die Rolle „Händler verwalten“ nötig.')).toBeVisible();

  await expect(navigation(page).getByRole('link', { name: 'Kampagnen' })).toBeVisible();
});

test('opening another merchant’s campaign from the review queue or the search switches the header', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const silberblick = await merchantIdentOf(page);
  const title = `Kopfzeile ${Date.now()}`;
  const campaignIdent = await seedSubmittedCoupon(page, silberblick, title);
  await signOut(page);

  await signInAt(page, '/', 'admin@example.com');
  const banner = page.getByRole('banner');
  // Silver's merchant is remembered in this browser: switch to Autohaus Keller first.
  await banner.getByRole('button', { name: /Händler wechseln/ }).click();
  await chooseMerchant(page, 'Keller', 'Autohaus Keller GmbH');
  await expect(
    banner.getByRole('button', { name: 'Händler wechseln, aktuell: Autohaus Keller GmbH' }),
  ).toBeVisible();
  await expect(banner.getByLabel('Händler-Level: Gold')).toBeVisible();

  await navigation(page).getByRole('link', { name: 'Prüfung' }).click();
  await page
    .locator(`[data-testid="review-row"][data-campaign="${campaignIdent}"]`)
    .getByRole('link', { name: title })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/${silberblick}/campaigns/coupon/${campaignIdent}/review$`),
  );
  await expect(
    banner.getByRole('button', { name: 'Händler wechseln, aktuell: Café Silberblick KG' }),
  ).toBeVisible();
  await expect(banner.getByLabel('Händler-Level: Silber')).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Kampagnen' })).toHaveAttribute(
    'href',
    `/${silberblick}/campaigns/list`,
  );

  // Back to Keller, then the site search leads to the same campaign.
  await banner.getByRole('button', { name: /Händler wechseln/ }).click();
  await chooseMerchant(page, 'Keller', 'Autohaus Keller GmbH');
  await expect(merchantDialog(page)).toBeHidden();
  await banner.getByLabel('Suche').pressSequentially(title.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/coupon/${campaignIdent}`));
  await expect(
    banner.getByRole('button', { name: 'Händler wechseln, aktuell: Café Silberblick KG' }),
  ).toBeVisible();
});
