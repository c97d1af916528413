/**
 * Campaign wizard journeys (docs/product.md#the-campaign-wizard, docs/product.md#the-campaign-wizard,
 * docs/product.md#validation): one type of each family is filled step by step (benefit, description,
 * image), the side list's marks follow, empty required fields say
 * 'Pflichtfeld', and after a reload everything is still there.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { api, chooseMerchant, merchantIdentOf, signInAt, test } from './fixtures';
import { makePng } from './png';

const LONG_TEXT =
  'Unser Herbstfest bietet frische Kuchen, warme Getränke und Musik für die ganze Familie. ' +
  'Machen Sie mit und sichern Sie sich mit etwas Glück einen der Preise, die wir unter allen ' +
  'Teilnehmenden verlosen. Die Teilnahme ist kostenlos und dauert nur eine Minute.';

/** Creates a campaign through the real API with the signed-in user's token. */
async function createCampaign(page: Page, merchant: string, type: string): Promise<string> {
  const body = await api<{ campaign: { uuid: string } }>(page, 'POST', '/campaigns', {
    merchant,
    type,
  });
  return body.campaign.uuid;
}

function steps(page: Page) {
  return page.getByRole('navigation', { name: 'Schritte' });
}

function stepLink(page: Page, name: string) {
  return steps(page).getByRole('link', { name: new RegExp(`^${name}`) });
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
}

async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Uploads a generated PNG in the image step and saves the step. */
async function uploadImage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Bild', level: 1 })).toBeVisible();
  await page.getByTestId('image-input').setInputFiles({
    name: 'herbst.png',
    mimeType: 'image/png',
    buffer: makePng(900, 700),
  });
  await expect(page.getByTestId('crop-frame')).toBeVisible();
  await expect(page.getByText('Ausgewählt: herbst.png (900 × 700 Pixel)')).toBeVisible();
  await page.getByTestId('crop-frame').press('ArrowDown');
  await page.getByRole('button', { name: 'Bild hochladen' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Das Bild wurde gespeichert.' }),
  ).toBeVisible();
  await expect(page.getByTestId('stored-image')).toBeVisible();
  await expect(stepLink(page, 'Bild')).not.toHaveAttribute('data-mark', 'error');
  await save(page);
}

