/**
 * Texts and input: counts in their singular or plural, no
 * second full stop after a name ending in one, a negative percent refused
 * with a message, a German postcode of five digits in the form and the CSV
 * upload, merchants found without their umlauts and listed in German order,
 * and a name another merchant or access-code set has refused at its field.
 */
import { expect, type Page } from '@playwright/test';
import {
  api,
  chooseMerchant,
  merchantDialog,
  merchantIdentOf,
  signInAt,
  type Envelope,
  test,
} from './fixtures';

const stamp = () => Date.now().toString(36);

/** A merchant's profile as the create form sends it, with only a name. */
const merchantBody = (name: string) => ({
  name,
  brand_name: '',
  description: '',
  vatin: '',
  telephone: '',
  email: '',
  website: '',
  social: { facebook: '', twitter: '', youtube: '', pinterest: '', instagram: '' },
  contacts: [{ type: 'phone', value: '+49 30 1234567' }],
  coreg_enabled: false,
  coreg_default_suitable: false,
  coreg_terms: { sponsor_name: '', unsubscribe_email: '', privacy_url: '', contact_text: '' },
});

const accessCodeSet = (name: string) => ({
  type: 'reusable',
  name,
  hint_title: 'Ihr Zugangscode',
  hint_text: 'Den Code finden Sie am Bon.',
});

/** Signs in as the admin and acts for Café Silberblick. */
async function signInAsAdmin(page: Page): Promise<void> {
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'Silber', 'Café Silberblick KG');
}

test('counts of pasted codes: "1 Code", "1 Leerzeile", "2 Leerzeilen"', async ({ page }) => {
  await signInAsAdmin(page);
  const { access_code_set: set } = await api<{ access_code_set: { id: string } }>(
    page,
    'POST',
    '/access-code-sets',
    accessCodeSet(`Zählprobe ${stamp()}`),
  );
  await page.goto(`/access-code-sets/${set.id}`);
  const paste = page.getByRole('textbox', { name: 'Codes einfügen' });
  const add = page.getByRole('button', { name: 'Codes hinzufügen' });

  await paste.fill('ZP-1\n\nZP-1\nZP-2');
  await add.click();
  await expect(
    page.getByText('2 Codes hinzugefügt; 1 doppelt, 1 Leerzeile übersprungen.', { exact: true }),
  ).toBeVisible();

  await paste.fill('ZP-3');
  await add.click();
  await expect(
    page.getByText('1 Code hinzugefügt; 0 doppelt, 0 Leerzeilen übersprungen.', { exact: true }),
  ).toBeVisible();

  await paste.fill('ZP-4\n\n\nZP-5\nZP-4');
  await add.click();
  await expect(
    page.getByText('2 Codes hinzugefügt; 1 doppelt, 2 Leerzeilen übersprungen.', { exact: true }),
  ).toBeVisible();
});

