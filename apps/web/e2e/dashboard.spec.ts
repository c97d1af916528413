/**
 * The dashboard journey (docs/product.md#statistics, docs/product.md#validation, docs/product.md#limits): an admin
 * creates API keys on the admin screen; the test sends participations with
 * one as the consumer app would; the demo owner sees them on the dashboard,
 * follows the to-do link, works the chart (range, count, campaigns, distinct,
 * start date) and downloads its data as CSV. A user without the role
 * manage-campaigns gets a note instead of the statistics.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  api,
  chooseMerchant,
  merchantIdentOf,
  navigation,
  PIXEL_PNG,
  signInAt,
  signOut,
  test,
  type Envelope,
} from './fixtures';

const TIME_ZONE = 'Europe/Berlin';
const OWNER_MERCHANT = 'Bäckerei Sonnenschein GmbH';

interface Dashboard {
  campaigns: { type: string; status: string; count: number; sweeptotal: number }[];
  users: Record<string, number>;
  todo_wins: { count: number; winner_app_url: string };
}

const pad = (value: number) => String(value).padStart(2, '0');
const count = (value: number) => new Intl.NumberFormat('de-DE').format(value);
const euro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Today in the server's time zone, where days, weeks and months are counted. */
function today(): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Noon (UTC) on the first day of the month `back` months before this one. */
function monthStart(back: number): Date {
  const { year, month } = today();
  return new Date(Date.UTC(year, month - 1 - back, 1, 12));
}
const monthLabel = (date: Date) => `${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
const isoDay = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const dayLabel = (date: Date) =>
  `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;

function mondayOfThisWeek(): Date {
  const { year, month, day } = today();
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date;
}

async function ingest(request: APIRequestContext, key: string, events: object[]) {
  return request.post('/api/ingest/events', { headers: { 'x-api-key': key }, data: { events } });
}

/** Creates a campaign of the owner's merchant, running from four months ago. */
async function createCampaign(
  page: Page,
  merchant: string,
  type: string,
  content: Record<string, unknown>,
): Promise<string> {
  const { campaign } = await api<{ campaign: { uuid: string } }>(page, 'POST', '/campaigns', {
    merchant,
    type,
  });
  await api(page, 'POST', `/campaigns/${campaign.uuid}`, {
    valid_from: monthStart(4).toISOString(),
    valid_until: new Date(Date.now() + 60 * 24 * 3600_000).toISOString(),
    ...content,
  });
  return campaign.uuid;
}

/**
 * Creates a complete campaign of the merchant, submits and approves it (the
 * caller is an admin): the consumer app's events are taken for published
 * campaigns only.
 */
async function publishCampaign(
  page: Page,
  merchant: string,
  type: string,
  content: Record<string, unknown>,
): Promise<string> {
  const uuid = await createCampaign(page, merchant, type, {
    short_description: { de: 'Mitmachen lohnt sich' },
    description: { de: 'Herbstzeit ist Kuchenzeit bei der Bäckerei Sonnenschein. '.repeat(5) },
    ...content,
  });
  await api(page, 'POST', `/campaigns/${uuid}/image`, undefined, {
    upload: { name: 'bild.png', mimeType: 'image/png', buffer: PIXEL_PNG },
  });
  await api(page, 'POST', `/campaigns/${uuid}/submit`);
  const approved = await api<Envelope>(page, 'POST', `/campaigns/${uuid}/approve`);
  expect(approved.campaign.current_status).toBe('approved');
  return uuid;
}

