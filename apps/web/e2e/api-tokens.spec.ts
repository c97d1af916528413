/**
 * Tokens for integrators (docs/product.md#tokens-for-integrators): a merchant
 * manager opens the merchant's API-Zugänge, creates a read-only token, sees
 * its secret once, and another system calls the API with it (the merchant's
 * campaigns: 200; its last use shows); once revoked in the screen, the same
 * call answers 401. The screen is photographed at 1440 and 1280 px, the
 * dialogs at the default size.
 */
import { expect } from '@playwright/test';
import { merchantIdentOf, signInAt, test } from './fixtures';

test('a manager creates an API token, sees its secret once, the token calls the API until it is revoked', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInAt(page, '/', 'owner@example.com');
  const merchantIdent = await merchantIdentOf(page);
  // The merchant's tabs lead there: a manage-accounts user sees "API-Zugänge" beside "Webhooks".
  await page.goto(`/${merchantIdent}/accounts`);
  await page.getByRole('tab', { name: 'API-Zugänge' }).click();
  await expect(page).toHaveURL(`/${merchantIdent}/api-tokens`);
  await expect(page.getByRole('heading', { name: 'API-Zugänge', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'API-Zugang anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'API-Zugang anlegen' });
  const name = `Kasse ${Date.now()}`;
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Kampagnen verwalten' }).check();
  await expect(dialog.getByRole('radio', { name: /Nur lesen/ })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('api-tokens-form.png') });
  await dialog.getByRole('button', { name: 'Anlegen' }).click();

  const secretDialog = page.getByRole('dialog', { name: `Neuer API-Zugang „${name}“` });
  await expect(secretDialog.getByText(/wird nur jetzt angezeigt/)).toBeVisible();
  const secret = (await secretDialog.getByTestId('api-token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^cbt_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: testInfo.outputPath('api-tokens-secret.png') });
  await secretDialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(secretDialog).toBeHidden();
  // The secret is not shown again.
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByTestId('api-token-row').filter({ hasText: name });
  await expect(row.getByText('Aktiv')).toBeVisible();
  await expect(row.getByText('Nur lesen')).toBeVisible();
  await expect(row.getByText('Kampagnen verwalten')).toBeVisible();
  await expect(row.getByText('noch nie')).toBeVisible();
  await expect(row.getByText(secret.slice(0, 8))).toBeVisible();

  // Another system calls the API with the token.
  const campaigns = `/api/campaigns?exact_merchant=${merchantIdent}`;
  const headers = { Authorization: `Bearer ${secret}` };
  const allowed = await request.get(campaigns, { headers });
  expect(allowed.status(), await allowed.text()).toBe(200);
  await page.reload();
  await expect(row.getByText('noch nie')).toHaveCount(0);

  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`api-tokens-${width}.png`), fullPage: true });
  }

  await row.getByRole('button', { name: `API-Zugang ${name} widerrufen` }).click();
  const question = page.getByRole('dialog', { name: 'API-Zugang widerrufen?' });
  await question.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(question).toBeHidden();
  await expect(row.getByText('Widerrufen', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /widerrufen$/ })).toHaveCount(0);

  const refused = await request.get(campaigns, { headers });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toContain('error="invalid_token"');
});
