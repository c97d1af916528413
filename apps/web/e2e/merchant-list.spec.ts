/**
 * The merchant list (issue 15; spec §2 "Merchant screens: merchant list with
 * filter"): an agency filters the merchants it may act for, switches to one
 * and lands on its dashboard; a merchant user has no list.
 */
import { expect } from '@playwright/test';
import { chooseMerchant, navigation, signInAt, test } from './fixtures';

test('agency: filter the merchant list, switch to a merchant, land on its dashboard', async ({
  page,
}) => {
  await signInAt(page, '/', 'agency@example.com');
  await chooseMerchant(page, 'Adler', 'Modehaus Adler GmbH');
  await navigation(page).getByRole('link', { name: 'Händlerliste' }).click();
  await expect(page).toHaveURL(/\/merchants$/);
  const table = page.getByRole('table', { name: 'Händlerliste' });
  await expect(table.getByRole('row')).toHaveCount(3); // header + two merchants
  // Agencies do not see the admins' internal name.
  await expect(table.getByRole('columnheader', { name: 'Interner Name' })).toHaveCount(0);
  const adler = table.getByRole('row').filter({ hasText: 'Modehaus Adler GmbH' });
  await expect(adler).toContainText('Aktuell');
  await expect(adler).toContainText('Silber');
  await expect(adler).toContainText('Gültig');

  await page.getByLabel('Händler filtern').fill('Berger');
  await expect(table.getByRole('row')).toHaveCount(2);
  const berger = table.getByRole('row').filter({ hasText: 'Sportwelt Berger e.K.' });
  await expect(berger).toContainText('Sportwelt Berger');
  await expect(berger).toContainText('Basic');
  await berger.getByRole('button', { name: 'Zu Sportwelt Berger e.K. wechseln' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
  await expect(page.getByText('Sie handeln für den Händler Sportwelt Berger e.K.')).toBeVisible();
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: /Händler wechseln, aktuell: Sportwelt Berger/ }),
  ).toBeVisible();
});

test('admin: the list shows the internal name and edits a merchant', async ({ page }) => {
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'silber', 'Café Silberblick KG');
  await navigation(page).getByRole('link', { name: 'Händlerliste' }).click();
  const table = page.getByRole('table', { name: 'Händlerliste' });
  await expect(table.getByRole('columnheader', { name: 'Interner Name' })).toBeVisible();
  await page.getByLabel('Händler filtern').fill('Wagner');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: 'Buchhandlung Wagner bearbeiten' }).click();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/merchant$/);
  await expect(
    page.getByRole('banner').getByRole('button', { name: /aktuell: Buchhandlung Wagner/ }),
  ).toBeVisible();
});

test('a merchant user has no merchant list', async ({ page }) => {
  await signInAt(page, '/', 'owner@example.com');
  await expect(navigation(page).getByRole('link', { name: 'Händlerliste' })).toHaveCount(0);
  await page.goto('/merchants');
  await expect(page).toHaveURL(/\/please-upgrade$/);
});
