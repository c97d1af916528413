/**
 * The manual winner draw: a sweepstake whose merchant draws by
 * hand ends; participants were reported through the ingest API; an admin
 * opens its overview, draws the winners and sees the draw's record (seed and
 * the participant list's hash, for an auditor) and the open wins.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import {
  api,
  chooseMerchant,
  type Envelope,
  merchantIdentOf,
  PIXEL_PNG,
  signInAt,
  test,
} from './fixtures';

const RUNTIME_LEFT_MS = 15_000;

test('an admin draws the winners of an ended sweepstake by hand', async ({ page, request }) => {
  test.slow();
  const run = Date.now();
  await signInAt(page, '/', 'admin@example.com');
  await chooseMerchant(page, 'Sonnen', 'Bäckerei Sonnenschein GmbH');
  const merchant = await merchantIdentOf(page);

  // A sweepstake with a manual draw whose runtime ends in a few seconds, approved.
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant,
    type: 'sweepstake/standard',
  });
  await api(page, 'POST', `/campaigns/${campaign.uuid}/image`, undefined, {
    upload: { name: 'bild.png', mimeType: 'image/png', buffer: PIXEL_PNG },
  });
  const endsAt = Date.now() + RUNTIME_LEFT_MS;
  const saved = await api<Envelope & { state: { errors: unknown[] } }>(
    page,
    'POST',
    `/campaigns/${campaign.uuid}`,
    {
      title: { de: `E2E Ziehung ${run}` },
      short_description: { de: 'Zwei Torten zu gewinnen' },
      description: { de: 'Mitmachen und mit etwas Glück eine Torte gewinnen. '.repeat(5) },
      prizes: [{ count: 2, value: 3000, name: 'Torte', redemption: 'store_pickup' }],
      manual_draw: true,
      valid_from: new Date(Date.now() - 24 * 3600_000).toISOString(),
      valid_until: new Date(endsAt).toISOString(),
    },
  );
  expect(saved.state.errors, 'a sweepstake without errors').toEqual([]);
  await api(page, 'POST', `/campaigns/${campaign.uuid}/submit`);
  const approved = await api<Envelope>(page, 'POST', `/campaigns/${campaign.uuid}/approve`);
  expect(approved.campaign.current_status).toBe('approved');

  // Five people take part, one of them twice.
  const { secret } = await api<{ secret: string }>(page, 'POST', '/admin/api-keys', {
    name: `E2E Ziehung ${run}`,
  });
  const events = ['a', 'b', 'c', 'd', 'e', 'a'].map((who) => ({
    id: randomUUID(),
    type: 'participation',
    campaign: campaign.uuid,
    participant: `draw-${run}-${who}`,
    occurred_at: new Date().toISOString(),
  }));
  const sent = await request.post('/api/ingest/events', {
    headers: { 'x-api-key': secret },
    data: { events },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // Before the end the draw waits; after it the admin draws on the overview.
  const overview = `/${merchant}/campaigns/sweepstake/${campaign.uuid}/review`;
  await page.goto(overview);
  const card = page.getByRole('region', { name: 'Gewinnerziehung' });
  await expect(card.getByRole('button', { name: 'Gewinner jetzt ziehen' })).toBeDisabled();
  await page.waitForTimeout(Math.max(0, endsAt - Date.now() + 500));
  await page.reload();
  const drawButton = card.getByRole('button', { name: 'Gewinner jetzt ziehen' });
  await expect(drawButton).toBeEnabled();
  await drawButton.click();
  await expect(page.getByTestId('alert-success')).toBeVisible();
  const record = card.getByTestId('winner-draw');
  await expect(record).toContainText('2 Gewinne unter 5 Teilnehmenden');
  await expect(record.locator('code').first()).toHaveText(/^[0-9a-f]{64}$/);
  await expect(drawButton).toHaveCount(0);

  // The record is what the server keeps: two distinct winners among the participants.
  const { draw } = await api<{
    draw: { seed: string; winners: { participant: string; status: string }[] };
  }>(page, 'GET', `/campaigns/${campaign.uuid}/draw`);
  expect(await record.locator('code').first().textContent()).toBe(draw.seed);
  const winners = draw.winners.map((winner) => winner.participant);
  expect(new Set(winners).size).toBe(2);
  for (const winner of winners) expect(winner).toMatch(new RegExp(`^draw-${run}-[a-e]$`));
  expect(draw.winners.every((winner) => winner.status === 'pending')).toBe(true);
});
