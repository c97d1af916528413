/**
 * What the web app does when the server refuses or a request fails: every
 * refusal is worded in German (or in the spec's words), and nothing the user
 * typed is lost. Each test provokes the fault against the real server (two
 * pages on the same item, no network); only answers that our server never
 * gives without a message key (a proxy's 429, the framework's 503 while a
 * process shuts down) are answered by interception.
 */
import { expect, type Page } from '@playwright/test';
import {
  api,
  merchantIdentOf,
  navigation,
  PIXEL_PNG,
  signInAt,
  test,
  type Envelope,
} from './fixtures';

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

/** A coupon without errors (created through the API), not submitted yet. */
async function seedCompleteCoupon(page: Page, merchantIdent: string, title: string) {
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'coupon/percent',
  });
  await api(page, 'POST', `/campaigns/${campaign.uuid}/image`, undefined, {
    upload: { name: 'bild.png', mimeType: 'image/png', buffer: PIXEL_PNG },
  });
  const day = 24 * 60 * 60 * 1000;
  const saved = await api<Envelope & { state: { errors: unknown[] } }>(
    page,
    'POST',
    `/campaigns/${campaign.uuid}`,
    {
      title: { de: title },
      short_description: { de: '20 % auf alles' },
      description: { de: 'Herbstzeit ist Kuchenzeit. '.repeat(10) },
      benefit: { percent_discount: 20 },
      valid_from: new Date(Date.now() - day).toISOString(),
      valid_until: new Date(Date.now() + 30 * day).toISOString(),
      coupon: { redemption: 'offline', code_type: 'none' },
    },
  );
  expect(saved.state.errors, 'a saved campaign without errors').toEqual([]);
  return campaign.uuid;
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

test('a 503 from a server that is shutting down is worded in German', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  await openMerchantProfile(page);
  // Fastify's own answer while the server closes (return503OnClosing).
  await page.route(/\/api\/merchants\/[0-9a-f-]+$/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}',
        })
      : route.continue(),
  );
  await page.getByLabel('Beschreibung').fill('Neue Beschreibung');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const alert = page.getByTestId('alert-error');
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Service Unavailable');
  await expect(alert).toContainText('Der Dienst ist gerade nicht erreichbar');
  await expect(page.getByLabel('Beschreibung')).toHaveValue('Neue Beschreibung');
});

test('a 429 without a message key (e.g. from a proxy) is worded in German', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  await openMerchantProfile(page);
  await page.route(/\/api\/merchants\/[0-9a-f-]+$/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'text/plain', body: '' })
      : route.continue(),
  );
  await page.getByLabel('Beschreibung').fill('Neue Beschreibung');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const alert = page.getByTestId('alert-error');
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Too Many Requests');
  await expect(alert).toContainText('Zu viele Anfragen');
});

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
  // without an answer (§8), not a save held back with its button spinning.
  const alert = page.getByTestId('alert-error');
  await expect(alert).toContainText('Could not send request');
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeEnabled();
  await expect(page.getByLabel('Beschreibung')).toHaveValue('Neue Beschreibung');
  await context.setOffline(false);
});