test('sweepstake with two prizes: benefit, description and image, saved step by step', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await createCampaign(page, merchant, 'sweepstake/standard');
  await page.goto(`/${merchant}/campaigns/sweepstake/${campaign}/benefit`);
  await expect(page.getByRole('heading', { name: 'Gewinn', level: 1 })).toBeVisible();
  await expect(stepLink(page, 'Gewinn')).toHaveAttribute('data-mark', 'open');
  await expect(stepLink(page, 'Übersicht')).toHaveAttribute('data-mark', 'open');

  await page.getByRole('button', { name: 'Gewinn hinzufügen' }).click();
  await page.getByRole('button', { name: 'Gewinn hinzufügen' }).click();
  const first = page.getByRole('group', { name: 'Gewinn 1' });
  const second = page.getByRole('group', { name: 'Gewinn 2' });

  await first.getByLabel('Wert pro Stück').fill('499');
  await chooseOption(page, first, 'Einlösung', 'Versand per Post');
  await first.getByLabel('Name des Gewinns').fill('Wellness-Wochenende');
  await first.getByLabel('Kurzbeschreibung').fill('Zwei Nächte für zwei Personen');

  await second.getByLabel('Anzahl').fill('3');
  await second.getByLabel('Wert pro Stück').fill('25,50');
  await chooseOption(page, second, 'Einlösung', 'Mehrfach nutzbarer Code');
  // A required field left empty says so beside it.
  await second.getByLabel('Name des Gewinns').focus();
  await second.getByLabel('Name des Gewinns').blur();
  await expect(second.getByText('Pflichtfeld')).toBeVisible();
  await second.getByLabel('Name des Gewinns').fill('Kinogutschein');
  await expect(second.getByText('Pflichtfeld')).toBeHidden();
  await second.getByLabel(/bestätigt werden/).check();
  await page.getByLabel('Gewinner selbst auslosen (manuelle Ziehung)').check();
  await expect(page.getByTestId('prize-total')).toContainText('575,50 €');

  // Leaving the step with unsaved changes asks first.
  await stepLink(page, 'Beschreibung').click();
  const dialog = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Im Schritt bleiben' }).click();
  await expect(page).toHaveURL(/\/benefit$/);

  // Saving during creation moves on to the next step.
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/sweepstake/${campaign}/content$`));
  await expect(stepLink(page, 'Gewinn')).toHaveAttribute('data-mark', 'finished');
  await expect(stepLink(page, 'Beschreibung')).toHaveAttribute('data-mark', 'open');

  await page.getByLabel('Titel').fill('Herbstfest-Gewinnspiel');
  const editor = page.getByRole('textbox', { name: 'Beschreibung', exact: true });
  await editor.click();
  await editor.pressSequentially('Zu kurz.');
  await expect(page.getByTestId('description-counter')).toHaveText('Noch 192 Zeichen');
  await editor.fill(LONG_TEXT);
  await expect(page.getByTestId('description-counter')).toHaveText(`${LONG_TEXT.length} Zeichen`);
  await page.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
  await page.getByRole('textbox', { name: 'Bedingung 1' }).fill('Teilnahme ab 18 Jahren');
  await page.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
  await page.getByRole('textbox', { name: 'Bedingung 2' }).fill('Keine Barauszahlung');
  await page.getByRole('button', { name: 'Bedingung 2 nach oben' }).click();
  await expect(page.getByRole('textbox', { name: 'Bedingung 1' })).toHaveValue(
    'Keine Barauszahlung',
  );
  await page.getByLabel('Landingpage (URL)').fill('https://example.com/herbstfest');
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/sweepstake/${campaign}/image$`));
  await expect(stepLink(page, 'Beschreibung')).toHaveAttribute('data-mark', 'finished');

  await uploadImage(page);
  await expect(page).toHaveURL(new RegExp(`/sweepstake/${campaign}/handling$`));
  await expect(stepLink(page, 'Bild')).toHaveAttribute('data-mark', 'finished');
  await expect(stepLink(page, 'Übersicht')).toHaveAttribute('data-mark', 'open');

  // After a reload everything entered is still there.
  await page.goto(`/${merchant}/campaigns/sweepstake/${campaign}/benefit`);
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Gewinn 2' }).getByLabel('Name des Gewinns'),
  ).toHaveValue('Kinogutschein');
  await expect(
    page.getByRole('group', { name: 'Gewinn 1' }).getByLabel('Wert pro Stück'),
  ).toHaveValue('499,00 €');
  await expect(page.getByRole('group', { name: 'Gewinn 2' }).getByLabel('Anzahl')).toHaveValue('3');
  await expect(page.getByTestId('prize-total')).toContainText('575,50 €');
  await expect(page.getByLabel('Gewinner selbst auslosen (manuelle Ziehung)')).toBeChecked();
  await stepLink(page, 'Beschreibung').click();
  await expect(page.getByLabel('Titel')).toHaveValue('Herbstfest-Gewinnspiel');
  await expect(page.getByRole('textbox', { name: 'Beschreibung', exact: true })).toContainText(
    'Herbstfest bietet',
  );
  await expect(page.getByRole('textbox', { name: 'Bedingung 2' })).toHaveValue(
    'Teilnahme ab 18 Jahren',
  );
  await stepLink(page, 'Bild').click();
  await expect(page.getByTestId('stored-image')).toBeVisible();
});

