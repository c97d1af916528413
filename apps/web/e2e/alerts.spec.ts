/**
 * Alerts that tell the truth: an error alert goes
 * when a later save of the same thing succeeds, a failure repeated is one
 * alert with a count, alerts stay below the top bar, the alert list comes
 * back after the network was gone, the handling step brings its first
 * invalid field into view, and a failed request's alert names its request
 * id. The spec's technical texts ('HTTP {status}: {server message}', 'Could
 * not send request') stay, smaller, below the German message.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import {
  api,
  merchantIdentOf,
  navigation,
  seedCompleteCoupon,
  signInAt,
  test,
  type Envelope,
} from './fixtures';

const NO_CONNECTION = 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.';

/** The merchant profile of the signed-in user's merchant; returns its path. */
async function openMerchantProfile(page: Page): Promise<string> {
  await navigation(page).getByRole('link', { name: 'Händler', exact: true }).click();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/merchant$/);
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();
  return new URL(page.url()).pathname;
}

function saveButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Speichern', exact: true });
}

/** Saves with the button and returns the save's answer. */
async function saveAnswered(page: Page, path: RegExp): Promise<Response> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && path.test(response.url()),
  );
  await saveButton(page).click();
  return answer;
}

/** Whether two boxes share any area. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A wizard step of a complete coupon of the signed-in user's merchant. */
async function openCouponStep(page: Page, step: string, title: string) {
  const merchantIdent = await merchantIdentOf(page);
  const ident = await seedCompleteCoupon(page, merchantIdent, title);
  await page.goto(`/${merchantIdent}/campaigns/coupon/${ident}/${step}`);
  await expect(saveButton(page)).toBeVisible();
  return ident;
}

test('a successful save of the step takes away its earlier error alert', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  await openCouponStep(page, 'content', 'Frühlingsrabatt');

  // A landing page that is no address: the step is not sent, and an alert says why.
  await page.getByLabel('Landingpage (URL)').fill('kein Link');
  await saveButton(page).click();
  const refused = page
    .getByTestId('alert-error')
    .filter({ hasText: 'Bitte korrigieren Sie zuerst die markierten Felder.' });
  await expect(refused).toBeVisible();

  // Fixed and saved: the error alert is no longer true, so it is gone.
  await page.getByLabel('Landingpage (URL)').fill('https://example.com/fruehling');
  await saveButton(page).click();
  await expect(page.getByTestId('alert-success').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  await expect(page.getByTestId('alert-error')).toHaveCount(0);
});

test('the same refusal three times is one alert with a count and the last request id', async ({
  page,
}, testInfo) => {
  await signInAt(page, '/', 'silver@example.com');
  const ident = await openCouponStep(page, 'content', 'Sommerrabatt');
  await page.getByLabel(/^Titel/).fill('Sommerrabatt – jetzt mit neuer Überschrift');
  // A colleague saves the campaign meanwhile: each save of this page is refused.
  await api<Envelope>(page, 'POST', `/campaigns/${ident}`, { thank_you_text: 'Danke!' });

  let answer: Response | undefined;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    answer = await saveAnswered(page, new RegExp(`/api/campaigns/${ident}`));
    expect(answer.status()).toBe(409);
    await expect(saveButton(page)).toBeEnabled();
  }
  const alert = page.getByTestId('alert-error');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Die Kampagne wurde inzwischen geändert.');
  await expect(alert.getByTestId('alert-count')).toHaveText('3-mal');
  const requestId = await answer?.headerValue('x-request-id');
  expect(requestId, 'the server names each request').toBeTruthy();
  await expect(alert.getByTestId('alert-request-id')).toHaveText(`Anfrage-ID: ${requestId}`);
  await page.screenshot({ path: testInfo.outputPath('alert-count.png') });
  // The alert with its count and smaller lines is accessible (contrast, names).
  const axe = await new AxeBuilder({ page })
    .include('[role="alert"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test("a refused request's alert says it in German first, the spec's line and the request id smaller below", async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const profile = await openMerchantProfile(page);
  const other = await context.newPage();
  await other.goto(profile);
  await expect(saveButton(other)).toBeVisible();

  await page.getByLabel('Beschreibung').fill(`Frische Brötchen (${Date.now()})`);
  await saveButton(page).click();
  await expect(page.getByTestId('alert-success')).toContainText('Händler gespeichert.');

  // The other page is based on the profile before that save: refused with 409.
  await other.getByLabel('Markenname').fill('Silberblick am Markt');
  const answer = await saveAnswered(other, /\/api\/merchants\/[0-9a-f-]+$/);
  expect(answer.status()).toBe(409);
  const alert = other.getByTestId('alert-error');
  const message = alert.getByTestId('alert-message');
  const technical = alert.getByTestId('alert-technical');
  await expect(message).toContainText('Der Händler wurde inzwischen geändert.');
  await expect(technical).toHaveText('HTTP 409: merchant_changed');
  await expect(alert.getByTestId('alert-request-id')).toHaveText(
    `Anfrage-ID: ${await answer.headerValue('x-request-id')}`,
  );
  // The German message comes first; the technical lines are smaller, below it.
  const [messageBox, technicalBox] = await Promise.all([
    message.boundingBox(),
    technical.boundingBox(),
  ]);
  expect(messageBox && technicalBox && technicalBox.y >= messageBox.y + messageBox.height).toBe(
    true,
  );
  const fontSize = (locator: Locator) =>
    locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(await fontSize(technical)).toBeLessThan(await fontSize(message));
});

