/**
 * MFA_REQUIRED_FOR_ADMINS: an admin without two-factor sign-in sets it up
 * in the sign-in itself — after the password, a page with the QR code and
 * the secret as text asks for a first code, then shows the recovery codes
 * once, and "Weiter" finishes the sign-in. The product runs as a process
 * of its own with the setting (fixtures/product-process.ts); axe checks
 * both pages, and their screenshots at 1440 and 1280 px are kept.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, test } from './fixtures';
import { freePort, startProduct, type ProductProcess } from './fixtures/product-process';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
  expect(blocking, `axe on ${name}`).toEqual([]);
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

let product: ProductProcess | undefined;

test.afterAll(async () => {
  await product?.stop();
});

test('an admin without two-factor sign-in sets it up in the sign-in, then is signed in', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  product = await startProduct(await freePort(), {
    DEMO: 'true',
    DEMO_ACTIVITY: 'false',
    MFA_REQUIRED_FOR_ADMINS: 'true',
  });
  const context = await browser.newContext({ baseURL: product.origin, locale: 'de-DE' });
  const page = await context.newPage();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('admin@example.com');
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  // The set-up, before the sign-in finishes.
  await expect(
    page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await checkScreen(page, testInfo, 'forced-setup');
  // A wrong code keeps the person on the set-up.
  await page.getByLabel('Sechsstelliger Code aus der App').fill('000000');
  await page.getByRole('button', { name: 'Einrichten' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const code = await generate({ secret });
  await page.getByLabel('Sechsstelliger Code aus der App').fill(code);
  await page.getByRole('button', { name: 'Einrichten' }).click();

  // The recovery codes, once; then the sign-in finishes.
  await expect(
    page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes', level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await checkScreen(page, testInfo, 'forced-setup-recovery-codes');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/identity'));
  // Signed in as the admin: the app asks which merchant to act for, as it does for admins.
  await expect(page.getByRole('dialog', { name: 'Händler auswählen' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible();
  await context.close();
});
