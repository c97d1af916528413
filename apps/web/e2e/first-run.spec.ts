/**
 * A new user's first minutes: the product opened
 * by another address than its PUBLIC_URL still leads to the sign-in, and the
 * app arrives compressed.
 */
import { expect } from '@playwright/test';
import { DEMO_PASSWORD, navigation, test } from './fixtures';

test('opened at 127.0.0.1 instead of localhost, the product still signs in', async ({ page }) => {
  const base = new URL(test.info().project.use.baseURL ?? '');
  const other = `http://127.0.0.1:${base.port}/`;
  await page.goto(other);
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
  expect(new URL(page.url()).host).toBe(base.host);
  await expect(page.getByText('Die Anmeldeanfrage ist ungültig')).toHaveCount(0);
  await page.getByLabel('E-Mail-Adresse').fill('owner@example.com');
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(navigation(page)).toBeVisible();
  await expect(
    page.getByText('Sie handeln für den Händler Bäckerei Sonnenschein GmbH.'),
  ).toBeVisible();
});

test('the main script arrives compressed with its long cache; HEAD / answers', async ({ page }) => {
  const mainScript: { encoding?: string; cache?: string }[] = [];
  page.on('response', (response) => {
    if (/\/assets\/index-[^/]+\.js$/.test(response.url())) {
      const headers = response.headers();
      mainScript.push({ encoding: headers['content-encoding'], cache: headers['cache-control'] });
    }
  });
  await page.goto('/oauth2/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect(mainScript).toHaveLength(1);
  expect(mainScript[0]?.encoding).toMatch(/^(br|gzip)$/);
  expect(mainScript[0]?.cache).toBe('public, max-age=31536000, immutable');

  const head = await page.request.head('/');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toMatch(/text\/html/);
});
