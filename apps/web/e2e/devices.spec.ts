/**
 * "Angemeldete Geräte" (user menu): a person signed in on two devices sees
 * both, this one marked, signs the other out from the list (after a
 * confirmation), and that device is signed out at its next request, with
 * the session-ended message. The second device is a separate browser
 * context with a Firefox-on-Windows User-Agent, so that its row is told
 * apart from the sign-ins of other journeys. The page passes axe and is
 * photographed at 1440 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { signInAt, test } from './fixtures';

/** An account no other journey ends sessions of; its sign-ins here are told apart by browser. */
const EMAIL = 'staff@example.com';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ENDED = 'Ihre Sitzung ist abgelaufen oder wurde beendet. Bitte melden Sie sich erneut an.';

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.impact} ${violation.id}: ${node.target.join(' ')} ${node.html}`,
      ),
    );
}

async function openDevicesFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Angemeldete Geräte' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { name: 'Angemeldete Geräte', level: 1 })).toBeVisible();
}

test('a device signed out from "Angemeldete Geräte" is signed out at its next request', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInAt(page, '/', EMAIL);

  // The second device: another browser, signed in as the same person.
  const secondContext = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const second = await secondContext.newPage();
  await signInAt(second, '/', EMAIL);
  await expect(second.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();

  await openDevicesFromMenu(page);
  const table = page.getByRole('table', { name: 'Angemeldete Geräte Ihres Kontos' });
  const current = table.getByRole('row').filter({ hasText: 'Dieses Gerät' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome auf Linux');
  // This device comes first.
  await expect(table.getByRole('row').nth(1)).toContainText('Dieses Gerät');
  // This device cannot be signed out here (the user menu's logout does that).
  await expect(current.getByRole('button')).toHaveCount(0);
  const other = table.getByRole('row').filter({ hasText: 'Firefox auf Windows' });
  await expect(other).toHaveCount(1);
  await expect(other).not.toContainText('Dieses Gerät');
  await expect(other).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

  expect(await blockingViolations(page), 'axe on the devices page').toEqual([]);
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`devices-${width}.png`), fullPage: true });
  }

  // Asked first; cancelling leaves the device signed in.
  await other.getByRole('button', { name: /abmelden$/ }).click();
  const question = page.getByRole('dialog', { name: 'Gerät abmelden' });
  await expect(question).toContainText('„Firefox auf Windows“, angemeldet seit');
  expect(await blockingViolations(page), 'axe on the sign-out question').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('devices-question.png') });
  await question.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(question).toBeHidden();
  await expect(other).toHaveCount(1);

  await other.getByRole('button', { name: /abmelden$/ }).click();
  await question.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Firefox auf Windows wurde abgemeldet')).toBeVisible();
  await expect(other).toHaveCount(0);
  await expect(current).toHaveCount(1);

  // The second device's next request meets the ended session.
  await second.reload();
  await expect(second).toHaveURL(/\/oauth2\/login\?session=ended$/);
  await expect(second.getByRole('alert').filter({ hasText: 'Sitzung beendet' })).toContainText(
    ENDED,
  );
  // The first stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Angemeldete Geräte', level: 1 })).toBeVisible();
  await secondContext.close();
});

test('"Alle anderen Geräte abmelden" signs every other device out and keeps this one', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const secondContext = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const second = await secondContext.newPage();
  await signInAt(second, '/', EMAIL);
  await expect(second.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();

  await signInAt(page, '/', EMAIL);
  await openDevicesFromMenu(page);
  await page.getByRole('button', { name: 'Alle anderen Geräte abmelden' }).click();
  const question = page.getByRole('dialog', { name: 'Alle anderen Geräte abmelden' });
  await expect(question).toContainText('Dieses Gerät bleibt angemeldet.');
  await question.getByRole('button', { name: 'Alle anderen abmelden' }).click();
  await expect(page.getByText(/anderes? Geräte? (wurde|wurden) abgemeldet/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Angemeldete Geräte Ihres Kontos' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Dieses Gerät');
  await expect(page.getByText('Ihr Konto ist auf keinem anderen Gerät angemeldet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alle anderen Geräte abmelden' })).toBeDisabled();

  await second.reload();
  await expect(second).toHaveURL(/\/oauth2\/login\?session=ended$/);
  await secondContext.close();
});
