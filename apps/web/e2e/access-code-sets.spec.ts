/**
 * Access-code sets (docs/product.md#screens-and-routes, docs/product.md#validation, docs/product.md#messages): an admin creates a set, sees
 * the code and link sections appear after the first save, pastes codes,
 * links a campaign by its id with Enter, sees both warnings go, and opens the
 * usage page with a use the consumer app reported and its CSV; a merchant
 * user opening the route is sent to please-upgrade.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { TCampaignEnvelope } from '@backoffice/domain';
import {
  api,
  chooseMerchant,
  merchantIdentOf,
  navigation,
  seedCompleteCoupon,
  signInAt,
  test,
} from './fixtures';

test('admin: create a set, paste codes, link a campaign, see the usage', async ({ page }) => {
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'silber', 'Café Silberblick KG');
  const merchant = await merchantIdentOf(page);
  // A published coupon: the consumer app reports uses of codes for published campaigns only.
  const campaign = await seedCompleteCoupon(page, merchant, `E2E Zugangscodes ${randomUUID()}`);
  await api(page, 'POST', `/campaigns/${campaign}/submit`);
  const approved = await api<TCampaignEnvelope>(page, 'POST', `/campaigns/${campaign}/approve`);
  expect(approved.campaign.current_status).toBe('approved');

  await navigation(page).getByRole('link', { name: 'Zugangscode-Sets' }).click();
  await expect(page.getByRole('heading', { name: 'Zugangscode-Sets', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Zugangscode-Set anlegen' }).click();
  await expect(page).toHaveURL(/\/access-code-sets\/create$/);

  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();
  // No codes and links before the first save.
  await expect(page.getByRole('heading', { name: 'Codes' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Typ' }).click();
  await page.getByRole('option', { name: 'Einmalig' }).click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Sommer 26');
  await page.getByRole('textbox', { name: 'Hinweis-Titel' }).fill('Ihr Zugangscode');
  await page.getByRole('textbox', { name: 'Hinweis-Text' }).fill('Den Code finden Sie am Bon.');
  // Nine characters: too short (said once the name was left), not missing, and still invalid.
  await expect(page.getByText('Zu kurz: Name')).toBeVisible();
  await expect(page.getByText('Bitte angeben!')).toHaveCount(0);
  await expect(save).toBeDisabled();
  await name.fill('Sommeraktion 2026');
  await expect(page.getByText('Zu kurz: Name')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();

  await expect(page.getByText('Zugangscode-Set „Sommeraktion 2026“ angelegt.')).toBeVisible();
  await expect(page).toHaveURL(/\/access-code-sets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Interner Name' })).toHaveValue(
    /^sommeraktion-2026-/,
  );
  await expect(page.getByRole('heading', { name: 'Codes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verknüpfte Kampagnen' })).toBeVisible();
  const noCodes = page.getByText('Es sind keine Codes vorhanden.');
  const noLinks = page.getByText('Es ist keine Kampagne verknüpft.');
  await expect(noCodes).toBeVisible();
  await expect(noLinks).toBeVisible();

  await page.getByRole('textbox', { name: 'Codes einfügen' }).fill('A-100\nA-101\n\nA-100\n=1+1');
  await page.getByRole('button', { name: 'Codes hinzufügen' }).click();
  await expect(
    page.getByText('3 Codes hinzugefügt; 1 doppelt, 1 Leerzeile übersprungen.'),
  ).toBeVisible();
  await expect(noCodes).toBeHidden();
  await expect(page.getByText('3 Codes vorhanden')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Codes des Sets' }).getByRole('listitem')).toHaveText(
    ['=1+1', 'A-100', 'A-101'],
  );

  const linkInput = page.getByRole('textbox', { name: 'Kampagne verknüpfen' });
  await linkInput.fill(randomUUID());
  await linkInput.press('Enter');
  await expect(page.getByText('Nicht gefunden.')).toBeVisible();
  await linkInput.fill(campaign);
  await linkInput.press('Enter');
  const linked = page.getByRole('table', { name: 'Verknüpfte Kampagnen' });
  await expect(linked.getByRole('row').filter({ hasText: campaign })).toContainText(
    'Gutschein: Prozent-Rabatt',
  );
  await expect(noLinks).toBeHidden();
  await expect(linkInput).toHaveValue('');

  // The consumer app reports a use of a code.
  const setId = page.url().split('/').pop() ?? '';
  const { secret } = await api<{ secret: string }>(page, 'POST', '/admin/api-keys', {
    name: `e2e ${randomUUID()}`,
  });
  const sent = await page.request.post('/api/ingest/events', {
    headers: { 'x-api-key': secret },
    data: {
      events: [
        {
          id: randomUUID(),
          type: 'code_used',
          campaign,
          participant: 'teilnehmer-1',
          occurred_at: new Date().toISOString(),
          access_code_set: setId,
          code: '=1+1',
        },
      ],
    },
  });
  expect(await sent.json()).toMatchObject({ accepted: 1, rejected: [] });

  await page.getByRole('link', { name: 'Verwendung' }).click();
  await expect(page).toHaveURL(new RegExp(`/access-code-sets/${setId}/code-usage$`));
  await expect(
    page.getByRole('heading', { name: 'Verwendung: Sommeraktion 2026', level: 1 }),
  ).toBeVisible();
  const uses = page.getByRole('table', { name: 'Verwendete Codes' });
  await expect(uses.getByRole('row').nth(1)).toContainText('=1+1');
  await expect(uses.getByRole('row').nth(1)).toContainText('teilnehmer-1');
  await page.getByRole('textbox', { name: 'Verwendungen durchsuchen' }).fill('niemand');
  await expect(page.getByText('Keine Verwendung gefunden.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Verwendungen durchsuchen' }).fill('');
  await expect(uses.getByRole('row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV herunterladen' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain('Code;Verwendet am;Teilnehmer;Kampagne;Typ;ID');
  // The code that looks like a formula is neutralised.
  expect(csv).toContain(`"'=1+1";`);
  expect(csv).toContain(campaign);

  // The list shows the set with its internal name and editor.
  await navigation(page).getByRole('link', { name: 'Zugangscode-Sets' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Sommeraktion 2026' });
  await expect(row).toContainText('Einmalig');
  await expect(row).toContainText('admin@example.com');
  await expect(row.getByRole('link', { name: 'Sommeraktion 2026 bearbeiten' })).toBeVisible();
});

test('an import that adds nothing says so in the words of the spec, the counts below', async ({
  page,
}) => {
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'silber', 'Café Silberblick KG');
  const { access_code_set: set } = await api<{ access_code_set: { id: string } }>(
    page,
    'POST',
    '/access-code-sets',
    {
      type: 'reusable',
      name: `Nichts Neues ${randomUUID()}`,
      hint_title: 'Ihr Zugangscode',
      hint_text: 'Den Code finden Sie am Bon.',
    },
  );
  await api(page, 'POST', `/access-code-sets/${set.id}/codes`, { codes: 'B-200\nB-201' });
  await page.goto(`/access-code-sets/${set.id}`);
  await expect(page.getByText('2 Codes vorhanden')).toBeVisible();

  // Both codes again and a blank line: nothing is added.
  await page.getByRole('textbox', { name: 'Codes einfügen' }).fill('B-200\n\nB-201');
  await page.getByRole('button', { name: 'Codes hinzufügen' }).click();
  const alert = page.getByTestId('alert-info');
  // The spec's text stands alone; the counts are a line of their own.
  await expect(
    alert.getByText('Es wurden keine Codes hinzugefügt!', { exact: true }),
  ).toBeVisible();
  await expect(alert.getByText('2 doppelt, 1 Leerzeile.', { exact: true })).toBeVisible();
});

test('a merchant user opening access-code sets goes to please-upgrade', async ({ page }) => {
  await signInAt(page, '/', 'owner@example.com');
  await expect(navigation(page).getByRole('link', { name: 'Zugangscode-Sets' })).toHaveCount(0);
  for (const path of ['/access-code-sets', '/access-code-sets/create']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/please-upgrade\?for=admin$/);
  }
});
