/**
 * The dashboard a merchant meets every day:
 * - its numbers are those of the campaigns the user can see: a
 *   member of Modehaus Adler (multi@example.com) sees no tips in the list,
 *   and the dashboard counts none of their views and participations;
 * - key figures first, status tables without their rows of zeros
 *   (one click shows them), the conversion per campaign, the kid-age pie's
 *   whole legend in the order of age, and the first steps for a merchant
 *   without campaigns;
 * - a rejected campaign stands in the to-do table with the reason
 *   and "Überarbeiten und erneut einreichen".
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  api,
  chooseMerchant,
  type Envelope,
  merchantIdentOf,
  PIXEL_PNG,
  seedSubmittedCoupon,
  signInAt,
  signOut,
  test,
} from './fixtures';

const ADLER = 'Modehaus Adler GmbH';

/** axe finds nothing serious on the page as it stands (the accessibility spec's rule set). */
async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`);
  expect(serious, what).toEqual([]);
}
const count = (value: number) => new Intl.NumberFormat('de-DE').format(value);
const DAY = 24 * 3600_000;

interface ListRow {
  uuid: string;
  type: string;
  current_status: string;
  participations: number;
  view_list: number;
  view_detail: number;
  view_mail: number;
}

/** Every row of the merchant's campaign list as the signed-in user gets it, page by page. */
async function listRows(page: Page, merchant: string): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await api<{ rows: ListRow[]; pager: { total_entries: number } }>(
      page,
      'GET',
      `/campaigns?exact_merchant=${merchant}&page=${number}`,
    );
    rows.push(...answer.rows);
    if (answer.rows.length === 0 || rows.length >= answer.pager.total_entries) return rows;
  }
}

const sum = (rows: ListRow[], key: 'participations' | 'view_list' | 'view_detail' | 'view_mail') =>
  rows.reduce((total, row) => total + row[key], 0);

/** A published campaign of the merchant (the caller is an admin): the consumer app reports on published ones only. */
async function publish(
  page: Page,
  merchant: string,
  type: string,
  content: Record<string, unknown>,
): Promise<string> {
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', { merchant, type });
  await api(page, 'POST', `/campaigns/${campaign.uuid}/image`, undefined, {
    upload: { name: 'bild.png', mimeType: 'image/png', buffer: PIXEL_PNG },
  });
  const saved = await api<Envelope & { state: { errors: unknown[] } }>(
    page,
    'POST',
    `/campaigns/${campaign.uuid}`,
    {
      short_description: { de: 'Neu in der Saison' },
      description: { de: 'Die neue Kollektion ist da, mit Beratung im Laden. '.repeat(6) },
      valid_from: new Date(Date.now() - DAY).toISOString(),
      valid_until: new Date(Date.now() + 30 * DAY).toISOString(),
      ...content,
    },
  );
  expect(saved.state.errors, `a ${type} without errors`).toEqual([]);
  await api(page, 'POST', `/campaigns/${campaign.uuid}/submit`);
  const approved = await api<Envelope>(page, 'POST', `/campaigns/${campaign.uuid}/approve`);
  expect(approved.campaign.current_status).toBe('approved');
  return campaign.uuid;
}

async function ingest(request: APIRequestContext, key: string, events: object[]) {
  const sent = await request.post('/api/ingest/events', {
    headers: { 'x-api-key': key },
    data: { events },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

const event = (type: string, campaign: string, participant?: string, profile?: object) => ({
  id: randomUUID(),
  type,
  campaign,
  occurred_at: new Date().toISOString(),
  ...(participant ? { participant } : {}),
  ...(profile ? { profile } : {}),
});

const times = (n: number, make: () => object) => Array.from({ length: n }, make);

/** The figure a key-figure card shows. */
const keyFigure = (page: Page, id: string) => page.locator(`[data-key-figure="${id}"] dd`).first();

test('a member’s dashboard counts the campaigns the member can see, as the list shows them', async ({
  page: adminPage,
  browser,
  request,
}) => {
  test.slow();
  const run = Date.now();
  let page = adminPage;
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'Adler', ADLER);
  const merchant = await merchantIdentOf(page);
  const coupon = await publish(page, merchant, 'coupon/percent', {
    title: { de: `E2E Sichtbar ${run}` },
    benefit: { percent_discount: 15 },
    coupon: { redemption: 'offline', code_type: 'none' },
  });
  const tip = await publish(page, merchant, 'tip/standard', {
    title: { de: `E2E Tipp ${run}` },
    tags: ['mode'],
  });
  const { secret } = await api<{ secret: string }>(page, 'POST', '/admin/api-keys', {
    name: `E2E Sichtbarkeit ${run}`,
  });
  const who = (name: string) => `e2e-${run}-${name}`;
  await ingest(request, secret, [
    event('participation', coupon, who('anna')),
    event('participation', coupon, who('ben')),
    ...times(3, () => event('view_list', coupon)),
    event('view_detail', coupon),
    event('participation', tip, who('anna')),
    event('participation', tip, who('carla')),
    event('participation', tip, who('dora')),
    ...times(40, () => event('view_list', tip)),
    ...times(9, () => event('view_detail', tip)),
    event('view_mail', tip),
  ]);
  // The admin sees the tip's numbers (once the statistics have counted the batch).
  await expect
    .poll(async () => (await listRows(page, merchant)).find((row) => row.uuid === tip)?.view_list)
    .toBe(40);

  // The member, in a browser of their own (no merchant remembered).
  const memberContext = await browser.newContext();
  page = await memberContext.newPage();
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Adler', ADLER);
  expect(await merchantIdentOf(page)).toBe(merchant);
  const rows = await listRows(page, merchant);
  expect(rows.some((row) => row.uuid === coupon)).toBe(true);
  expect(rows.some((row) => row.type.startsWith('tip/'))).toBe(false);

  // The key figures and the tables: the sums of the list's rows, nothing of the tip.
  await page.goto('/');
  await expect(keyFigure(page, 'participations')).toHaveText(count(sum(rows, 'participations')));
  await expect(keyFigure(page, 'views')).toHaveText(count(sum(rows, 'view_list')));
  const figure = (name: string) => page.locator(`[data-figure="${name}"] td`);
  await expect(figure('total_participations')).toHaveText(count(sum(rows, 'participations')));
  await expect(figure('total_list_views')).toHaveText(count(sum(rows, 'view_list')));
  await expect(figure('total_detail_views')).toHaveText(count(sum(rows, 'view_detail')));
  await expect(figure('total_mail_views')).toHaveText(count(sum(rows, 'view_mail')));
  // The conversion table loads when its place scrolls into view.
  await page.getByTestId('conversion').scrollIntoViewIfNeeded();
  const conversion = page.getByRole('table', { name: 'Konversion je Kampagne' });
  await expect(conversion.locator(`[data-campaign="${coupon}"]`)).toBeVisible();
  await expect(conversion.locator(`[data-campaign="${tip}"]`)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('member-dashboard.png'), fullPage: true });

  // The list the numbers stand for: the coupon, no tip.
  await page.goto(`/${merchant}/campaigns/list`);
  await expect(
    page.locator(`[data-testid="campaign-row"][data-campaign="${coupon}"]`),
  ).toBeVisible();
  await expect(page.locator(`[data-testid="campaign-row"][data-campaign="${tip}"]`)).toHaveCount(0);
  await memberContext.close();
});

test('the dashboard leads with the key figures, keeps its tables compact and shows conversion and kid ages', async ({
  page,
  request,
}) => {
  test.slow();
  const run = Date.now();
  await signInAt(page, '/', 'admin@example.com');

  // A merchant just created has no campaign: the first steps lead to the first one.
  const created = await api<{ merchant: { uuid: string; name: string } }>(
    page,
    'POST',
    '/merchants',
    { name: `E2E Neuer Laden ${run}`, brand_name: `E2E Neuer Laden ${run}` },
  );
  await chooseMerchant(page, `Neuer Laden ${run}`, created.merchant.name);
  const firstSteps = page.getByRole('region', { name: 'Erste Schritte' });
  await expect(firstSteps).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('first-steps.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'dashboard with the first steps');
  await firstSteps.getByRole('link', { name: 'Erste Kampagne erstellen' }).click();
  await expect(page).toHaveURL(`/${created.merchant.uuid}/campaigns/create`);

  // The merchant's first campaign, published, with views, participations and kids of many ages.
  const merchant = created.merchant.uuid;
  const title = `E2E Konversion ${run}`;
  const coupon = await publish(page, merchant, 'coupon/percent', {
    title: { de: title },
    benefit: { percent_discount: 10 },
    coupon: { redemption: 'offline', code_type: 'none' },
  });
  const { secret } = await api<{ secret: string }>(page, 'POST', '/admin/api-keys', {
    name: `E2E Übersicht ${run}`,
  });
  const year = new Date().getFullYear();
  const kids = [0, 1, 2, 3, 5, 7, 9, 10, 11, 12, 14].map((age) => ({
    gender: age % 2 === 0 ? 'female' : 'male',
    birth_year: year - age,
  }));
  await ingest(request, secret, [
    ...times(8, () => event('view_list', coupon)),
    ...times(2, () => event('view_detail', coupon)),
    event('participation', coupon, `e2e-${run}-eva`, { gender: 'female', kids }),
  ]);
  await expect.poll(async () => (await listRows(page, merchant))[0]?.participations).toBe(1);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Erste Schritte' })).toHaveCount(0);
  await expect(keyFigure(page, 'views')).toHaveText('8');
  await expect(keyFigure(page, 'participations')).toHaveText('1');

  // First the key figures, then the tables, then the chart.
  const top = async (locator: ReturnType<Page['locator']>) =>
    (await locator.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const keyFigures = page.getByTestId('key-figures');
  const todo = page.getByRole('region', { name: 'Zu erledigen' });
  expect(await top(keyFigures)).toBeLessThan(await top(todo));
  await expect(page.getByTestId('participation-trend')).toBeVisible();
  expect(await top(todo)).toBeLessThan(await top(page.getByTestId('participation-stats')));

  // The coupons' table: only the status with campaigns, the others one click away.
  const coupons = page.getByRole('table', { name: 'Gutscheine' });
  await expect(coupons.getByRole('row')).toHaveCount(2);
  await expect(coupons.getByRole('link', { name: /Status (Freigegeben|Aktiv)/ })).toBeVisible();
  const toggle = page.getByRole('region', { name: 'Gutscheine' }).getByRole('button');
  await expect(toggle).toHaveText('Auch die 7 Status ohne Kampagnen anzeigen');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(coupons.getByRole('row')).toHaveCount(9);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveText('Nur Status mit Kampagnen anzeigen');
  // No sweepstake yet: a line says so instead of a table of zeros.
  await expect(page.getByRole('region', { name: 'Gewinnspiele' })).toContainText(
    'Noch keine Kampagnen dieser Art.',
  );

  // The conversion: 2 of 8 list views opened the details (25 %), 1 took part (12,5 %).
  await page.getByTestId('conversion').scrollIntoViewIfNeeded();
  const conversion = page
    .getByRole('table', { name: 'Konversion je Kampagne' })
    .locator(`[data-campaign="${coupon}"]`);
  await expect(conversion.getByRole('link', { name: title })).toBeVisible();
  await expect(conversion.locator('[data-conversion="detail"]')).toHaveText('225 %');
  await expect(conversion.locator('[data-conversion="participation"]')).toHaveText('112,5 %');

  // The kid-age pie: its whole legend, youngest first.
  await page.getByTestId('participation-stats').scrollIntoViewIfNeeded();
  await page.getByRole('region', { name: 'Kinder nach Alter' }).scrollIntoViewIfNeeded();
  const legend = page.getByRole('list', { name: 'Legende: Kinder nach Alter' });
  await expect(legend.getByRole('listitem')).toHaveText([
    '0 Jahre: 1',
    '1 Jahr: 1',
    '2 Jahre: 1',
    '3 Jahre: 1',
    '5 Jahre: 1',
    '7 Jahre: 1',
    '9 Jahre: 1',
    '10 Jahre: 1',
    '11 Jahre: 1',
    '12 Jahre: 1',
    '14 Jahre: 1',
  ]);
  const card = await page.getByRole('region', { name: 'Kinder nach Alter' }).boundingBox();
  const legendBox = await legend.boundingBox();
  expect(legendBox && card).toBeTruthy();
  if (legendBox && card) {
    expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(card.y + card.height);
    expect(legendBox.x + legendBox.width).toBeLessThanOrEqual(card.x + card.width);
  }
  await page.screenshot({ path: test.info().outputPath('dashboard-compact.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'dashboard with every status, conversion and kid ages');
});

test('a rejected campaign stands in the dashboard’s to-do table with the reason and the next step', async ({
  page,
}) => {
  test.slow();
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const title = `Sommerschlussverkauf ${Date.now()}`;
  const campaign = await seedSubmittedCoupon(page, merchant, title);
  await signOut(page);

  const reason = 'Der Rabatt fehlt in der Kurzbeschreibung.\nBitte ergänzen.';
  await signInAt(page, '/review', 'admin@example.com');
  await api(page, 'POST', `/campaigns/${campaign}/reject`, { reason });
  await signOut(page);

  await signInAt(page, '/', 'silver@example.com');
  const todo = page.getByRole('table', { name: 'Zu erledigen' });
  await expect(todo.getByRole('link', { name: 'Abgelehnte Kampagnen' })).toHaveAttribute(
    'href',
    `/${merchant}/campaigns/list?filter_status=rejected`,
  );
  const entry = todo.locator(`[data-testid="todo-rejected-campaign"][data-campaign="${campaign}"]`);
  await expect(entry).toContainText(title);
  await expect(entry).toContainText('Grund: Der Rabatt fehlt in der Kurzbeschreibung.');
  await expect(entry).toContainText('Bitte ergänzen.');
  const next = entry.getByRole('link', {
    name: `Überarbeiten und erneut einreichen: „${title}“`,
  });
  await expect(next).toHaveText('Überarbeiten und erneut einreichen');
  await page.screenshot({ path: test.info().outputPath('todo-rejected.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'dashboard with a rejected campaign');
  await next.click();
  await expect(page).toHaveURL(`/${merchant}/campaigns/coupon/${campaign}/benefit`);
});
