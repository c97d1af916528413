/**
 * Merchant journeys: invite an account and see it pending, register
 * through the invitation and create a merchant as a user without one, edit the
 * profile and image, upload 20 locations and watch the geocoding progress, and
 * keep an address that cannot be geocoded with 'Trotzdem verwenden'.
 */
import { expect, type Page } from '@playwright/test';
import {
  api,
  chooseMerchant,
  invitationLink,
  merchantDialog,
  merchantIdentOf,
  signInAt,
  test,
} from './fixtures';

const INVITEE = `neu-${Date.now()}@example.com`;
// The password policy refuses common passwords (identity/password-policy.ts).
const INVITEE_PASSWORD = 'Sonnenblume-Kaffeetasse-47';

/** An 8×8 PNG: the server scales and crops it to 400×400. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWpWGFTEMLQkA03tMgVCBU+YAAAAASUVORK5CYII=',
  'base64',
);

async function openWagner(page: Page, suffix: string): Promise<string> {
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Wagner', 'Buchhandlung Wagner');
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Händler', exact: true })
    .click();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/merchant$/);
  const merchantIdent = new URL(page.url()).pathname.split('/')[1] ?? '';
  if (suffix !== 'merchant') await page.goto(`/${merchantIdent}/${suffix}`);
  return merchantIdent;
}

test('invite an account and see it pending; the invitee registers and creates a merchant', async ({
  page,
  browser,
}) => {
  const merchantIdent = await openWagner(page, 'accounts');
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('kein-at');
  await page.getByRole('button', { name: 'Einladen' }).click();
  await expect(page.getByText('Bitte Email-Adresse angeben')).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(INVITEE);
  await page.getByRole('button', { name: 'Einladen' }).click();
  await expect(page.getByTestId('alert-success')).toContainText(`Einladung an ${INVITEE}`);
  const row = page.getByTestId('account-row').filter({ hasText: INVITEE });
  await expect(row.getByText('Einladung offen')).toBeVisible();

  // The invitee follows the mail's link and sets a password.
  await expect.poll(() => invitationLink(INVITEE)).toBeTruthy();
  const link = invitationLink(INVITEE) ?? '';
  const invitee = await browser.newPage();
  await invitee.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await invitee.getByLabel('Neues Passwort').fill(INVITEE_PASSWORD);
  await invitee.getByLabel('Passwort wiederholen').fill(INVITEE_PASSWORD);
  await invitee.getByRole('button', { name: 'Zugang einrichten' }).click();
  await expect(invitee.getByText('Ihr Zugang ist eingerichtet.')).toBeVisible();

  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByText('Einladung offen')).toHaveCount(0);
  // Unlinked again, the new user has no merchant: the next sign-in leads to merchant creation.
  await row.getByRole('button', { name: `Account ${INVITEE} entfernen` }).click();
  await page
    .getByRole('dialog', { name: 'Account entfernen?' })
    .getByRole('button', { name: 'Account entfernen' })
    .click();
  await expect(row).toHaveCount(0);
  expect(merchantIdent).toHaveLength(36);

  await invitee.goto('/');
  await expect(invitee).toHaveURL(/\/identity\/authorize\?/);
  await invitee.getByLabel('E-Mail-Adresse').fill(INVITEE);
  await invitee.getByLabel('Passwort').fill(INVITEE_PASSWORD);
  await invitee.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(invitee).toHaveURL(/\/create$/);
  await expect(invitee.getByRole('heading', { name: 'Händler anlegen' })).toBeVisible();

  await invitee.getByLabel(/^Name/).fill('Neue Rösterei GmbH');
  await invitee.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
  await invitee.getByLabel('Kontaktdaten').fill('+49 30 1234567');
  await invitee.getByRole('button', { name: 'Händler anlegen' }).click();
  await expect(invitee.getByText('Kontakt-Typ muss angegeben werden')).toBeVisible();
  await invitee.getByLabel('Kontakt-Typ').selectOption('phone');
  await invitee.getByRole('button', { name: 'Händler anlegen' }).click();
  await expect(invitee.getByTestId('alert-success')).toContainText('Neue Rösterei GmbH');
  await expect(invitee.getByText('Sie handeln für den Händler Neue Rösterei GmbH.')).toBeVisible();
  await invitee.close();
});

test('edit the profile and the image', async ({ page }) => {
  await openWagner(page, 'merchant');
  await expect(page.getByRole('heading', { name: /Händler: Buchhandlung Wagner/ })).toBeVisible();
  // A required field (docs/product.md#validation): a star while it is unfilled, 'Pflichtfeld' when saved empty.
  const name = page.getByRole('textbox', { name: /^Name/ });
  const nameStar = page
    .locator('label')
    .filter({ hasText: /^Name/ })
    .locator('.mantine-InputWrapper-required');
  await expect(name).toHaveValue('Buchhandlung Wagner');
  await expect(nameStar).toHaveCount(0);
  await name.fill('');
  await expect(nameStar).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Pflichtfeld', { exact: true })).toBeVisible();
  await name.fill('Buchhandlung Wagner');
  await expect(nameStar).toHaveCount(0);
  await expect(page.getByText('Pflichtfeld', { exact: true })).toHaveCount(0);
  await page.getByLabel('Telefon').fill('089 123');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte mit Ländervorwahl angeben')).toBeVisible();
  await page.getByLabel('Telefon').fill('+49 89 123 456');
  await page.getByLabel('Facebook').fill('https://facebook.com/wagner');
  await page.getByLabel('Beschreibung').fill('Bücher, Kalender und Lesungen seit 1950.');
  const brand = `Wagner Bücherwelt ${Date.now()}`;
  await page.getByLabel('Markenname').fill(brand);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('alert-success')).toContainText('Händler gespeichert.');
  // The merchant selection shows the saved profile at once, not its cached list.
  await page.getByRole('button', { name: /^Händler wechseln/ }).click();
  const dialog = merchantDialog(page);
  await dialog.getByLabel('Händler filtern').fill('Wagner');
  await expect(dialog.getByRole('row').filter({ hasText: 'Buchhandlung Wagner' })).toContainText(
    brand,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Telefon')).toHaveValue('+4989123456');

  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'logo.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  // The spec's text, as for the campaign image.
  await expect(page.getByText('Ungültiges Bild-Format...')).toBeVisible();
  // A file that starts like a JPEG passes the browser's check by content; the
  // server, which decodes it, refuses it.
  await fileInput.setInputFiles({
    name: 'logo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('kein Bild')]),
  });
  await expect(page.getByTestId('alert-error')).toContainText('Ungültiges Bild-Format...');
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(
    page.getByTestId('alert-success').filter({ hasText: 'Bild gespeichert.' }),
  ).toBeVisible();
  const image = page.getByTestId('merchant-image');
  await expect(image).toHaveAttribute('src', /^\/files\/merchants\/.+\.png$/);
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBe(400);
});

test('upload a CSV of 20 locations and watch the progress', async ({ page }) => {
  await openWagner(page, 'locations');
  await expect(page.getByRole('heading', { name: 'Standorte', exact: true })).toBeVisible();
  const cities = ['Berlin', 'Hamburg', 'München', 'Köln', 'Leipzig'];
  const lines = Array.from(
    { length: 20 },
    (_, i) =>
      `Filiale ${i + 1};store;Hauptstraße;${i + 1};;;;;1${String(i).padStart(4, '0')};${cities[i % cities.length]};DE;;nein;nein;ja`,
  );
  const csv = `\uFEFFname;type;street;streetnumber;entrance;top;floor;co_line;zip;city;country;opening_hours;is_billing_address;is_mail_address;is_redemption\n${lines.join('\n')}\n`;
  await page.locator('input[type="file"]').setInputFiles({
    name: 'standorte.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress).toContainText('20 Standorte importiert: 20 gefunden, 0 nicht gefunden.');
  await expect(page.getByTestId('location-row').filter({ hasText: 'Filiale 20' })).toBeVisible();
  await expect(page.getByTestId('location-row').filter({ hasText: 'gefunden' })).toHaveCount(20);

  // A broken file is refused as a whole, with the errors by line.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'kaputt.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name;street;zip;city;country\nA;Weg;1;Berlin\nB;Weg;;Köln;DE\n'),
  });
  await expect(page.getByTestId('upload-errors')).toContainText('Zeile 2');
  await expect(page.getByTestId('upload-errors')).toContainText('Zeile 3 PLZ: Pflichtfeld');
  // A file that is no text names the line, without an empty column before the colon.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'bild.csv',
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from('name;street;zip;city;country\n'), Buffer.from([0, 1, 2])]),
  });
  await expect(page.getByTestId('upload-errors')).toHaveText(/^Zeile 2: \S/);
});

test("add an address that cannot be geocoded and use 'Trotzdem verwenden'", async ({ page }) => {
  await openWagner(page, 'locations');
  await page.getByRole('button', { name: 'Standort hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Standort hinzufügen' });
  await dialog.getByLabel('Name').fill('Lesehütte');
  await dialog.getByLabel('Straße').fill('Almweg');
  await dialog.getByLabel('PLZ').fill('99999');
  await dialog.getByLabel('Ort').fill('Nirgendwohausen');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Adresse nicht gefunden')).toBeVisible();
  await dialog.getByRole('button', { name: 'Trotzdem verwenden' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('location-row').filter({ hasText: 'Lesehütte' });
  await expect(row.getByText('ohne Kartenposition')).toBeVisible();
});

test('an account without the right to manage the merchant sees the profile read-only', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  type Account = { id: string; roles: string[]; is_self: boolean };
  const { rows } = await api<{ rows: Account[] }>(
    page,
    'GET',
    `/merchants/${merchantIdent}/accounts`,
  );
  const own = rows.find((account) => account.is_self);
  expect(own).toBeDefined();
  const roles = own?.roles ?? [];
  const accountPath = `/merchants/${merchantIdent}/accounts/${own?.id ?? ''}`;
  // For this test only, the account keeps every role but the right to manage the merchant.
  await api(page, 'POST', accountPath, {
    roles: roles.filter((role) => role !== 'manage-merchant'),
  });
  try {
    await page.goto(`/${merchantIdent}/merchant`);
    await expect(page.getByRole('heading', { name: /Händler: Café Silberblick/ })).toBeVisible();
    await expect(
      page.getByText(
        'Sie können das Profil ansehen. Ändern können es Accounts mit dem Recht „Händler verwalten“.',
      ),
    ).toBeVisible();
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect(name).toBeDisabled();
    await expect(name).toHaveValue('Café Silberblick KG');
    await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Kontakt hinzufügen' })).toBeDisabled();
  } finally {
    await api(page, 'POST', accountPath, { roles });
  }
});
