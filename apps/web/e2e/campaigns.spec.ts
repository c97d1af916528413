/**
 * Campaign journeys (docs/product.md#the-campaign-list, "Campaign creation", docs/product.md#campaign-states, docs/product.md#roles-and-access):
 * create, list with filters in the URL, clone, delete, the admins' review
 * queue and the site search, each in the built app against the real server.
 */
import { expect, type Page } from '@playwright/test';
import {
  api,
  IDENT,
  merchantIdentOf,
  navigation,
  seedSubmittedCoupon,
  signInAt,
  signOut,
  type Envelope,
  test,
} from './fixtures';

function row(page: Page, campaignIdent: string) {
  return page.locator(`[data-testid="campaign-row"][data-campaign="${campaignIdent}"]`);
}

test('silver creates a percent coupon, finds it by status in the URL, clones and deletes', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);

  // Creation: coupon opens into its sub-types; choosing one and confirming creates and opens the benefit page.
  await page.goto(`/${merchantIdent}/campaigns/create`);
  await expect(page.getByRole('heading', { name: 'Kampagne erstellen' })).toBeVisible();
  // Silver is no admin or agency: no tips offered.
  await expect(page.getByRole('button', { name: /^Tipp/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Gutschein / }).click();
  await page.getByRole('button', { name: /^Gutschein: Prozent-Rabatt / }).click();
  await page
    .getByRole('dialog', { name: 'Gutschein: Prozent-Rabatt anlegen?' })
    .getByRole('button', { name: 'Entwurf anlegen' })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/${merchantIdent}/campaigns/coupon/(${IDENT.source})/benefit$`),
  );
  const campaignIdent = new URL(page.url()).pathname.split('/')[4] ?? '';
  await expect(
    page.getByRole('alert').filter({ hasText: `Kampagne ${campaignIdent} wurde angelegt` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vorteil', level: 1 })).toBeVisible();
  // A new campaign has errors left: on its overview no submit yet, the errors listed per step.
  await page
    .getByRole('navigation', { name: 'Schritte' })
    .getByRole('link', { name: /^Übersicht/ })
    .click();
  await expect(page.getByRole('button', { name: 'Zur Prüfung einreichen' })).toBeDisabled();
  await expect(page.getByTestId('step-errors')).toContainText('Beschreibung');

  // The list, filtered on created through the URL (as the dashboard links do).
  await page.goto(`/${merchantIdent}/campaigns/list?filter_status=created`);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('created');
  const created = row(page, campaignIdent);
  await expect(created).toBeVisible();
  await expect(created).toContainText('Gutschein: Prozent-Rabatt');
  await expect(created.getByTestId('status')).toHaveText('Angelegt');
  await expect(created.getByRole('link', { name: /bearbeiten/ })).toHaveAttribute(
    'href',
    `/${merchantIdent}/campaigns/coupon/${campaignIdent}/benefit`,
  );
  await expect(created.getByRole('link', { name: /Vorschau/ })).toHaveAttribute('target', '_blank');

  // Another filter keeps the URL in step and hides the new campaign.
  await page.getByLabel('Status', { exact: true }).selectOption('approved');
  await expect(page).toHaveURL(/filter_status=approved/);
  await expect(row(page, campaignIdent)).toHaveCount(0);
  await page.getByLabel('Typ', { exact: true }).selectOption('coupon');
  await expect(page).toHaveURL(/filter_type=coupon/);
  await page.goto(`/${merchantIdent}/campaigns/list?filter_status=created&filter_type=coupon`);
  await expect(row(page, campaignIdent)).toBeVisible();

  // Clone (level 1), confirmed: the copy's handling page opens.
  await row(page, campaignIdent)
    .getByRole('button', { name: /kopieren/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Kampagne kopieren?' })
    .getByRole('button', { name: 'Kopie anlegen' })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/${merchantIdent}/campaigns/coupon/${IDENT.source}/handling$`),
  );
  const copyIdent = new URL(page.url()).pathname.split('/')[4] ?? '';
  expect(copyIdent).not.toBe(campaignIdent);
  await expect(page.getByRole('heading', { name: 'Ablauf', level: 1 })).toBeVisible();

  // Delete the copy after the confirmation.
  await page.goto(`/${merchantIdent}/campaigns/list?filter_status=created`);
  await row(page, copyIdent)
    .getByRole('button', { name: /löschen/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Kampagne löschen' });
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Kampagne wurde gelöscht' }),
  ).toBeVisible();
  await expect(row(page, copyIdent)).toHaveCount(0);
  await page.goto(`/${merchantIdent}/campaigns/list?filter_status=deleted`);
  await expect(row(page, copyIdent).getByTestId('status')).toHaveText('Gelöscht');
});

