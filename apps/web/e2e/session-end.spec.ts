/**
 * A session that ends while the app is open (docs/product.md#identity-and-sign-in): a sign-out
 * in another tab, a token that expired while the computer slept, or a
 * session ended on the server (a 401) takes the user to the login route with
 * a message instead of leaving every click without effect; signing in again
 * returns to the page they were at.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, navigation, signInAt, signOut, test, tokenOf } from './fixtures';

const MESSAGE = 'Ihre Sitzung ist abgelaufen oder wurde beendet. Bitte melden Sie sich erneut an.';

/** The merchant profile of the signed-in user's merchant; returns its path. */
async function openMerchantProfile(page: Page): Promise<string> {
  await navigation(page).getByRole('link', { name: 'Händler', exact: true }).click();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/merchant$/);
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The login route saying that the session has ended; signing in there returns to `path`. */
async function expectSessionEndedAndReturn(page: Page, email: string, path: string) {
  await expect(page).toHaveURL(/\/oauth2\/login\?session=ended$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Sitzung beendet' })).toContainText(
    MESSAGE,
  );
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();
}

test('a sign-out in a second tab takes the first tab to the sign-in with the message', async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const profile = await openMerchantProfile(page);

  // The second tab shares the sign-in (the token in localStorage) and signs out.
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
  await signOut(second);

  await expectSessionEndedAndReturn(page, 'silver@example.com', profile);
});

test('a sign-out in a second tab while the profile has unsaved changes keeps them on the screen', async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  await openMerchantProfile(page);
  const typed = 'Eine lange Beschreibung, an der ich gerade schreibe';
  await page.getByLabel('Beschreibung').fill(typed);

  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
  await signOut(second);

  // The page asks before the input is lost, and says why it asks.
  const question = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await expect(question).toBeVisible();
  await expect(page.getByTestId('alert-error')).toContainText(MESSAGE);
  await expect(page.getByLabel('Beschreibung')).toHaveValue(typed);
  // Staying keeps the page; leaving goes to the sign-in.
  await question.getByRole('button', { name: 'Auf der Seite bleiben' }).click();
  await expect(page.getByLabel('Beschreibung')).toHaveValue(typed);
  await navigation(page).getByRole('link', { name: 'Kampagnen' }).click();
  await page
    .getByRole('dialog', { name: 'Ungespeicherte Änderungen' })
    .getByRole('button', { name: 'Änderungen verwerfen' })
    .click();
  await expect(page).toHaveURL(/\/oauth2\/login\?session=ended$/);
});

test('a token that expired while the computer slept: the next click leads to the sign-in with the message', async ({
  page,
}) => {
  await page.clock.install();
  await signInAt(page, '/', 'silver@example.com');
  const profile = await openMerchantProfile(page);

  // Two hours later without any timer having run (the token lasts one hour).
  await page.clock.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
  await page.getByRole('button', { name: 'Speichern' }).click();

  await expect(page).toHaveURL(/\/oauth2\/login\?session=ended$/);
  // Back to the server's time, so that the next token is not taken for expired.
  await page.clock.setSystemTime(Date.now());
  await expectSessionEndedAndReturn(page, 'silver@example.com', profile);
});

test('a session ended on the server (a logout in another browser): the next click leads to the sign-in with the message', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const profile = await openMerchantProfile(page);
  const ended = await page.request.post('/api/session/logout', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(ended.ok()).toBe(true);

  // The token has not expired, but the server answers 401 now.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expectSessionEndedAndReturn(page, 'silver@example.com', profile);
});

test('a tab opened again after its session was ended on the server says so at the sign-in', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const profile = await openMerchantProfile(page);
  const ended = await page.request.post('/api/session/logout', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(ended.ok()).toBe(true);

  // The stored token has not expired: the first request of the reloaded app meets the 401.
  await page.reload();
  await expectSessionEndedAndReturn(page, 'silver@example.com', profile);
});

test('another person signing in in a second tab: the first tab starts afresh as that person', async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  await openMerchantProfile(page);
  await expect(page.getByText('Café Silberblick').first()).toBeVisible();

  // The second tab signs in as someone else (the provider's own session forgotten first).
  const second = await context.newPage();
  await context.clearCookies();
  await second.goto('/oauth2/login');
  await second.getByRole('button', { name: 'Anmelden' }).click();
  await expect(second).toHaveURL(/\/identity\/authorize\?/);
  await second.getByLabel('E-Mail-Adresse').fill('owner@example.com');
  await second.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await second.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(
    second.getByText('Sie handeln für den Händler Bäckerei Sonnenschein GmbH.'),
  ).toBeVisible();

  // The first tab no longer shows silver's merchant with the owner's rights.
  await expect(
    page.getByText('Sie handeln für den Händler Bäckerei Sonnenschein GmbH.'),
  ).toBeVisible();
});