test('offline, a save says so in German beside the spec text; back online each save shows its answer', async ({
  page,
  context,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  await openMerchantProfile(page);
  await page.getByLabel('Beschreibung').fill('Frische Brötchen und Kuchen');

  await context.setOffline(true);
  await saveButton(page).click();
  const failed = page.getByTestId('alert-error');
  await expect(failed).toContainText(NO_CONNECTION);
  await expect(failed.getByTestId('alert-technical')).toHaveText('Could not send request');
  // Tried again while still offline: the same alert counts it.
  await saveButton(page).click();
  await expect(failed.getByTestId('alert-count')).toHaveText('2-mal');
  await expect(failed).toHaveCount(1);

  await context.setOffline(false);
  await saveButton(page).click();
  const saved = page.getByTestId('alert-success');
  await expect(saved).toContainText('Händler gespeichert.');
  // The save went through: the alert that said it could not be sent is gone.
  await expect(failed).toHaveCount(0);
  await page.getByLabel('Beschreibung').fill('Frische Brötchen, Kuchen und Torten');
  await saveButton(page).click();
  await expect(saved.getByTestId('alert-count')).toHaveText('2-mal');
  await expect(saved).toHaveCount(1);
});

for (const width of [1440, 1280]) {
  test(`alerts at ${width} px stay below the top bar's search and create button`, async ({
    page,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAt(page, '/', 'silver@example.com');
    await openMerchantProfile(page);
    await saveButton(page).click();
    await expect(page.getByTestId('alert-success')).toContainText('Händler gespeichert.');
    await context.setOffline(true);
    await saveButton(page).click();
    await expect(page.getByTestId('alert-error')).toContainText(NO_CONNECTION);
    await context.setOffline(false);

    const search = page.getByRole('textbox', { name: 'Suche' });
    const create = page.getByRole('link', { name: 'Kampagne erstellen' });
    const userMenu = page.getByRole('button', { name: 'Benutzermenü' });
    const covered = [search, create, userMenu];
    const alerts = page.getByRole('alert');
    await expect(alerts).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath(`alerts-${width}.png`) });
    for (const alert of await alerts.all()) {
      const alertBox = await alert.boundingBox();
      expect(alertBox).not.toBeNull();
      for (const control of covered) {
        await expect(control).toBeVisible();
        const controlBox = await control.boundingBox();
        expect(controlBox).not.toBeNull();
        if (alertBox && controlBox) expect(overlaps(alertBox, controlBox)).toBe(false);
      }
    }
    // Still at the top right of the page below the bar (docs/product.md#messages).
    const first = await alerts.first().boundingBox();
    expect(first && first.x > width / 2 && first.y < 200).toBe(true);

    // The search's hits open over the alerts, not under them.
    await search.fill('Zitronenfalter');
    const hits = page.getByRole('listbox', { name: 'Suchtreffer' });
    await expect(hits).toBeVisible();
    const onTop = await hits.evaluate((listbox) => {
      const { x, y, width: w, height: h } = listbox.getBoundingClientRect();
      const points = [
        [x + w / 2, y + h / 2],
        [x + w - 4, y + 4],
      ];
      return points.every(([px = 0, py = 0]) =>
        listbox.contains(document.elementFromPoint(px, py)),
      );
    });
    expect(onTop, 'the search hits are not covered by an alert').toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`alerts-search-${width}.png`) });
    await page.keyboard.press('Escape');
    // The controls can be clicked while the alerts show.
    await create.click();
    await expect(page).toHaveURL(/\/campaigns\/create$/);
  });
}

test('the handling step brings its first invalid field into view and focuses it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'coupon/percent',
  });
  await page.goto(`/${merchantIdent}/campaigns/coupon/${campaign.uuid}/handling`);
  const validFrom = page.getByRole('textbox', { name: /^Gültig ab/ });
  await expect(validFrom).toBeVisible();
  await saveButton(page).scrollIntoViewIfNeeded();
  await expect(validFrom).not.toBeInViewport();

  await saveButton(page).click();
  await expect(validFrom).toBeInViewport();
  await expect(validFrom).toBeFocused();
  await expect(validFrom).toHaveAttribute('aria-invalid', 'true');
});
