/**
 * The merchant sees why a campaign was rejected: on the
 * campaign's review page and in its list row, with "Überarbeiten und erneut
 * einreichen" as the next step, until the campaign is submitted again; no
 * "Alle Schritte sind vollständig" all-clear beside the rejection. axe finds
 * nothing serious on either.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { merchantIdentOf, seedSubmittedCoupon, signInAt, signOut, test } from './fixtures';

async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`);
  expect(serious, what).toEqual([]);
}

test('a rejected campaign says why on its review page and in its list row, with the next step', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const title = `Adventsrabatt ${Date.now()}`;
  const campaign = await seedSubmittedCoupon(page, merchant, title);
  await signOut(page);

  const reason =
    'Das Bild ist zu dunkel und der Rabatt steht nicht in der Kurzbeschreibung. Bitte beides ändern.';
  await signInAt(page, '/review', 'admin@example.com');
  await page.getByRole('button', { name: `${title} ablehnen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Kampagne ablehnen' });
  await dialog.getByLabel('Begründung').fill(reason);
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `„${title}“ wurde abgelehnt.` }),
  ).toBeVisible();
  await signOut(page);

  // The review page: the reason as written, the next step, no all-clear.
  await signInAt(page, `/${merchant}/campaigns/coupon/${campaign}/review`, 'silver@example.com');
  await expect(page.getByTestId('status')).toHaveText('Abgelehnt');
  const notice = page.getByTestId('rejection');
  await expect(notice).toContainText('Die Prüfung hat die Kampagne abgelehnt');
  await expect(notice).toContainText(reason);
  await expect(notice).toContainText('Nächster Schritt');
  await expect(
    notice.getByRole('link', { name: 'Überarbeiten und erneut einreichen' }),
  ).toHaveAttribute('href', `/${merchant}/campaigns/coupon/${campaign}/benefit`);
  await expect(page.getByText('Alle Schritte sind vollständig.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Erneut zur Prüfung einreichen' })).toBeEnabled();
  await page.screenshot({
    path: test.info().outputPath('review-page-rejected.png'),
    fullPage: true,
  });
  await expectNoSeriousViolations(page, 'review page of a rejected campaign');

  // The list row: the reason's line opens the whole reason and the next step.
  await page.goto(`/${merchant}/campaigns/list?filter_status=rejected&order_by=-modified`);
  const row = page.locator(`[data-testid="campaign-row"][data-campaign="${campaign}"]`);
  await expect(row.getByTestId('status')).toHaveText('Abgelehnt');
  const line = row.getByRole('button', { name: `Grund: ${reason}` });
  await expect(line).toBeVisible();
  await line.click();
  const popover = page.getByRole('dialog', { name: `Grund: ${reason}` });
  await expect(popover).toContainText(reason);
  await expect(popover).toContainText('Abgelehnt von admin@example.com');
  // A screenshot of the viewport: a full-page one resizes it, which closes a popover
  // whose row lies below the first screen (other journeys reject campaigns too).
  await page.screenshot({ path: test.info().outputPath('list-row-rejected.png') });
  await expectNoSeriousViolations(page, 'campaign list with the rejection reason open');
  await expect(popover).toBeVisible();
  await popover.getByRole('link', { name: 'Überarbeiten und erneut einreichen' }).click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/benefit$`));

  // An edit reopens it: the reason stands until it is submitted again.
  await page.getByLabel('Rabatt in Prozent').fill('25');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/campaigns/${campaign}`,
  );
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  expect((await saved).ok()).toBe(true);
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/review`);
  await expect(page.getByTestId('status')).toHaveText('Angelegt');
  await expect(page.getByTestId('rejection')).toContainText(reason);
  await page.getByRole('button', { name: 'Erneut zur Prüfung einreichen' }).click();
  await page
    .getByRole('dialog', { name: 'Kampagne einreichen?' })
    .getByRole('button', { name: 'Einreichen' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/submitted$`));
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/review`);
  await expect(page.getByTestId('status')).toHaveText('Eingereicht');
  await expect(page.getByTestId('rejection')).toHaveCount(0);
  await page.goto(`/${merchant}/campaigns/list?filter_status=submitted`);
  await expect(row.getByTestId('status')).toHaveText('Eingereicht');
  await expect(row.getByText(/^Grund:/)).toHaveCount(0);
});
