/**
 * A second click while the first one is still at work sends nothing: the
 * campaign creation while the wizard's code is still loading after the
 * answer, and a location's save after 'Adresse nicht gefunden' while the
 * server geocodes. The answers and the page's code are held back on their
 * way (Playwright's routing), the requests themselves go to the real server.
 */
import { expect, type Page } from '@playwright/test';
import { IDENT, api, chooseMerchant, merchantIdentOf, signInAt, test } from './fixtures';

/** Counts the page's requests of a method whose path matches. */
function countRequests(page: Page, method: string, path: RegExp): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.count += 1;
  });
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a second click on a campaign type's confirmation while the wizard loads creates no second campaign", async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  // The wizard's code arrives late, as on a slow connection.
  await page.route('**/assets/campaign-page-*.js', async (route) => {
    await pause(1500);
    await route.continue();
  });
  const creations = countRequests(page, 'POST', /^\/api\/campaigns$/);
  await page.goto(`/${merchantIdent}/campaigns/create`);
  await page.getByRole('button', { name: /^Gewinnspiel / }).click();
  const confirm = page
    .getByRole('dialog', { name: 'Gewinnspiel anlegen?' })
    .getByRole('button', { name: 'Entwurf anlegen' });
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/campaigns',
  );
  await confirm.click();
  await answered;
  // The answer is in, the next page is not: the confirmation stays busy.
  await expect(confirm).toBeDisabled();
  await confirm.click({ force: true });
  await expect(page).toHaveURL(
    new RegExp(`/${merchantIdent}/campaigns/sweepstake/${IDENT.source}/benefit$`),
  );
  expect(creations.count).toBe(1);
});

test('a second save of a location while the first is geocoded adds no second location', async ({
  page,
}) => {
  await signInAt(page, '/', 'multi@example.com');
  // Not Wagner: another journey counts the locations Wagner's upload finds.
  await chooseMerchant(page, 'Huber', 'Getränke Huber OHG');
  const merchantIdent = await merchantIdentOf(page);
  await page.goto(`/${merchantIdent}/locations`);
  await page.getByRole('button', { name: 'Standort hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Standort hinzufügen' });
  await dialog.getByLabel('Name').fill('Doppelklick');
  await dialog.getByLabel('Straße').fill('Almweg');
  await dialog.getByLabel('PLZ').fill('99999');
  await dialog.getByLabel('Ort').fill('Nirgendwohausen');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Adresse nicht gefunden')).toBeVisible();

  // The corrected address is saved; the server's answer takes its time.
  await page.route(`**/api/merchants/${merchantIdent}/locations`, async (route) => {
    await pause(1000);
    await route.continue();
  });
  const saves = countRequests(page, 'POST', /\/locations$/);
  await dialog.getByLabel('PLZ').fill('10115');
  await dialog.getByLabel('Ort').fill('Berlin');
  const save = dialog.getByRole('button', { name: 'Speichern' });
  await save.click();
  await expect(save).toBeDisabled();
  await save.click({ force: true });
  await dialog.getByLabel('Ort').press('Enter');
  await expect(dialog.locator('form').getByRole('button', { name: 'Schließen' })).toBeDisabled();
  await expect(dialog).toBeHidden();
  expect(saves.count).toBe(1);
  await expect(page.getByTestId('location-row').filter({ hasText: 'Doppelklick' })).toHaveCount(1);
});

test("a wizard step's fields rest while its save is on its way, and the focus comes back", async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const { campaign } = await api<{ campaign: { uuid: string } }>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'sweepstake/standard',
  });
  await page.goto(`/${merchantIdent}/campaigns/sweepstake/${campaign.uuid}/content`);
  const title = page.getByLabel('Titel');
  const editor = page.getByRole('textbox', { name: 'Beschreibung', exact: true });
  await expect(editor).toBeVisible();

  // The save's answer takes its time.
  const savePath = `/api/campaigns/${campaign.uuid}`;
  await page.route(
    (url) => url.pathname === savePath,
    async (route) => {
      if (route.request().method() === 'POST') await pause(1500);
      await route.continue();
    },
  );
  await title.fill('Ruhige Felder');
  await title.press('Enter');
  await expect(title).toBeDisabled();
  await expect(editor).toHaveAttribute('contenteditable', 'false');
  await expect(page.getByRole('button', { name: 'Bedingung hinzufügen' })).toBeDisabled();

  // The description is still missing: the step stays, the fields are back,
  // with the stored title and the focus where it was.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Gespeichert. Bitte prüfen Sie die markierten Felder.' }),
  ).toBeVisible();
  await expect(title).toBeEnabled();
  await expect(title).toHaveValue('Ruhige Felder');
  await expect(title).toBeFocused();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
});
