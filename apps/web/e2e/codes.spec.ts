/**
 * Campaign codes (docs/product.md#campaigns, Prize, docs/product.md#api-calls multiple-codes, docs/product.md#messages): a coupon
 * with multiple codes gets them by upload and generator in the benefit step,
 * with the counts, the warning while there are none, and the CSV download; a
 * sweepstake whose "unique code" prize lacks codes cannot be submitted until
 * codes are added.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { api, merchantIdentOf, PIXEL_PNG, signInAt, type Envelope, test } from './fixtures';

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function codes(page: Page) {
  return page.getByTestId('codes-section');
}

async function uploadCodes(page: Page, name: string, content: string) {
  await codes(page)
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
}

test('coupon with multiple codes: upload, generate, counts, download', async ({ page }) => {
  // It uploads 100,000 codes through the browser: 26 to 46 s on a busy two-core machine.
  test.setTimeout(120_000);
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant,
    type: 'coupon/percent',
  });
  await page.goto(`/${merchant}/campaigns/coupon/${campaign.uuid}/benefit`);
  await page.getByLabel('Rabatt in Prozent').fill('15');
  await chooseOption(page, 'Gutschein-Code', 'Einzelne Codes');

  // No codes yet: a warning.
  await expect(codes(page).getByTestId('codes-warning')).toContainText(
    'Es sind keine Codes verfügbar.',
  );
  await expect(codes(page).getByTestId('codes-available')).toHaveText('0');

  await uploadCodes(page, 'codes.csv', 'code\nHERBST-A1\n\nHERBST-B2\nHERBST-A1\nHERBST-C3\n');
  const report = codes(page).getByTestId('code-report');
  await expect(report).toContainText('3 Codes hinzugefügt.');
  await expect(report).toContainText(
    'Übersprungen: 2 leer, 1 doppelt in der Datei, 0 schon vorhanden.',
  );
  await expect(codes(page).getByTestId('codes-available')).toHaveText('3');
  await expect(codes(page).getByTestId('codes-warning')).toBeHidden();

  // The same file again adds nothing, and says so.
  await uploadCodes(page, 'codes.csv', 'HERBST-A1\nHERBST-C3\n');
  await expect(report).toContainText('Es wurden keine Codes hinzugefügt!');
  await expect(report).toContainText('2 schon vorhanden');

  const generator = codes(page).getByTestId('code-generator');
  await generator.getByLabel('Anzahl').fill('12');
  await generator.getByLabel('Präfix (optional)').fill('XMAS-');
  await generator.getByLabel('Länge ohne Präfix').fill('8');
  await generator.getByRole('button', { name: 'Erzeugen' }).click();
  await expect(report).toContainText('12 Codes hinzugefügt.');
  await expect(codes(page).getByTestId('codes-available')).toHaveText('15');
  await expect(codes(page).getByTestId('codes-provided')).toHaveText('15');
  await expect(codes(page).getByTestId('codes-used')).toHaveText('0');

  // Paged list: ten on the first page, the rest on the second.
  const rows = codes(page).getByTestId('codes-table').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('HERBST-A1');
  await codes(page).getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText(/XMAS-[A-Z2-9]{8}/);

  const downloading = page.waitForEvent('download');
  await codes(page).getByRole('button', { name: 'Als CSV herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`codes-${campaign.uuid}.csv`);
  const csv = await readFile(String(await download.path()), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe('code;used');
  expect(lines).toHaveLength(16);
  expect(lines[1]).toBe('HERBST-A1;nein');

  // The code type is saved with the step; the codes are there after a reload.
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page).toHaveURL(/\/content$/);
  await page.goto(`/${merchant}/campaigns/coupon/${campaign.uuid}/benefit`);
  await expect(page.getByRole('combobox', { name: 'Gutschein-Code' })).toHaveValue(
    'Einzelne Codes',
  );
  await expect(codes(page).getByTestId('codes-available')).toHaveText('15');

  // A large file: the progress reaches 100 % while the server still stores the codes.
  const many = Array.from({ length: 100_000 }, (_, index) => `BIG-${index}`).join('\n');
  await uploadCodes(page, 'viele.txt', many);
  await expect(codes(page).getByTestId('code-upload-progress')).toContainText(
    'Wird hochgeladen … 100 %',
  );
  await expect(
    codes(page).getByRole('progressbar', { name: 'Fortschritt des Uploads' }),
  ).toHaveAttribute('aria-valuenow', '100');
  await expect(codes(page).getByTestId('code-report')).toContainText('100.000 Codes hinzugefügt.', {
    timeout: 30_000,
  });
  await expect(codes(page).getByTestId('code-upload-progress')).toBeHidden();
  await expect(codes(page).getByTestId('codes-available')).toHaveText('100.015');
});

test('sweepstake with a unique-code prize cannot be submitted until codes are added', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant,
    type: 'sweepstake/standard',
  });
  await api(page, 'POST', `/campaigns/${campaign.uuid}/image`, undefined, {
    upload: { name: 'bild.png', mimeType: 'image/png', buffer: PIXEL_PNG },
  });
  const day = 24 * 60 * 60 * 1000;
  await api(page, 'POST', `/campaigns/${campaign.uuid}`, {
    title: { de: 'Codes-Gewinnspiel' },
    description: { de: 'Herbstzeit ist Gewinnzeit bei uns im Café. '.repeat(6) },
    prizes: [
      { count: 1, value: 5000, name: 'Torte', redemption: 'store_pickup' },
      { count: 3, value: 1000, name: 'Online-Gutschein', redemption: 'unique_code' },
    ],
    valid_from: new Date(Date.now() + day).toISOString(),
    valid_until: new Date(Date.now() + 30 * day).toISOString(),
  });

  await page.goto(`/${merchant}/campaigns/sweepstake/${campaign.uuid}/review`);
  await expect(page.getByTestId('step-errors')).toContainText(
    'Nicht genug Codes für die Preise mit eindeutigem Code.',
  );
  await expect(page.getByRole('button', { name: 'Zur Prüfung einreichen' })).toBeDisabled();

  await page.goto(`/${merchant}/campaigns/sweepstake/${campaign.uuid}/benefit`);
  const prize = page.getByRole('group', { name: 'Gewinn 2' });
  await expect(prize).toContainText(
    'Zu wenige Codes für „Online-Gutschein“: Es werden mindestens 3 eindeutige Codes gebraucht.',
  );
  await expect(codes(page)).toContainText(
    'Die Preise mit eindeutigem Code brauchen zusammen 3 Codes.',
  );
  await uploadCodes(page, 'codes.txt', 'ONE\nTWO\n');
  await expect(codes(page).getByTestId('codes-available')).toHaveText('2');
  await expect(prize).toContainText('Zu wenige Codes für „Online-Gutschein“');

  await codes(page).getByTestId('code-generator').getByLabel('Anzahl').fill('1');
  await codes(page).getByRole('button', { name: 'Erzeugen' }).click();
  await expect(codes(page).getByTestId('codes-available')).toHaveText('3');
  await expect(prize).not.toContainText('Zu wenige Codes');

  await page.goto(`/${merchant}/campaigns/sweepstake/${campaign.uuid}/review`);
  await page.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  await page
    .getByRole('dialog', { name: 'Kampagne einreichen?' })
    .getByRole('button', { name: 'Einreichen' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Die Kampagne wurde zur Prüfung eingereicht.' }),
  ).toBeVisible();
});