test('a merchant whose name ends in "." gets no second full stop', async ({ page }) => {
  await signInAt(page, '/', 'agency@example.com');
  await chooseMerchant(page, 'Berger', 'Sportwelt Berger e.K.');
  await expect(
    page.getByText('Sie handeln für den Händler Sportwelt Berger e.K.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/e\.K\.\./)).toHaveCount(0);
});

test('a negative percent stays in the field and is refused with a message', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant,
    type: 'coupon/percent',
  });
  await page.goto(`/${merchant}/campaigns/coupon/${campaign.uuid}/benefit`);
  const percent = page.getByLabel('Rabatt in Prozent');
  await percent.fill('-10');
  await percent.press('Tab');
  // Not quietly turned into 10 %.
  await expect(percent).toHaveValue('-10');
  await expect(
    page.getByText('Ein Rabatt kann nicht negativ sein: Bitte einen Wert von 1 bis 100 angeben'),
  ).toBeVisible();

  let sent = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/campaigns/${campaign.uuid}`))
      sent = true;
  });
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(
    page.getByText('Bitte korrigieren Sie zuerst die markierten Felder.').first(),
  ).toBeVisible();
  expect(sent).toBe(false);
  const stored = await api<{ campaign: { benefit: { percent_discount: number | null } } }>(
    page,
    'GET',
    `/campaigns/${campaign.uuid}`,
  );
  expect(stored.campaign.benefit.percent_discount).toBeNull();

  await percent.fill('10');
  await percent.press('Tab');
  await expect(page.getByText('Ein Rabatt kann nicht negativ sein', { exact: false })).toHaveCount(
    0,
  );
});

test('a German postcode of other than five digits is refused in the form and the CSV upload', async ({
  page,
}) => {
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Wagner', 'Buchhandlung Wagner');
  const merchant = await merchantIdentOf(page);
  await page.goto(`/${merchant}/locations`);

  await page.getByRole('button', { name: 'Standort hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Standort hinzufügen' });
  await dialog.getByLabel('Name').fill(`Leseecke ${stamp()}`);
  await dialog.getByLabel('Straße').fill('Hauptstraße');
  await dialog.getByLabel('PLZ').fill('8033');
  await dialog.getByLabel('Ort').fill('München');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const message = 'Eine deutsche Postleitzahl hat fünf Ziffern, z. B. 80331';
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByLabel('PLZ')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('PLZ').fill('80331');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'standorte.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'name;street;zip;city;country\n' +
        'Filiale Nord;Hauptstraße 1;80331;München;DE\n' +
        'Filiale Süd;Hauptstraße 2;803310;München;DE\n' +
        'Filiale Wien;Ring 3;1010;Wien;AT\n',
    ),
  });
  await expect(page.getByTestId('upload-errors')).toHaveText(`Zeile 3 PLZ: ${message}`);
});

test('merchants are found without umlauts and listed in German order', async ({ page }) => {
  await signInAt(page, '/', 'admin@example.com');
  const dialog = merchantDialog(page);
  await dialog.getByLabel('Händler filtern').fill('back');
  await expect(
    dialog.getByRole('button', { name: 'Bäckerei Sonnenschein GmbH auswählen' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Bäckerei Sonnenschein GmbH auswählen' }).click();
  await expect(dialog).toBeHidden();

  const prefix = `Reihe ${stamp()}`;
  const names = ['Zander', 'Äpfel', 'Apfelbaum', 'Ölmühle', 'Oase', 'Straße', 'Strand', 'éclair'];
  for (const name of names)
    await api(page, 'POST', '/merchants', merchantBody(`${prefix} ${name}`));

  await page.goto('/merchants');
  await page.getByLabel('Händler filtern').fill(prefix.toUpperCase());
  const table = page.getByRole('table', { name: 'Händlerliste' });
  const firstCells = table.locator('tbody tr td:first-child');
  const german = names.map((name) => `${prefix} ${name}`).sort(new Intl.Collator('de').compare);
  await expect(firstCells).toHaveText(german);
  // Umlauts sort as their letters, not after "z".
  expect(german.slice(0, 2)).toEqual([`${prefix} Äpfel`, `${prefix} Apfelbaum`]);

  await page.getByLabel('Händler filtern').fill(`${prefix} strasse`);
  await expect(firstCells).toHaveText([`${prefix} Straße`]);
});

test('a name another merchant or access-code set has is refused at its field', async ({ page }) => {
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Wagner', 'Buchhandlung Wagner');
  const merchant = await merchantIdentOf(page);
  await page.goto(`/${merchant}/merchant`);
  const name = page.getByRole('textbox', { name: /^Name/ });
  await name.fill('bäckerei SONNENSCHEIN gmbh');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText('Leider schon vergeben: Es gibt schon einen Händler mit diesem Namen'),
  ).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('alert-success')).toHaveCount(0);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInAsAdmin(page);
  const taken = `Doppelprobe ${stamp()}`;
  await api(page, 'POST', '/access-code-sets', accessCodeSet(taken));
  await page.goto('/access-code-sets/create');
  await page.getByRole('combobox', { name: 'Typ' }).click();
  await page.getByRole('option', { name: 'Einmalig' }).click();
  const setName = page.getByRole('textbox', { name: 'Name', exact: true });
  await setName.fill(taken.toUpperCase());
  await page.getByRole('textbox', { name: 'Hinweis-Titel' }).fill('Ihr Zugangscode');
  await page.getByRole('textbox', { name: 'Hinweis-Text' }).fill('Den Code finden Sie am Bon.');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText('Leider schon vergeben: Es gibt schon ein Zugangscode-Set mit diesem Namen'),
  ).toBeVisible();
  await expect(setName).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/access-code-sets\/create$/);
});