test('campaign routes: idents, unknown types and tips are guarded', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);

  await page.goto('/not-a-merchant/campaigns/list');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();

  await page.goto(`/${merchantIdent}/campaigns/create?type=nonsense`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Den Kampagnentyp „nonsense“ gibt es nicht.' }),
  ).toBeVisible();

  await page.goto(`/${merchantIdent}/campaigns/tip/${merchantIdent}/review`);
  await expect(page).toHaveURL(/\/please-upgrade\?for=agency$/);

  // The review queue is for admins alone.
  await expect(navigation(page).getByRole('link', { name: 'Prüfung' })).toHaveCount(0);
  await page.goto('/review');
  await expect(page).toHaveURL(/\/please-upgrade\?for=admin$/);
  await signOut(page);

  // Silver's merchant is remembered in this browser and the admin may act for it: no selection.
  await signInAt(page, '/', 'admin@example.com');
  await expect(page.getByText('Sie handeln für den Händler Café Silberblick KG.')).toBeVisible();
  await navigation(page).getByRole('link', { name: 'Prüfung' }).click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole('heading', { name: 'Prüfung', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Kampagnen zur Prüfung' })).toBeVisible();
});

test('admin approves a submitted campaign; the merchant sees status and phase change', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const title = `Herbstrabatt ${Date.now()}`;
  const campaignIdent = await seedSubmittedCoupon(page, merchantIdent, title);

  await page.goto(`/${merchantIdent}/campaigns/list?filter_status=submitted`);
  await expect(row(page, campaignIdent).getByTestId('status')).toHaveText('Eingereicht');
  await expect(row(page, campaignIdent).getByTestId('phase')).toHaveText('Freigabe fehlt');
  // Silver sees no review queue.
  await expect(navigation(page).getByRole('link', { name: 'Prüfung' })).toHaveCount(0);
  await signOut(page);

  // Silver's merchant is remembered in this browser and the admin may act for it: no selection.
  await signInAt(page, '/', 'admin@example.com');
  await expect(page.getByText('Sie handeln für den Händler Café Silberblick KG.')).toBeVisible();
  await navigation(page).getByRole('link', { name: 'Prüfung' }).click();
  await expect(page).toHaveURL(/\/review$/);
  const queued = page.locator(`[data-testid="review-row"][data-campaign="${campaignIdent}"]`);
  await expect(queued).toContainText('Café Silberblick KG');
  await queued.getByRole('button', { name: `Prüfung starten: ${title}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'wurde gestartet' })).toBeVisible();
  await expect(queued).toContainText('In Prüfung');
  await queued.getByRole('button', { name: `${title} freigeben` }).click();
  await page
    .getByRole('dialog', { name: 'Kampagne freigeben?' })
    .getByRole('button', { name: 'Freigeben' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: `„${title}“ wurde freigegeben.` }),
  ).toBeVisible();
  await expect(queued).toHaveCount(0);
  await signOut(page);

  await signInAt(page, `/${merchantIdent}/campaigns/list`, 'silver@example.com');
  const approved = row(page, campaignIdent);
  await expect(approved.getByTestId('status')).toHaveText(/Freigegeben|Aktiv/);
  await expect(approved.getByTestId('phase')).toHaveText('Läuft');
  await expect(approved.getByTestId('phase')).toHaveAttribute('data-colour', /light-red|green/);

  // The review page shows the status history with the admin's approval.
  await approved.getByRole('link', { name: /bearbeiten/ }).click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaignIdent}/review$`));
  await page.getByRole('button', { name: 'Statusverlauf laden' }).click();
  await expect(page.getByTestId('status-history')).toContainText('admin@example.com');
  await expect(page.getByTestId('status-history')).toContainText('Freigegeben');

  // The consumer app's view: tile and detail with the description as text.
  await page.getByRole('link', { name: 'Ansicht in der App' }).click();
  await expect(page.getByTestId('app-tile')).toContainText(title);
  await expect(page.getByTestId('app-detail')).toContainText('20 % Rabatt');
  await expect(page.getByTestId('app-description')).toContainText('Herbstzeit ist Kuchenzeit.');
});

test('site search opens a campaign by its id', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchantIdent = await merchantIdentOf(page);
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: merchantIdent,
    type: 'sweepstake/standard',
  });
  const search = page.getByRole('banner').getByLabel('Suche');
  // Typed key by key from the first focus: the search code loads meanwhile and
  // takes over the field without losing a keystroke.
  await search.pressSequentially(campaign.uuid);
  await expect(page).toHaveURL(
    new RegExp(`/${merchantIdent}/campaigns/sweepstake/${campaign.uuid}$`),
  );
  await expect(page.getByTestId('campaign-id')).toHaveText(campaign.uuid);
  await expect(page.getByRole('heading', { name: 'Gewinn', level: 1 })).toBeVisible();
});
