/**
 * What the web app does when the server refuses or a request fails: every
 * refusal is worded in German (or in the spec's words), and nothing the user
 * typed is lost. Each test provokes the fault against the real server (two
 * pages on the same item, no network); only answers that our server never
 * gives without a message key (a proxy's 429, the framework's 503 while a
 * process shuts down) are answered by interception.
 */
import { expect, type Page } from '@playwright/test';
import { api, merchantIdentOf, navigation, seedCompleteCoupon, signInAt, test } from './fixtures';

/** The merchant profile of the signed-in user's merchant; returns its path. */
async function openMerchantProfile(page: Page): Promise<string> {
  await navigation(page).getByRole('link', { name: 'Händler', exact: true }).click();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/merchant$/);
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The merchant's profile as the server stores it. */
async function storedMerchant(page: Page, merchantIdent: string) {
  return api<{ description: string; brand_name: string }>(
    page,
    'GET',
    `/merchants/${merchantIdent}`,
  );
}

/** Whether some field of the page holds `text` (what the user typed is still there). */
function fieldHolding(page: Page, text: string) {
  return page.evaluate(
    (wanted) =>
      [
        ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
      ].some((field) => field.value === wanted),
    text,
  );
}

test('wizard: a campaign submitted meanwhile in another page keeps what was typed in the step', async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const ident = await seedCompleteCoupon(page, merchantIdent, 'Herbstangebot');
  await page.goto(`/${merchantIdent}/campaigns/coupon/${ident}/content`);
  const typed = 'Herbstangebot – die neue, sorgfältig formulierte Überschrift';
  await page.getByLabel(/^Titel/).fill(typed);

  // A colleague submits the campaign in another page meanwhile.
  const other = await context.newPage();
  await other.goto(`/${merchantIdent}/campaigns/coupon/${ident}/review`);
  await other.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  await other
    .getByRole('dialog', { name: 'Kampagne einreichen?' })
    .getByRole('button', { name: 'Einreichen' })
    .click();
  await expect(other).toHaveURL(/\/submitted$/);

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('alert-error')).toContainText(
    'Die Kampagne kann nicht mehr bearbeitet werden.',
  );
  // The campaign cannot take the change any more, but the typed title does
  // not vanish: the step's form stays, read-only, under the note that says why.
  await expect(
    page.getByText(
      'Nach dem Einreichen oder während die Kampagne online ist, kann sie nicht bearbeitet werden.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel(/^Titel/)).toHaveValue(typed);
  await expect(page.getByLabel(/^Titel/)).toBeDisabled();
  expect(await fieldHolding(page, typed), 'the typed title is still on the screen').toBe(true);
});

test('merchant profile: a save over a change made meanwhile in another page does not silently overwrite it', async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const profile = await openMerchantProfile(page);
  const merchantIdent = profile.split('/')[1] ?? '';
  const other = await context.newPage();
  await other.goto(profile);
  await expect(other.getByRole('button', { name: 'Speichern' })).toBeVisible();

  // Page A saves a new description.
  const description = `Frische Brötchen seit 1950 (${Date.now()})`;
  await page.getByLabel('Beschreibung').fill(description);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('alert-success')).toContainText('Händler gespeichert.');
  expect((await storedMerchant(page, merchantIdent)).description).toBe(description);

  // Page B, opened before that save, changes only the brand name and saves:
  // refused with the German reason, B's input stays, A's description is kept.
  await other.getByLabel('Markenname').fill('Silberblick am Markt');
  await other.getByRole('button', { name: 'Speichern' }).click();
  await expect(other.getByTestId('alert-error')).toContainText(
    'Der Händler wurde inzwischen geändert.',
  );
  await expect(other.getByLabel('Markenname')).toHaveValue('Silberblick am Markt');
  expect((await storedMerchant(page, merchantIdent)).description).toBe(description);

  // A's page saves again from the version its first save answered.
  await page.getByLabel('Beschreibung').fill(`${description} – und mehr`);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('alert-success').last()).toContainText('Händler gespeichert.');
  expect((await storedMerchant(page, merchantIdent)).description).toBe(`${description} – und mehr`);
});

/** Answers our server never gives without a message key, as they reach the browser. */
const KEYLESS_ANSWERS = [
  {
    label: 'a 503 from a server that is shutting down (Fastify’s own answer)',
    status: 503,
    contentType: 'application/json',
    body: '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}',
    english: 'Service Unavailable',
    german: 'Der Dienst ist gerade nicht erreichbar',
  },
  {
    label: 'a 429 without a message key (a proxy’s)',
    status: 429,
    contentType: 'text/plain',
    body: '',
    english: 'Too Many Requests',
    german: 'Zu viele Anfragen',
  },
];

for (const answer of KEYLESS_ANSWERS) {
  test(`${answer.label} is worded in German, and the input stays`, async ({ page }) => {
    await signInAt(page, '/', 'silver@example.com');
    await openMerchantProfile(page);
    await page.route(/\/api\/merchants\/[0-9a-f-]+$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: answer.status,
            contentType: answer.contentType,
            body: answer.body,
          })
        : route.continue(),
    );
    await page.getByLabel('Beschreibung').fill('Neue Beschreibung');
    await page.getByRole('button', { name: 'Speichern' }).click();
    // In German; what the answer said itself only in the line below.
    const alert = page.getByTestId('alert-error');
    await expect(alert.getByTestId('alert-message')).toContainText(answer.german);
    await expect(alert.getByTestId('alert-message')).not.toContainText(answer.english);
    await expect(alert.getByTestId('alert-technical')).toHaveText(
      `HTTP ${answer.status}: ${answer.english}`,
    );
    await expect(page.getByLabel('Beschreibung')).toHaveValue('Neue Beschreibung');
  });
}

test('a save while the network is gone says so instead of spinning, and keeps the input', async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  await openMerchantProfile(page);
  await page.getByLabel('Beschreibung').fill('Neue Beschreibung');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Speichern' }).click();
  // The request is sent and fails at once: the spec's words for a request
  // without an answer (docs/product.md#messages), not a save held back with its button spinning.
  const alert = page.getByTestId('alert-error');
  await expect(alert).toContainText('Could not send request');
  await expect(alert).toContainText('Keine Verbindung zum Server.');
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeEnabled();
  await expect(page.getByLabel('Beschreibung')).toHaveValue('Neue Beschreibung');
  await context.setOffline(false);
});
