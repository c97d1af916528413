/**
 * What cannot be undone asks first: choosing a campaign
 * type, cloning, creating a follow-up, submitting, approving and rejecting,
 * removing an account and deleting a location each open a dialog that says
 * what will happen. Cancelling leaves
 * everything as it was (no request is sent, no campaign appears, the status
 * stays); confirming does it. One misclick on a type leaves no draft.
 */
import { expect, type Page } from '@playwright/test';
import {
  api,
  IDENT,
  merchantIdentOf,
  seedCompleteCoupon,
  seedSubmittedCoupon,
  signInAt,
  signOut,
  type Envelope,
  test,
} from './fixtures';

/** Counts the page's requests of a method (POST unless said) whose path matches. */
function countPosts(page: Page, path: RegExp, method = 'POST'): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.count += 1;
  });
  return seen;
}

/** The merchant's campaigns, as the list answers them (every status but deleted). */
async function campaignCount(page: Page, merchant: string): Promise<number> {
  const list = await api<{ pager: { total_entries: number } }>(
    page,
    'GET',
    `/campaigns?exact_merchant=${merchant}&page=1`,
  );
  return list.pager.total_entries;
}

async function statusOf(page: Page, campaign: string): Promise<string> {
  return (await api<Envelope>(page, 'GET', `/campaigns/${campaign}`)).campaign.current_status;
}

