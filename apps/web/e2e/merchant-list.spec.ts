/**
 * The merchant list (docs/product.md#merchants "Merchant screens: merchant list with
 * filter"): an agency filters the merchants it may act for, switches to one
 * and lands on its dashboard; a merchant user has no list.
 */
import { expect } from '@playwright/test';
import { api, chooseMerchant, navigation, signInAt, test } from './fixtures';

/** A merchant profile as GET /merchants/{id} answers it (the fields the test uses). */
interface MerchantProfile {
  name: string;
  brand_name: string;
  internal_name: string | null;
  description: string;
  vatin: string;
  telephone: string;
  email: string;
  website: string;
  social: Record<string, string>;
  contacts: { type: string; value: string }[];
  coreg_enabled: boolean;
  coreg_default_suitable: boolean;
  coreg_terms: Record<string, string>;
}

/** The profile's fields a save sends, without the internal name. */
const savable = (profile: MerchantProfile) => ({
  name: profile.name,
  brand_name: profile.brand_name,
  description: profile.description,
  vatin: profile.vatin,
  telephone: profile.telephone,
  email: profile.email,
  website: profile.website,
  social: profile.social,
  contacts: profile.contacts.map(({ type, value }) => ({ type, value })),
  coreg_enabled: profile.coreg_enabled,
  coreg_default_suitable: profile.coreg_default_suitable,
  coreg_terms: profile.coreg_terms,
});

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
  // Wagner gets an internal name through the API, the rest of its profile as it is.
  const { rows } = await api<{ rows: { uuid: string; name: string }[] }>(
    page,
    'GET',
    '/merchants?filter=Wagner',
  );
  const wagner = rows.find((row) => row.name === 'Buchhandlung Wagner');
  expect(wagner).toBeDefined();
  const profilePath = `/merchants/${wagner?.uuid ?? ''}`;
  const profile = await api<MerchantProfile>(page, 'GET', profilePath);
  const internalName = `Wagner intern ${Date.now()}`;
  await api(page, 'POST', profilePath, { ...savable(profile), internal_name: internalName });

  await navigation(page).getByRole('link', { name: 'Händlerliste' }).click();
  const table = page.getByRole('table', { name: 'Händlerliste' });
  const headers = table.getByRole('columnheader');
  await expect(table.getByRole('columnheader', { name: 'Interner Name' })).toBeVisible();
  await expect(headers.nth(2)).toHaveText('Interner Name');
  await page.getByLabel('Händler filtern').fill('Wagner');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: 'Buchhandlung Wagner' });
  await expect(row.getByRole('cell').nth(2)).toHaveText(internalName);
  await table.getByRole('link', { name: 'Buchhandlung Wagner bearbeiten' }).click();
  await expect(page).toHaveURL(new RegExp(`/${wagner?.uuid ?? ''}/merchant$`));
  await expect(
    page.getByRole('banner').getByRole('button', { name: /aktuell: Buchhandlung Wagner/ }),
  ).toBeVisible();

  // The edit page shows the internal name; a changed one is saved.
  const field = page.getByRole('textbox', { name: 'Interner Name' });
  await expect(field).toHaveValue(internalName);
  const renamed = `${internalName} geändert`;
  await field.fill(renamed);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('alert-success')).toContainText('Händler gespeichert.');
  const stored = await api<MerchantProfile>(page, 'GET', profilePath);
  expect(stored.internal_name).toBe(renamed);
  expect(savable(stored)).toEqual(savable(profile));
  await navigation(page).getByRole('link', { name: 'Händlerliste' }).click();
  await page.getByLabel('Händler filtern').fill('Wagner');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('cell').nth(2)).toHaveText(renamed);
});

test('a merchant user has no merchant list', async ({ page }) => {
  await signInAt(page, '/', 'owner@example.com');
  await expect(navigation(page).getByRole('link', { name: 'Händlerliste' })).toHaveCount(0);
  await page.goto('/merchants');
  await expect(page).toHaveURL(/\/please-upgrade\?for=agency$/);
});
