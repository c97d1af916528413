/**
 * The keyboard focus across saves that rest their controls: a role checkbox,
 * a notification switch and the field of a campaign link keep it while the
 * change is saved (a browser drops the focus of a disabled control to the
 * page, and a keyboard user would start again at its top); a deleted row
 * (deleted after its question) hands it to its list instead of to a button
 * that disappears.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { api, chooseMerchant, merchantIdentOf, signInAt, test } from './fixtures';

const saved = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first();

/** Toggles a focused control with the space bar and waits for its save. */
async function toggleWithSpace(page: Page, name: string, role: 'checkbox' | 'switch') {
  const control = page.getByRole(role, { name });
  await control.focus();
  const before = await control.isChecked();
  await page.keyboard.press('Space');
  await expect(control).toBeChecked({ checked: !before });
  return control;
}

test('role checkboxes and notification switches keep the focus while they are saved', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  const merchantIdent = await merchantIdentOf(page);

  await page.goto(`/${merchantIdent}/accounts`);
  const contactName = 'Ansprechpartner für staff@example.com';
  for (let round = 0; round < 2; round += 1) {
    const box = await toggleWithSpace(page, contactName, 'checkbox');
    await expect(saved(page, 'Rollen gespeichert.')).toBeVisible();
    await expect(box).toBeEnabled();
    await expect(box).toBeFocused();
  }

  await page.goto(`/${merchantIdent}/notifications`);
  const weeklyName = 'Wochenstatistik für staff@example.com';
  for (let round = 0; round < 2; round += 1) {
    const toggle = await toggleWithSpace(page, weeklyName, 'switch');
    await expect(saved(page, 'Einstellung gespeichert.')).toBeVisible();
    await expect(toggle).toBeEnabled();
    await expect(toggle).toBeFocused();
  }
});

test('deleting a location or an account hands the focus to its list', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const name = `Fokus ${randomUUID().slice(0, 8)}`;
  await api(page, 'POST', `/merchants/${merchantIdent}/locations`, {
    name,
    street: 'Marktplatz',
    streetnumber: '1',
    zip: '80331',
    city: 'München',
    country: 'DE',
    use_anyway: true,
  });
  await page.goto(`/${merchantIdent}/locations`);
  const trash = page.getByRole('button', { name: `Standort ${name} löschen` });
  await trash.focus();
  await page.keyboard.press('Enter');
  // The question first; its confirm button has the focus.
  await expect(page.getByRole('button', { name: 'Standort löschen', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(trash).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Standorte' })).toBeFocused();

  const email = `fokus-${randomUUID().slice(0, 8)}@example.com`;
  await api(page, 'POST', `/merchants/${merchantIdent}/invite-account`, {
    user_email: email,
    roles: ['manage-campaigns'],
  });
  await page.goto(`/${merchantIdent}/accounts`);
  const remove = page.getByRole('button', { name: `Account ${email} entfernen` });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Account entfernen', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Accounts' })).toBeFocused();
});

test('the campaign link field keeps the focus after Enter, and gets it after a removal', async ({
  page,
}) => {
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'silber', 'Café Silberblick KG');
  const merchant = await merchantIdentOf(page);
  const campaign = (
    await api<TCampaignEnvelope>(page, 'POST', '/campaigns', { merchant, type: 'coupon/percent' })
  ).campaign.uuid;
  const { access_code_set: set } = await api<{ access_code_set: { id: string } }>(
    page,
    'POST',
    '/access-code-sets',
    {
      type: 'reusable',
      name: `Fokus ${randomUUID()}`,
      hint_title: 'Ihr Zugangscode',
      hint_text: 'Den Code finden Sie am Bon.',
    },
  );
  await page.goto(`/access-code-sets/${set.id}`);

  const field = page.getByRole('textbox', { name: 'Kampagne verknüpfen' });
  await field.fill(campaign);
  await field.press('Enter');
  const linked = page.getByRole('table', { name: 'Verknüpfte Kampagnen' });
  await expect(linked.getByRole('row').filter({ hasText: campaign })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  const remove = page.getByRole('button', { name: `Verknüpfung mit ${campaign} entfernen` });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await expect(field).toBeFocused();
});
