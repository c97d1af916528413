/** Sign-in, deep links, the login and postback routes, and logout (docs/product.md#screens-and-routes, docs/product.md#identity-and-sign-in). */
import { expect } from '@playwright/test';
import { DEMO_PASSWORD, signInAt, test } from './fixtures';

test('a signed-out visitor signs in with code and PKCE and lands in the shell', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  await expect(page.getByRole('banner')).toContainText('Kampagnen-Backoffice');
  await expect(
    page.getByText('Sie handeln für den Händler Bäckerei Sonnenschein GmbH.'),
  ).toBeVisible();
  const token = await page.evaluate(() => JSON.stringify(window.localStorage));
  expect(token).toContain('eyJ');
});

test('a deep link opened while signed out comes back after sign-in', async ({ page }) => {
  await signInAt(page, '/please-upgrade?from=mail', 'silver@example.com');
  await expect(page.getByRole('heading', { name: 'Upgrade erforderlich' })).toBeVisible();
  await expect(page.getByText('Ihr aktuelles Level: Silber (Level 1)')).toBeVisible();
});

test('wrong credentials keep the user on the sign-in page with one neutral message', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('E-Mail-Adresse').fill('owner@example.com');
  await page.getByLabel('Passwort').fill('wrong');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
  await expect(page).toHaveURL(/\/identity\/authorize/);
});

test('the login route shows a single button that starts the sign-in', async ({ page }) => {
  await page.goto('/oauth2/login');
  await expect(page.getByRole('button')).toHaveCount(1);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(
    /\/identity\/authorize\?.*response_type=code.*code_challenge_method=S256/,
  );
});

test('a postback that cannot be parsed goes back to the login route', async ({ page }) => {
  await page.goto('/oauth2/postback#garbage');
  await expect(page).toHaveURL(/\/oauth2\/login$/);
  await page.goto('/oauth2/postback?code=forged&state=not-ours');
  await expect(page).toHaveURL(/\/oauth2\/login$/);
});

test('logout ends the session on the server, clears token, user and merchant; the next visit asks to sign in again', async ({
  page,
}) => {
  await signInAt(page, '/', 'staff@example.com');
  const token = await page.evaluate(() => {
    for (const value of Object.values(window.localStorage)) {
      if (value.includes('eyJ')) return (JSON.parse(value) as { token: string }).token;
    }
    return '';
  });
  const init = (bearer: string) =>
    page.request.post('/api/init-user', { headers: { authorization: `Bearer ${bearer}` } });
  expect((await init(token)).status()).toBe(200);
  // The app revokes its token at the provider (RFC 7009).
  const revocation = page.waitForResponse(
    (response) =>
      response.url().endsWith('/identity/revoke') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  expect((await revocation).status()).toBe(200);
  await expect(page).toHaveURL(/\/oauth2\/login$/);
  await expect(page.getByText('Sie wurden abgemeldet.')).toBeVisible();
  const stored = await page.evaluate(() =>
    JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
  );
  expect(stored).not.toContain('eyJ');
  expect(stored).not.toContain('staff@example.com');
  // The old token no longer works, though it has not expired.
  expect((await init(token)).status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
});

test('an expired token is not used: the app signs in again and returns', async ({ page }) => {
  await signInAt(page, '/', 'owner@example.com');
  // Make every stored token look expired, as after a long break.
  await page.evaluate(() => {
    for (const key of Object.keys(window.localStorage)) {
      const value = window.localStorage.getItem(key) ?? '';
      if (value.includes('eyJ')) {
        const parsed = JSON.parse(value) as Record<string, unknown>;
        window.localStorage.setItem(key, JSON.stringify({ ...parsed, expiresAt: 1000 }));
      }
    }
  });
  await page.goto('/please-upgrade');
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
  // Signed in again with the form, the app returns to the page it was asked for.
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('owner@example.com');
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === '/please-upgrade');
  await expect(page.getByRole('heading', { name: 'Upgrade erforderlich' })).toBeVisible();
  await expect(page.getByText('Ihr aktuelles Level: Basic (Level 0)')).toBeVisible();
  // With a new token, not the expired one.
  const expiresAt = await page.evaluate(() => {
    const stored = window.localStorage.getItem('backoffice.auth.token');
    return stored ? (JSON.parse(stored) as { expiresAt: number }).expiresAt : 0;
  });
  expect(expiresAt).toBeGreaterThan(Date.now());
});
