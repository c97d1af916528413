/**
 * From a finished campaign to a submitted one (docs/product.md#the-campaign-wizard,
 * post-submit screen; docs/product.md#campaign-states "Flow"; docs/product.md#roles-and-access): a percent coupon with multiple codes
 * (a file uploaded, more generated) from the create screen through every
 * step, with the date picker and a co-participation
 * target, reviewed and submitted; the admin approves it; the merchant then
 * sees every step read-only with the status history. The browser runs in
 * another time zone than the configured one (Europe/Berlin): dates follow
 * the configuration. A level-0 merchant has no form step.
 */
import { expect, type Page } from '@playwright/test';
import { api, IDENT, merchantIdentOf, navigation, signInAt, signOut, test } from './fixtures';
import { makePng } from './png';

test.use({ timezoneId: 'America/New_York' });

const DESCRIPTION =
  'Im März gibt es in unserem Café fünfzehn Prozent auf alle Kuchen und Torten. ' +
  'Zeigen Sie einfach den Gutschein an der Kasse vor und genießen Sie ein Stück ' +
  'hausgemachten Käsekuchen oder eine Sachertorte zu Ihrem Kaffee. Gilt im ganzen März.';

function stepLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Schritte' }).getByRole('link', {
    name: new RegExp(`^${name}`),
  });
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
}