/** Creates an API key on the admin screen and reads its secret from the once-only modal. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel('Name des neuen Schlüssels').fill(name);
  await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();
  const modal = page.getByRole('dialog', { name: `Neuer API-Schlüssel „${name}“` });
  await expect(modal).toContainText('Er wird nicht noch einmal angezeigt');
  const secret = (await modal.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(20);
  await modal.getByRole('button', { name: 'Fertig' }).click();
  await expect(modal).toBeHidden();
  return secret;
}

function keyRow(page: Page, name: string) {
  return page.getByTestId('api-key-row').filter({ hasText: name });
}

test('admin keys feed the owner’s dashboard and chart; the chart’s data downloads as CSV', async ({
  page,
  request,
}) => {
  // A whole journey through two accounts, an admin screen, the API and the chart.
  test.slow();
  const run = Date.now();

  // The admin creates a key for the consumer app, and one that is revoked again.
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'Sonnen', OWNER_MERCHANT);
  await navigation(page).getByRole('link', { name: 'API-Schlüssel' }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'API-Schlüssel', level: 1 })).toBeVisible();
  const keyName = `E2E Consumer-App ${run}`;
  const secret = await createKey(page, keyName);
  const row = keyRow(page, keyName);
  await expect(row).toContainText('admin@example.com');
  await expect(row).toContainText('noch nie');
  const prefix = (await row.locator('code').textContent()) ?? '';
  expect(prefix.length).toBeGreaterThan(3);
  expect(secret.startsWith(prefix)).toBe(true);
  // The list never shows a secret again.
  await expect(page.getByText(secret)).toHaveCount(0);

  const oldName = `E2E alt ${run}`;
  const oldSecret = await createKey(page, oldName);
  await page.getByRole('button', { name: `Schlüssel ${oldName} widerrufen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Schlüssel widerrufen' });
  await expect(confirm).toContainText(`„${oldName}“`);
  await confirm.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(keyRow(page, oldName)).toContainText('Widerrufen am');
  await expect(keyRow(page, oldName).getByRole('button')).toHaveCount(0);

  // The owner's campaigns the consumer app reports on, published by the admin: a sweepstake
  // (title a spreadsheet would run) and a coupon.
  const sweepTitle = `=E2E Gewinnspiel ${run}`;
  const couponTitle = `E2E Gutschein ${run}`;
  const owned = await merchantIdentOf(page);
  const before = await api<Dashboard>(page, 'GET', `/merchants/${owned}/dashboard`);
  const sweepstake = await publishCampaign(page, owned, 'sweepstake/standard', {
    title: { de: sweepTitle },
    prizes: [{ count: 2, value: 2500, name: 'Kaffeemaschine', redemption: 'postal_delivery' }],
  });
  const coupon = await publishCampaign(page, owned, 'coupon/percent', {
    title: { de: couponTitle },
    benefit: { percent_discount: 20 },
    coupon: { redemption: 'offline', code_type: 'none' },
  });
  await signOut(page);

  // The owner's own drafts: eight more campaigns.
  await signInAt(page, '/', 'owner@example.com');
  await expect(page.getByText(`Sie handeln für den Händler ${OWNER_MERCHANT}.`)).toBeVisible();
  const merchant = await merchantIdentOf(page);
  expect(merchant).toBe(owned);
  const fillers: string[] = [];
  for (let index = 1; index <= 8; index += 1) {
    const title = `E2E Füller ${index} ${run}`;
    await createCampaign(page, merchant, 'coupon/percent', { title: { de: title } });
    fillers.push(title);
  }

  // The consumer app reports: a revoked key is refused, the new one is taken.
  const person = (name: string) => `e2e-${run}-${name}`;
  const participation = (campaign: string, who: string, at: Date, profile?: object) => ({
    id: randomUUID(),
    type: 'participation',
    campaign,
    participant: person(who),
    occurred_at: at.toISOString(),
    ...(profile ? { profile } : {}),
  });
  const view = (type: string) => ({
    id: randomUUID(),
    type,
    campaign: sweepstake,
    occurred_at: new Date().toISOString(),
  });
  const now = new Date();
  const kidBorn = today().year - 4;
  const events = [
    participation(sweepstake, 'anna', monthStart(2)),
    participation(sweepstake, 'carl', monthStart(1), {
      gender: 'female',
      birth_year: 1988,
      kids: [{ gender: 'male', birth_year: kidBorn }],
    }),
    participation(sweepstake, 'anna', now),
    participation(sweepstake, 'bert', now),
    participation(sweepstake, 'bert', now),
    participation(coupon, 'dora', now),
    view('view_list'),
    view('view_list'),
    view('view_detail'),
    view('view_mail'),
  ];
  expect((await ingest(request, oldSecret, events)).status()).toBe(401);
  const sent = await ingest(request, secret, events);
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: events.length, duplicates: 0, rejected: [] });

  // The statistics count a batch a moment after its answer (the fold).
  let after = before;
  const delta = (figure: string) => (after.users[figure] ?? 0) - (before.users[figure] ?? 0);
  await expect
    .poll(async () => {
      after = await api<Dashboard>(page, 'GET', `/merchants/${merchant}/dashboard`);
      return delta('total_participations');
    })
    .toBe(6);
  expect(delta('total_participations')).toBe(6);
  expect(delta('total_user_participations')).toBe(4);
  expect(delta('total')).toBe(4);
  // Bert and Dora took part for the first time today; Anna and Carl in earlier months.
  expect(delta('day')).toBe(2);
  expect(delta('total_list_views')).toBe(2);
  expect(delta('total_detail_views')).toBe(1);
  expect(delta('total_mail_views')).toBe(1);
  const createdSweepstakes = after.campaigns.find(
    (entry) => entry.type === 'sweepstake/standard' && entry.status === 'created',
  );
  // The new sweepstake's prizes, approved or already active by now.
  const publishedSweeptotal = (dashboard: Dashboard) =>
    dashboard.campaigns
      .filter(
        (entry) =>
          entry.type === 'sweepstake/standard' && ['approved', 'active'].includes(entry.status),
      )
      .reduce((sum, entry) => sum + entry.sweeptotal, 0);
  expect(publishedSweeptotal(after) - publishedSweeptotal(before)).toBe(5000);

  // The dashboard shows the server's numbers, the German way.
  await page.reload();
  const figure = (name: string) => page.locator(`[data-figure="${name}"] td`);
  for (const name of Object.keys(after.users)) {
    await expect(figure(name)).toHaveText(count(after.users[name] ?? 0));
  }
  const sweepstakes = page.getByRole('table', { name: 'Gewinnspiele' });
  const createdRow = sweepstakes.locator('[data-status="created"]');
  await expect(createdRow).toContainText(count(createdSweepstakes?.count ?? 0));
  await expect(createdRow.locator('td').last()).toHaveText(
    euro(createdSweepstakes?.sweeptotal ?? 0),
  );
  const unsubmitted = after.campaigns
    .filter((entry) => entry.status === 'created')
    .reduce((sum, entry) => sum + entry.count, 0);
  const todo = page.getByRole('table', { name: 'Zu erledigen' });
  await expect(todo.getByRole('row', { name: /Nicht eingereichte Kampagnen/ })).toContainText(
    count(unsubmitted),
  );
  await expect(
    todo.getByRole('link', { name: /Offene Gewinne in der Gewinner-App/ }),
  ).toHaveAttribute('href', after.todo_wins.winner_app_url);
  await expect(
    page
      .getByRole('table', { name: 'Gutscheine' })
      .getByRole('link', { name: 'Gutscheine im Status Angelegt anzeigen' }),
  ).toHaveAttribute('href', `/${merchant}/campaigns/list?filter_status=created&filter_type=coupon`);

  // The to-do link opens the list filtered on created.
  await todo.getByRole('link', { name: 'Nicht eingereichte Kampagnen' }).click();
  await expect(page).toHaveURL(`/${merchant}/campaigns/list?filter_status=created`);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('created');
  await expect(page.getByTestId('campaign-row').first()).toBeVisible();
  expect(new Set(await page.getByTestId('status').allTextContents())).toEqual(
    new Set(['Angelegt']),
  );
  await page.goBack();

  // The chart: every /stats request is recorded to check what was (not) asked.
  const statsRequests: URL[] = [];
  page.on('request', (sentRequest) => {
    const url = new URL(sentRequest.url());
    if (url.pathname.endsWith(`/merchants/${merchant}/stats`)) statsRequests.push(url);
  });
  await page.getByTestId('participation-stats').scrollIntoViewIfNeeded();
  const stats = page.getByRole('region', { name: 'Teilnahmen im Zeitverlauf' });
  const table = page.getByRole('table', { name: 'Teilnahmen je Zeitraum' });
  const chart = page.getByTestId('participation-chart');
  const bodyRows = table.locator('tbody tr');
  // Twelve months by default, ending with this one; the merchant's total as one line.
  await expect(bodyRows).toHaveCount(12);
  await expect(bodyRows.last().locator('th')).toHaveText(monthLabel(monthStart(0)));
  await expect(stats.getByRole('button', { name: 'Beginn', exact: true })).toHaveText(
    dayLabel(monthStart(11)),
  );
  await expect(chart.locator('.recharts-line')).toHaveCount(1);
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(12);
  await expect(chart).toContainText(OWNER_MERCHANT);

  const countInput = stats.getByRole('textbox', { name: 'Anzahl Zeiträume' });
  await countInput.fill('31');
  await expect(stats.getByText('Bitte eine ganze Zahl von 1 bis 30 angeben')).toBeVisible();
  await countInput.fill('3');
  await expect(stats.getByText('Bitte eine ganze Zahl von 1 bis 30 angeben')).toBeHidden();
  await expect(bodyRows).toHaveCount(3);
  await expect(bodyRows.locator('th')).toHaveText(
    [2, 1, 0].map((back) => monthLabel(monthStart(back))),
  );
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(3);

  await stats.getByLabel('Zeitraum', { exact: true }).selectOption('week');
  await expect(bodyRows.last().locator('th')).toHaveText(dayLabel(mondayOfThisWeek()));
  await expect(bodyRows.locator('th').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  await stats.getByLabel('Zeitraum', { exact: true }).selectOption('year');
  await expect(bodyRows.last().locator('th')).toHaveText(String(today().year));
  await stats.getByLabel('Zeitraum', { exact: true }).selectOption('month');
  await expect(bodyRows.last().locator('th')).toHaveText(monthLabel(monthStart(0)));

  // Ten campaigns are one too many: the control says so and nothing is asked.
  const campaignInput = stats.getByRole('combobox', { name: 'Kampagnen' });
  await campaignInput.click();
  for (const title of [sweepTitle, couponTitle, ...fillers]) {
    await page.getByRole('option', { name: title, exact: true }).click();
  }
  await expect(stats.getByText('Bitte höchstens 9 Kampagnen auswählen')).toBeVisible();
  // Backspace takes the last choices off again: the eight fillers.
  for (let removed = 0; removed < fillers.length; removed += 1) {
    await campaignInput.press('Backspace');
  }
  await expect(stats.getByText('Bitte höchstens 9 Kampagnen auswählen')).toBeHidden();
  await page.keyboard.press('Escape');

  // Two campaigns: two lines, each with its own values.
  await expect(table.locator('thead th')).toHaveText(['Zeitraum', sweepTitle, couponTitle]);
  const values = () => bodyRows.evaluateAll((rows) => rows.map((row) => row.textContent));
  const rowText = (back: number, ...numbers: number[]) =>
    `${monthLabel(monthStart(back))}${numbers.join('')}`;
  await expect.poll(values).toEqual([rowText(2, 1, 0), rowText(1, 1, 0), rowText(0, 3, 1)]);
  await expect(chart.locator('.recharts-line')).toHaveCount(2);
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(6);
  await expect(chart).toContainText(couponTitle);

  // Distinct: Anna's and Bert's second participations are not counted again.
  await stats
    .getByRole('switch', { name: 'Jeden Teilnehmer je Kampagne nur einmal zählen' })
    .check();
  await expect.poll(values).toEqual([rowText(2, 1, 0), rowText(1, 1, 0), rowText(0, 1, 1)]);

  // Another start, picked in the German calendar (weeks from Monday): three months from then.
  const pickedStart = monthStart(3);
  await stats.getByRole('button', { name: 'Beginn', exact: true }).click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.locator('thead th').first()).toHaveText('Mo');
  await calendar.getByRole('button', { name: 'Vorheriger Monat' }).click();
  await calendar.getByRole('button', { name: dayLabel(pickedStart), exact: true }).click();
  await expect(stats.getByRole('button', { name: 'Beginn', exact: true })).toHaveText(
    dayLabel(pickedStart),
  );
  await expect.poll(values).toEqual([rowText(3, 0, 0), rowText(2, 1, 0), rowText(1, 1, 0)]);

  // Carl's profile: his four-year-old son in the kid statistics.
  await expect(
    page.getByRole('table', { name: 'Jüngstes Kind nach Geschlecht und Alter' }).getByRole('row', {
      name: 'männlich 4 Jahre 1',
    }),
  ).toBeVisible();
  // The pie chart loads when its place scrolls into view.
  await page.getByRole('region', { name: 'Kinder nach Alter' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('figure', { name: 'Kinder nach Alter' })).toBeVisible();

  // The CSV: what the chart shows, with the formula-like title neutralised.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    stats.getByRole('button', { name: 'CSV herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `teilnahmen-baeckerei-sonnenschein-gmbh-${isoDay(pickedStart)}.csv`,
  );
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')).toEqual([
    `\ufeffZeitraum;"'${sweepTitle}";${couponTitle}`,
    `${monthLabel(monthStart(3))};0;0`,
    `${monthLabel(monthStart(2))};1;0`,
    `${monthLabel(monthStart(1))};1;0`,
  ]);

  // Nothing invalid ever reached the server.
  expect(statsRequests.length).toBeGreaterThan(0);
  for (const url of statsRequests) {
    const asked = Number(url.searchParams.get('count'));
    expect(asked >= 1 && asked <= 30, url.search).toBe(true);
    expect((url.searchParams.get('campaigns') ?? '').split(',').length).toBeLessThanOrEqual(9);
  }
});

test('without the role manage-campaigns a note replaces the statistics; API keys are for admins', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  const merchant = await merchantIdentOf(page);
  const { rows } = await api<{ rows: { id: string; email: string }[] }>(
    page,
    'GET',
    `/merchants/${merchant}/accounts`,
  );
  const staff = rows.find((row) => row.email === 'staff@example.com');
  expect(staff).toBeDefined();
  // Owner's calls go through the signed-in page (logout ends a session's tokens).
  const setStaffRoles = async (roles: string[]) => {
    await api(page, 'POST', `/merchants/${merchant}/accounts/${staff?.id}`, { roles });
  };
  await setStaffRoles(['contact']);
  try {
    await signOut(page);
    await signInAt(page, '/', 'staff@example.com');
    await expect(page.getByText(`Sie handeln für den Händler ${OWNER_MERCHANT}.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Keine Statistik für Sie' })).toBeVisible();
    await expect(page.getByText('Rolle „Kampagnen verwalten“')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByTestId('alert-error')).toHaveCount(0);

    // The API keys are the admins' alone.
    await expect(navigation(page).getByRole('link', { name: 'API-Schlüssel' })).toHaveCount(0);
    await page.goto('/api-keys');
    await expect(page).toHaveURL(/\/please-upgrade\?for=admin$/);
  } finally {
    await signOut(page);
    await signInAt(page, '/', 'owner@example.com');
    await setStaffRoles(['manage-campaigns']);
  }
});