test('percent coupon: range check, markdown description and required title', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await createCampaign(page, merchant, 'coupon/percent');
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/benefit`);
  await expect(page.getByRole('heading', { name: 'Vorteil', level: 1 })).toBeVisible();

  const percent = page.getByLabel('Rabatt in Prozent');
  await percent.fill('101');
  await percent.blur();
  await expect(page.getByText('Bitte einen Wert von 1 bis 100 angeben')).toBeVisible();
  await percent.fill('20');
  await expect(page.getByText('Bitte einen Wert von 1 bis 100 angeben')).toBeHidden();
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/content$`));
  await expect(stepLink(page, 'Vorteil')).toHaveAttribute('data-mark', 'finished');

  // Markdown with a live preview; the title is left empty.
  await page.getByText('Markdown', { exact: true }).click();
  const description = page.getByRole('textbox', { name: 'Beschreibung', exact: true });
  await description.fill(`**20 % auf alles** im Herbst.\n\n${LONG_TEXT}`);
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('20 % auf alles');
  await save(page);
  await expect(page.getByText('Pflichtfeld')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/content$`));
  await expect(stepLink(page, 'Beschreibung')).toHaveAttribute('data-mark', 'error');
  await page.getByLabel('Titel').fill('Herbstrabatt');
  await expect(page.getByText('Pflichtfeld')).toBeHidden();
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/image$`));
  await expect(stepLink(page, 'Beschreibung')).toHaveAttribute('data-mark', 'finished');

  // Only images by content: a text file named .png is refused.
  await page.getByTestId('image-input').setInputFiles({
    name: 'kein-bild.png',
    mimeType: 'image/png',
    buffer: Buffer.from('MZ this is not an image'),
  });
  await expect(page.getByTestId('image-problem')).toHaveText('Ungültiges Bild-Format...');
  await uploadImage(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/handling$`));

  await page.reload();
  await stepLink(page, 'Vorteil').click();
  await expect(page.getByLabel('Rabatt in Prozent')).toHaveValue('20');
  await stepLink(page, 'Beschreibung').click();
  await expect(page.getByLabel('Titel')).toHaveValue('Herbstrabatt');
  await expect(page.getByRole('textbox', { name: 'Beschreibung', exact: true })).toHaveValue(
    /^\*\*20 % auf alles\*\* im Herbst\./,
  );
  await expect(page.getByRole('radio', { name: 'Markdown' })).toBeChecked();
});

test('tip offer as admin: prices, tags with autocomplete and image', async ({ page }) => {
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'Silberblick', 'Café Silberblick KG');
  const merchant = await merchantIdentOf(page);
  const campaign = await createCampaign(page, merchant, 'tip/offer');
  await page.goto(`/${merchant}/campaigns/tip/${campaign}`);
  await expect(page.getByRole('heading', { name: 'Vorteil', level: 1 })).toBeVisible();

  await page.getByLabel('Originalpreis').fill('20');
  const offer = page.getByLabel('Angebotspreis');
  await offer.fill('25');
  await offer.blur();
  await expect(
    page.getByText('Der Angebotspreis muss unter dem Originalpreis liegen'),
  ).toBeVisible();
  await offer.fill('14,90');
  await expect(page.getByTestId('offer-summary')).toHaveText('14,90 € statt 20,00 €');
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/tip/${campaign}/content$`));
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  await expect(stepLink(page, 'Vorteil')).toHaveAttribute('data-mark', 'finished');

  await page.getByLabel('Titel').fill('Wochenmarkt-Tipp');
  await page.getByRole('textbox', { name: 'Beschreibung', exact: true }).fill(LONG_TEXT);
  const tags = page.getByRole('combobox', { name: 'Tags' });
  const tag = `markt${Date.now().toString(36)}`;
  await tags.fill(tag);
  await tags.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: `Neuer Tag „${tag}“ angelegt` }),
  ).toBeVisible();
  await expect(page.getByTestId('content-tags')).toContainText(tag);
  // Removed again (Backspace), it is now suggested while typing and taken from the list.
  await tags.press('Backspace');
  await expect(page.getByTestId('content-tags')).not.toContainText(tag);
  await tags.fill(tag.slice(0, 7));
  await page.getByRole('option', { name: tag }).click();
  await expect(page.getByTestId('content-tags')).toContainText(tag);
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/tip/${campaign}/image$`));
  await expect(stepLink(page, 'Tags')).toHaveAttribute('data-mark', 'finished');

  await uploadImage(page);
  await expect(page).toHaveURL(new RegExp(`/tip/${campaign}/handling$`));

  await page.reload();
  await stepLink(page, 'Vorteil').click();
  await expect(page.getByLabel('Angebotspreis')).toHaveValue('14,90 €');
  await stepLink(page, 'Tags').click();
  await expect(page.getByLabel('Titel')).toHaveValue('Wochenmarkt-Tipp');
  await expect(page.getByTestId('content-tags')).toContainText(tag);
});

test('image step: saving without an image says so, saving with a chosen image uploads it', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await createCampaign(page, merchant, 'coupon/free');
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/image`);
  await expect(page.getByRole('heading', { name: 'Bild', level: 1 })).toBeVisible();

  await save(page);
  const current = page.locator('[data-field="image"]');
  await expect(current).toContainText('Kein Bild ausgewählt.');
  await expect(stepLink(page, 'Bild')).toHaveAttribute('data-mark', 'error');

  // A chosen image counts: the message goes at once.
  await page.getByTestId('image-input').setInputFiles({
    name: 'gratis.png',
    mimeType: 'image/png',
    buffer: makePng(800, 600),
  });
  await expect(page.getByTestId('crop-frame')).toBeVisible();
  await expect(current).not.toContainText('Kein Bild ausgewählt.');
  await expect(current).not.toContainText('Pflichtfeld');

  // "Speichern" uploads the chosen image, then saves the step.
  await save(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Das Bild wurde gespeichert.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/handling$`));
  await expect(stepLink(page, 'Bild')).toHaveAttribute('data-mark', 'finished');
  await stepLink(page, 'Bild').click();
  await expect(page.getByTestId('stored-image')).toBeVisible();
});

test('a date error does not swallow the next click', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await createCampaign(page, merchant, 'coupon/percent');
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/handling`);
  await expect(page.getByRole('heading', { name: 'Ablauf', level: 1 })).toBeVisible();

  // Typed into the pickers: an end before the start.
  await page.getByRole('textbox', { name: 'Gültig ab' }).fill('10.10.2030 10:00');
  await page.getByRole('textbox', { name: 'Gültig bis' }).fill('01.01.2030 10:00');
  // One click straight from the date field: the menu opens although the error appears.
  await page.getByRole('combobox', { name: 'Einlösung' }).click();
  await expect(page.getByRole('option', { name: 'Online', exact: true })).toBeVisible();
  await expect(page.getByText('Das Ende muss nach dem Start liegen')).toBeVisible();
  await page.getByRole('option', { name: 'Online', exact: true }).click();

  // A day that does not exist is kept as typed and marked, never replaced by the last real date.
  const expiry = page.getByRole('textbox', { name: 'Einlösbar bis' });
  await expiry.fill('01.10.2030 10:00');
  await expiry.fill('31.02.2031 10:00');
  await expiry.blur();
  await expect(expiry).toHaveValue('31.02.2031 10:00');
  await expect(
    page.getByText('Kein gültiges Datum: bitte als TT.MM.JJJJ HH:mm angeben'),
  ).toBeVisible();
  await expiry.fill('01.10.2030 10:00');
  await expiry.blur();
  await expect(page.getByText('Darf nicht vor dem Start liegen')).toBeVisible();

  // Then one click on "Speichern": the click counts, and the errors are kept and shown.
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Gespeichert. Bitte prüfen Sie die markierten Felder.' }),
  ).toBeVisible();
  const stored = await api<{ campaign: { valid_until: string; coupon: { expiry: string } } }>(
    page,
    'GET',
    `/campaigns/${campaign}`,
  );
  // Wall-clock times of the configured zone (Europe/Berlin), stored in UTC.
  expect(stored.campaign.valid_until).toBe('2030-01-01T09:00:00.000Z');
  expect(stored.campaign.coupon.expiry).toBe('2030-10-01T08:00:00.000Z');
});