test('a campaign type is created only once confirmed: a misclick leaves no draft', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const before = await campaignCount(page, merchant);
  const creations = countPosts(page, /^\/api\/campaigns$/);

  await page.goto(`/${merchant}/campaigns/create`);
  await page.getByRole('button', { name: /^Gewinnspiel / }).click();
  const dialog = page.getByRole('dialog', { name: 'Gewinnspiel anlegen?' });
  await expect(dialog).toContainText('Es wird ein neuer Entwurf dieses Typs angelegt');
  await page.screenshot({ path: test.info().outputPath('type-confirmation.png') });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  // Escape and the close button cancel too.
  await page.getByRole('button', { name: /^Gewinnspiel / }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /^Gutschein / }).click();
  await page.getByRole('button', { name: /^Gutschein: Angebot / }).click();
  const offer = page.getByRole('dialog', { name: 'Gutschein: Angebot anlegen?' });
  await offer.getByRole('button', { name: 'Schließen' }).click();
  await expect(offer).toBeHidden();

  await expect(page).toHaveURL(new RegExp(`/${merchant}/campaigns/create$`));
  expect(creations.count).toBe(0);
  expect(await campaignCount(page, merchant)).toBe(before);

  // Confirmed, the draft is created and its first step opens.
  await page.getByRole('button', { name: /^Gewinnspiel / }).click();
  await dialog.getByRole('button', { name: 'Entwurf anlegen' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/${merchant}/campaigns/sweepstake/${IDENT.source}/benefit$`),
  );
  expect(creations.count).toBe(1);
  expect(await campaignCount(page, merchant)).toBe(before + 1);
});

test('clone and follow-up ask first; cancelled, no campaign appears', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const title = `Kopiervorlage ${Date.now()}`;
  const source = await seedCompleteCoupon(page, merchant, title);
  const before = await campaignCount(page, merchant);
  const posts = countPosts(page, /\/(clone|create-followup)$/);

  // Clone, from the list.
  await page.goto(`/${merchant}/campaigns/list?filter_campaign=${source}`);
  const row = page.locator(`[data-testid="campaign-row"][data-campaign="${source}"]`);
  await row.getByRole('button', { name: `Kampagne ${title} kopieren` }).click();
  const clone = page.getByRole('dialog', { name: 'Kampagne kopieren?' });
  await expect(clone).toContainText(`Von „${title}“ wird eine Kopie als neue`);
  await clone.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(clone).toBeHidden();
  expect(posts.count).toBe(0);
  expect(await campaignCount(page, merchant)).toBe(before);

  // Follow-up, from the overview.
  await page.goto(`/${merchant}/campaigns/coupon/${source}/review`);
  await page.getByRole('button', { name: 'Folgekampagne anlegen' }).click();
  const followup = page.getByRole('dialog', { name: 'Folgekampagne anlegen?' });
  await expect(followup).toContainText(`als Folgekampagne von „${title}“`);
  await page.screenshot({ path: test.info().outputPath('followup-confirmation.png') });
  await followup.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(followup).toBeHidden();
  await expect(page.getByTestId('followup')).toHaveCount(0);
  expect(posts.count).toBe(0);
  expect(await campaignCount(page, merchant)).toBe(before);

  // Confirmed: the follow-up opens; the clone opens the copy's handling step.
  await page.getByRole('button', { name: 'Folgekampagne anlegen' }).click();
  await followup.getByRole('button', { name: 'Folgekampagne anlegen' }).click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${IDENT.source}$`));
  expect(new URL(page.url()).pathname.split('/')[4]).not.toBe(source);
  await page.goto(`/${merchant}/campaigns/list?filter_campaign=${source}`);
  await row.getByRole('button', { name: `Kampagne ${title} kopieren` }).click();
  await clone.getByRole('button', { name: 'Kopie anlegen' }).click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${IDENT.source}/handling$`));
  expect(posts.count).toBe(2);
  expect(await campaignCount(page, merchant)).toBe(before + 2);
});

test('submit asks first: cancelled, the campaign stays editable', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await seedCompleteCoupon(page, merchant, `Einreichprobe ${Date.now()}`);
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/review`);
  await page.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kampagne einreichen?' });
  await expect(dialog).toContainText(
    'Nach dem Einreichen können Sie die Kampagne nicht mehr bearbeiten. Sie wird geprüft und innerhalb von 24 Stunden veröffentlicht.',
  );
  await page.screenshot({ path: test.info().outputPath('submit-confirmation.png') });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  expect(await statusOf(page, campaign)).toBe('created');
  await expect(page.getByTestId('status')).toHaveText('Angelegt');

  await page.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
  await dialog.getByRole('button', { name: 'Einreichen' }).click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${campaign}/submitted$`));
  expect(await statusOf(page, campaign)).toBe('submitted');
});

test('approve and reject ask first: cancelled, the campaign stays in the queue', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const stamp = Date.now();
  const toApprove = await seedSubmittedCoupon(page, merchant, `Freigabeprobe ${stamp}`);
  const toReject = await seedSubmittedCoupon(page, merchant, `Ablehnprobe ${stamp}`);
  await signOut(page);

  await signInAt(page, '/review', 'admin@example.com');
  const queued = (campaign: string) =>
    page.locator(`[data-testid="review-row"][data-campaign="${campaign}"]`);
  const decisions = countPosts(page, /\/(approve|reject)$/);

  await queued(toApprove)
    .getByRole('button', { name: `Freigabeprobe ${stamp} freigeben` })
    .click();
  const approve = page.getByRole('dialog', { name: 'Kampagne freigeben?' });
  await expect(approve).toContainText(
    `„Freigabeprobe ${stamp}“ von Café Silberblick KG wird freigegeben`,
  );
  await expect(approve).toContainText('Eine Freigabe lässt sich nicht zurücknehmen.');
  await page.screenshot({ path: test.info().outputPath('approve-confirmation.png') });
  await approve.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(approve).toBeHidden();

  await queued(toReject)
    .getByRole('button', { name: `Ablehnprobe ${stamp} ablehnen` })
    .click();
  const reject = page.getByRole('dialog', { name: 'Kampagne ablehnen' });
  await expect(reject).toContainText(
    'Er liest Ihre Begründung und kann die Kampagne überarbeiten und erneut einreichen.',
  );
  await reject.getByLabel('Begründung').fill('Nur ein Versuch');
  await page.screenshot({ path: test.info().outputPath('reject-confirmation.png') });
  await reject.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(reject).toBeHidden();

  expect(decisions.count).toBe(0);
  await expect(queued(toApprove)).toBeVisible();
  await expect(queued(toReject)).toBeVisible();
  expect(await statusOf(page, toApprove)).toBe('submitted');
  expect(await statusOf(page, toReject)).toBe('submitted');

  // Confirmed, each decision is made.
  await queued(toApprove)
    .getByRole('button', { name: `Freigabeprobe ${stamp} freigeben` })
    .click();
  await approve.getByRole('button', { name: 'Freigeben' }).click();
  await expect(queued(toApprove)).toHaveCount(0);
  await queued(toReject)
    .getByRole('button', { name: `Ablehnprobe ${stamp} ablehnen` })
    .click();
  // Reopened, the dialog starts without the earlier reason.
  await expect(reject.getByLabel('Begründung')).toHaveValue('');
  await reject.getByLabel('Begründung').fill('Bitte ein helleres Bild.');
  await reject.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(queued(toReject)).toHaveCount(0);
  expect(decisions.count).toBe(2);
  expect(await statusOf(page, toApprove)).toMatch(/approved|active/);
  expect(await statusOf(page, toReject)).toBe('rejected');
});

test('removing an account asks first; cancelled, the account stays', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const email = `aushilfe-${Date.now()}@example.com`;
  await api(page, 'POST', `/merchants/${merchant}/invite-account`, {
    user_email: email,
    roles: ['manage-campaigns'],
  });
  const removals = countPosts(page, /\/accounts\/[^/]+$/, 'DELETE');
  await page.goto(`/${merchant}/accounts`);
  const row = page.getByTestId('account-row').filter({ hasText: email });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Account ${email} entfernen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Account entfernen?' });
  await expect(dialog).toContainText(`${email} verliert den Zugang zu diesem Händler`);
  await expect(dialog).toContainText('Das lässt sich nicht rückgängig machen');
  await page.screenshot({ path: test.info().outputPath('account-removal-confirmation.png') });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  expect(removals.count).toBe(0);

  // Confirmed, the account is removed.
  await row.getByRole('button', { name: `Account ${email} entfernen` }).click();
  await dialog.getByRole('button', { name: 'Account entfernen' }).click();
  await expect(page.getByTestId('alert-success')).toContainText('Account entfernt.');
  await expect(row).toHaveCount(0);
  expect(removals.count).toBe(1);
});

test('deleting a location asks first; cancelled, the location stays', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const name = `Filiale ${Date.now()}`;
  await api(page, 'POST', `/merchants/${merchant}/locations`, {
    name,
    street: 'Almweg',
    zip: '99999',
    city: 'Nirgendwohausen',
    country: 'DE',
    use_anyway: true,
  });
  const deletions = countPosts(page, /\/locations\/[^/]+$/, 'DELETE');
  await page.goto(`/${merchant}/locations`);
  const row = page.getByTestId('location-row').filter({ hasText: name });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Standort ${name} löschen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Standort löschen?' });
  await expect(dialog).toContainText(`Der Standort „${name}“ wird mit Adresse`);
  await expect(dialog).toContainText('Das lässt sich nicht rückgängig machen.');
  await page.screenshot({ path: test.info().outputPath('location-deletion-confirmation.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: `Standort ${name} löschen` }).click();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  expect(deletions.count).toBe(0);

  // Confirmed, the location is deleted.
  await row.getByRole('button', { name: `Standort ${name} löschen` }).click();
  await dialog.getByRole('button', { name: 'Standort löschen' }).click();
  await expect(page.getByTestId('alert-success')).toContainText('Standort gelöscht.');
  await expect(row).toHaveCount(0);
  expect(deletions.count).toBe(1);
});
