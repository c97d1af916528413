/**
 * The notifications screen (docs/product.md#screens-and-routes /{merchantIdent}/notifications): which
 * mails each account of the merchant receives. An account manager sets them
 * for everyone; other accounts see and set only their own.
 */
import { expect } from '@playwright/test';
import { merchantIdentOf, signInAt, signOut, test } from './fixtures';

test('the owner switches a mail off for the staff; the staff sees it and sets only their own', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  const merchantIdent = await merchantIdentOf(page);
  await page.goto(`/${merchantIdent}/notifications`);
  await expect(page.getByRole('heading', { name: 'Benachrichtigungen', level: 1 })).toBeVisible();

  const staffWeekly = page.getByRole('switch', { name: 'Wochenstatistik für staff@example.com' });
  const ownerWeekly = page.getByRole('switch', { name: 'Wochenstatistik für owner@example.com' });
  await expect(staffWeekly).toBeEnabled();
  const before = await staffWeekly.isChecked();
  await staffWeekly.click({ force: true });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Einstellung gespeichert.' }),
  ).toBeVisible();
  await page.reload();
  await expect(staffWeekly).toBeChecked({ checked: !before });
  await expect(ownerWeekly).toBeEnabled();
  await signOut(page);

  await signInAt(page, `/${merchantIdent}/notifications`, 'staff@example.com');
  await expect(staffWeekly).toBeChecked({ checked: !before });
  await expect(staffWeekly).toBeEnabled();
  // Only their own row: the others' settings are the account managers' business.
  await expect(ownerWeekly).toHaveCount(0);
  const staffApproved = page.getByRole('switch', {
    name: 'Kampagne freigegeben für staff@example.com',
  });
  const approvedBefore = await staffApproved.isChecked();
  await staffApproved.click({ force: true });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Einstellung gespeichert.' }),
  ).toBeVisible();
  await page.reload();
  await expect(staffApproved).toBeChecked({ checked: !approvedBefore });
});
