/**
 * The words a user reads: fields are named by
 * their German labels, search hits by their type's German name, counts in
 * singular and plural, and a refused invitation says why.
 */
import { expect } from '@playwright/test';
import {
  api,
  chooseMerchant,
  merchantIdentOf,
  navigation,
  signInAt,
  type Envelope,
  test,
} from './fixtures';

test('the overview names missing fields by their labels; search hits name their type', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const title = `Etiketten ${Date.now()}`;
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'coupon/percent',
  });
  // Only the title is there: the rest of the description step is missing.
  await api(page, 'POST', `/campaigns/${campaign.uuid}`, { title: { de: title } });

  await page.goto(`/${merchantIdent}/campaigns/coupon/${campaign.uuid}/review`);
  const errors = page.getByTestId('step-errors');
  await expect(errors).toContainText('Bitte angeben: Beschreibung (Deutsch)');
  await expect(errors).toContainText('Bitte angeben: Bild');
  await expect(errors).toContainText('Bitte angeben: Gültig ab');
  await expect(errors).toContainText('Bitte angeben: Rabatt in Prozent');
  await expect(errors).not.toContainText('description.de');
  await expect(errors).not.toContainText('valid_from');

  await page.getByRole('banner').getByLabel('Suche').pressSequentially(title.slice(0, 10));
  const hit = page.getByRole('option', { name: new RegExp(title) });
  await expect(hit).toContainText('Gutschein: Prozent-Rabatt · Café Silberblick KG');
  await expect(hit).not.toContainText('coupon/percent');
});

test('counts read "1 Kampagne" and "1 Standort", and plural beyond one', async ({ page }) => {
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Meyer', 'Optik Meyer');
  const merchantIdent = await merchantIdentOf(page);
  const title = `Zählung ${Date.now()}`;
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'coupon/free',
  });
  await api(page, 'POST', `/campaigns/${campaign.uuid}`, { title: { de: title } });
  await api(page, 'POST', `/merchants/${merchantIdent}/locations`, {
    name: 'Filiale Mitte',
    street: 'Hauptstraße',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
  });

  await page.goto(`/${merchantIdent}/campaigns/list?filter_campaign=${encodeURIComponent(title)}`);
  await expect(page.getByText('1 Kampagne', { exact: true })).toBeVisible();
  await expect(page.getByText('0 Personen', { exact: true })).toBeVisible();
  // The table's participations column shows the number alone; a card (below 1280 px) words it.
  await page.setViewportSize({ width: 1024, height: 720 });
  await expect(page.getByText('0 Teilnahmen', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/${merchantIdent}/locations`);
  await expect(page.getByText('1 Standort', { exact: true })).toBeVisible();

  await api(page, 'POST', `/merchants/${merchantIdent}/locations`, {
    name: 'Filiale Nord',
    street: 'Nordweg',
    zip: '20095',
    city: 'Hamburg',
    country: 'DE',
  });
  await page.reload();
  await expect(page.getByText('2 Standorte', { exact: true })).toBeVisible();

  // A second campaign: the merchant's list counts two (no other journey makes campaigns for it).
  const second = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'coupon/percent',
  });
  await api(page, 'POST', `/campaigns/${second.campaign.uuid}`, { title: { de: `${title} 2` } });
  await navigation(page).getByRole('link', { name: 'Kampagnen' }).click();
  await expect(page).toHaveURL(new RegExp(`/${merchantIdent}/campaigns/list`));
  await expect(page.getByText('2 Kampagnen', { exact: true })).toBeVisible();
  await expect(page.getByText('1 Kampagne', { exact: true })).toHaveCount(0);
});

test('an invitation whose mail could not be sent shows the reason the server gave', async ({
  page,
}) => {
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Schulz', 'Schulz Spielwaren');
  const merchantIdent = await merchantIdentOf(page);
  // The mail server refuses; the server answers as it does then (docs/product.md#messages).
  await page.route('**/invite-account', (route) =>
    route.fulfill({
      status: 502,
      json: {
        statusCode: 502,
        message: 'invitation_not_sent',
        reason: 'Mailserver antwortet nicht (ECONNREFUSED)',
      },
    }),
  );
  await page.goto(`/${merchantIdent}/accounts`);
  await page.getByLabel('E-Mail-Adresse').fill('neu@example.com');
  await page.getByRole('button', { name: 'Einladen' }).click();
  // The German words with the reason first, the spec's 'HTTP {status}: {message}' below them.
  const alert = page.getByTestId('alert-error');
  await expect(alert.getByTestId('alert-message')).toHaveText(
    'Die Einladung konnte nicht versendet werden. Grund: Mailserver antwortet nicht (ECONNREFUSED)',
  );
  await expect(alert.getByTestId('alert-technical')).toHaveText('HTTP 502: invitation_not_sent');
});