test('a coupon with multiple codes from the create screen to submit, approval and a read-only view with its history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const stamp = Date.now();
  const title = `Kuchenmonat ${stamp}`;
  const otherTitle = `Kaffeepause ${stamp}`;
  const other = await api<{ campaign: { uuid: string } }>(page, 'POST', '/campaigns', {
    merchant,
    type: 'sweepstake/standard',
  });
  await api(page, 'POST', `/campaigns/${other.campaign.uuid}`, { title: { de: otherTitle } });

  // Create: the benefit step opens.
  await page.goto(`/${merchant}/campaigns/create`);
  await page.getByRole('button', { name: /^Gutschein / }).click();
  await page.getByRole('button', { name: /^Gutschein: Prozent-Rabatt / }).click();
  await page
    .getByRole('dialog', { name: 'Gutschein: Prozent-Rabatt anlegen?' })
    .getByRole('button', { name: 'Entwurf anlegen' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/coupon/(${IDENT.source})/benefit$`));
  const campaign = new URL(page.url()).pathname.split('/')[4] ?? '';

  // The overview lists every open error, each linked to its field.
  await stepLink(page, 'Übersicht').click();
  await expect(page.getByRole('button', { name: 'Zur Prüfung einreichen' })).toBeDisabled();
  await page
    .getByTestId('step-errors')
    .getByRole('link', { name: /Gültig ab/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/handling\\?field=valid_from$`));
  await expect(page.getByRole('textbox', { name: 'Gültig ab' })).toBeFocused();

  // Benefit, with its codes: a file of codes, and more generated.
  await stepLink(page, 'Vorteil').click();
  await page.getByLabel('Rabatt in Prozent').fill('15');
  await page.getByRole('combobox', { name: 'Gutschein-Code' }).click();
  await page.getByRole('option', { name: 'Einzelne Codes', exact: true }).click();
  const codes = page.getByTestId('codes-section');
  await expect(codes.getByTestId('codes-warning')).toBeVisible();
  await codes.locator('input[type=file]').setInputFiles({
    name: 'codes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`KUCHEN-${stamp}-1\nKUCHEN-${stamp}-2\n\nKUCHEN-${stamp}-3\n`),
  });
  await expect(codes.getByTestId('code-report')).toContainText('3 Codes hinzugefügt.');
  const generator = codes.getByTestId('code-generator');
  await generator.getByLabel('Anzahl').fill('5');
  await generator.getByLabel('Länge ohne Präfix').fill('10');
  await generator.getByRole('button', { name: 'Erzeugen' }).click();
  await expect(codes.getByTestId('codes-available')).toHaveText('8');
  await expect(codes.getByTestId('codes-warning')).toBeHidden();
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/content$`));

  // Description.
  await page.getByLabel('Titel').fill(title);
  await page.getByText('Markdown', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Beschreibung', exact: true }).fill(DESCRIPTION);
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/image$`));

  // Image.
  await page.getByTestId('image-input').setInputFiles({
    name: 'kuchen.png',
    mimeType: 'image/png',
    buffer: makePng(900, 700),
  });
  await expect(page.getByTestId('crop-frame')).toBeVisible();
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/handling$`));

  // Flow: dates typed and picked in a German calendar whose weeks start on Monday.
  const from = page.getByRole('textbox', { name: 'Gültig ab' });
  await from.fill('01.03.2031 09:30');
  const until = page.getByRole('textbox', { name: 'Gültig bis' });
  await until.fill('01.03.2031 18:00');
  await until.click();
  await expect(page.locator('.mantine-DateInput-weekday').first()).toHaveText('Mo');
  // A day picked in the calendar keeps the time already set.
  await page.getByRole('button', { name: '31 März 2031', exact: true }).click();
  await expect(until).toHaveValue('31.03.2031 18:00');
  await page.getByRole('combobox', { name: 'Einlösung' }).click();
  await page.getByRole('option', { name: 'Online', exact: true }).click();
  await page.getByRole('textbox', { name: 'Einlösbar bis' }).fill('30.04.2031 23:59');
  // Co-registration is not set up for this merchant; co-participation is chosen by search.
  await expect(
    page.getByText('Co-Registrierung ist für diesen Händler nicht eingerichtet.'),
  ).toBeVisible();
  const targets = page.getByRole('combobox', { name: 'Co-Teilnahme an' });
  await targets.click();
  await targets.fill(otherTitle);
  await page.getByRole('option', { name: new RegExp(`^${otherTitle} · Gewinnspiel`) }).click();
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/requireddata$`));

  // Form: a required field is asked for as well.
  await page.getByRole('switch', { name: 'Geburtsdatum ist Pflicht' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Geburtsdatum abfragen' })).toBeChecked();
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/review$`));

  // Review: every step summarised.
  await expect(page.getByTestId('step-errors')).toHaveCount(0);
  await expect(page.getByTestId('summary-benefit')).toContainText('15 % Rabatt');
  await expect(page.getByTestId('summary-codes')).toHaveText(
    'Insgesamt: 8 · Verwendet: 0 · Verfügbar: 8',
  );
  await expect(page.getByTestId('summary-content')).toContainText(title);
  await expect(page.getByTestId('summary-image').locator('img')).toBeVisible();
  await expect(page.getByTestId('summary-valid-from')).toHaveText('01.03.2031 09:30');
  await expect(page.getByTestId('summary-valid-until')).toHaveText('31.03.2031 18:00');
  await expect(page.getByTestId('summary-targets')).toContainText(otherTitle);
  await expect(page.getByTestId('summary-requireddata')).toContainText('Abgefragt, Pflicht');
  const stored = await api<{ campaign: { valid_from: string; valid_until: string } }>(
    page,
    'GET',
    `/campaigns/${campaign}`,
  );
  // Berlin's wall-clock times in UTC, although the browser is in New York.
  expect(stored.campaign.valid_from).toBe('2031-03-01T08:30:00.000Z');
  expect(stored.campaign.valid_until).toBe('2031-03-31T16:00:00.000Z');

  // Submit, confirmed: the post-submit screen says what happens next.
  await page.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  await page
    .getByRole('dialog', { name: 'Kampagne einreichen?' })
    .getByRole('button', { name: 'Einreichen' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/submitted$`));
  await expect(page.getByTestId('next-steps')).toContainText(
    'Sie wird jetzt geprüft und innerhalb von 24 Stunden veröffentlicht.',
  );
  await expect(page.getByRole('link', { name: 'Ansicht in der App' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Kampagnenliste' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Folgekampagne anlegen' })).toBeVisible();
  await page.getByRole('link', { name: 'Ansicht in der App' }).click();
  await expect(page.getByTestId('app-coparticipation')).toContainText(otherTitle);
  await signOut(page);

  // The admin approves it.
  await signInAt(page, '/', 'admin@example.com');
  await navigation(page).getByRole('link', { name: 'Prüfung' }).click();
  const queued = page.locator(`[data-testid="review-row"][data-campaign="${campaign}"]`);
  await queued.getByRole('button', { name: `Prüfung starten: ${title}` }).click();
  await expect(queued).toContainText('In Prüfung');
  await queued.getByRole('button', { name: `${title} freigeben` }).click();
  await page
    .getByRole('dialog', { name: 'Kampagne freigeben?' })
    .getByRole('button', { name: 'Freigeben' })
    .click();
  await expect(queued).toHaveCount(0);
  await signOut(page);

  // The merchant sees every step read-only, and the history on demand.
  await signInAt(page, `/${merchant}/campaigns/coupon/${campaign}/handling`, 'silver@example.com');
  await expect(page.getByTestId('read-only-step')).toContainText('31.03.2031 18:00');
  await expect(page.getByTestId('read-only-step')).toContainText(otherTitle);
  await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await stepLink(page, 'Beschreibung').click();
  await expect(page.getByTestId('read-only-step')).toContainText(title);
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await stepLink(page, 'Übersicht').click();
  await expect(page.getByTestId('status')).toHaveText(/Freigegeben|Aktiv/);
  await expect(page.getByRole('button', { name: 'Zur Prüfung einreichen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Statusverlauf laden' }).click();
  await expect(page.getByTestId('status-history')).toContainText('Eingereicht');
  await expect(page.getByTestId('status-history')).toContainText('Freigegeben');
  await expect(page.getByTestId('status-history')).toContainText('admin@example.com');

  // A follow-up, confirmed, opens the new campaign in the wizard.
  await page.getByRole('button', { name: 'Folgekampagne anlegen' }).click();
  await page
    .getByRole('dialog', { name: 'Folgekampagne anlegen?' })
    .getByRole('button', { name: 'Folgekampagne anlegen' })
    .click();
  // Its root path, the benefit step.
  await expect(page).toHaveURL(new RegExp(`/coupon/${IDENT.source}$`));
  expect(new URL(page.url()).pathname.split('/')[4]).not.toBe(campaign);
  await expect(page.getByLabel('Rabatt in Prozent')).toHaveValue('15');
});

test('a level-0 merchant sees that the form step is not available', async ({ page }) => {
  await signInAt(page, '/', 'owner@example.com');
  const merchant = await merchantIdentOf(page);
  const { campaign } = await api<{ campaign: { uuid: string } }>(page, 'POST', '/campaigns', {
    merchant,
    type: 'coupon/percent',
  });
  await page.goto(`/${merchant}/campaigns/coupon/${campaign.uuid}/requireddata`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Dieser Schritt ist nicht verfügbar' }),
  ).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  await stepLink(page, 'Übersicht').click();
  await expect(page.getByTestId('summary-requireddata')).toContainText(
    'Dieser Schritt ist nicht verfügbar',
  );
});
