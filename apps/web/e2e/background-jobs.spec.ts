/**
 * Background jobs: an admin sees a mail the mail server refused as a failed
 * job with its error, retries it once the server takes mail again, and the
 * job leaves the failed list; everyone else gets the admins-only page and
 * 403 from the API.
 *
 * The failed mail needs a mail server that refuses, which the shared e2e
 * server (its mails are .eml files in its outbox folder, which other
 * journeys read invitation links from) must not have. So this journey starts
 * a server of its own, the same script on a free port, with SMTP_URL at a
 * local SMTP server (smtp-server, the real protocol) run by the test and
 * MAIL_RETRY_LIMIT=0, so that a refused mail's job fails at its first
 * attempt. The mail is an invitation's, which goes into the outbox (the
 * 'mail' queue) with the invitation.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import {
  api,
  chooseMerchant,
  merchantIdentOf,
  navigation,
  signInAt,
  test,
  tokenOf,
} from './fixtures';
import { freePort, startServerProcess } from './fixtures/product-process';

/** A mail server that refuses every recipient while `refusing`, and keeps what it accepts. */
async function startSmtp() {
  const state = { refusing: true, received: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      let mail = '';
      stream.on('data', (chunk: Buffer) => (mail += chunk.toString('utf8')));
      stream.on('end', () => {
        state.received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { state, port, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** The e2e server script on its own port and database, with these settings on top. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  return startServerProcess(['scripts/e2e-server.mjs'], `http://localhost:${port}`, {
    ...env,
    E2E_PORT: String(port),
  });
}

/** A page in a browser of its own on `origin` (another server than the journeys' shared one). */
async function pageOn(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'de-DE',
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

const failedJobs = (page: Page) =>
  page.getByRole('table', { name: 'Fehlgeschlagene Hintergrundaufgaben' });
const queues = (page: Page) =>
  page.getByRole('table', { name: 'Warteschlangen der Hintergrundaufgaben' });

test('an admin sees a refused mail as a failed job with its error and retries it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const smtp = await startSmtp();
  const server = await startServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_RETRY_LIMIT: '0',
  });
  try {
    const page = await pageOn(browser, server.origin);
    await signInAt(page, '/', 'admin@example.com');
    await chooseMerchant(page, 'Sonnen', 'Bäckerei Sonnenschein GmbH');
    await navigation(page).getByRole('link', { name: 'Hintergrundaufgaben' }).click();
    await expect(page).toHaveURL(/\/background-jobs$/);
    await expect(
      page.getByRole('heading', { name: 'Hintergrundaufgaben', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Keine fehlgeschlagenen Aufgaben.')).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: test.info().outputPath('none-failed-1440.png'), fullPage: true });

    // An invitation's mail, which the mail server refuses.
    const invited = `eingeladen-${randomUUID().slice(0, 8)}@example.com`;
    await api(page, 'POST', `/merchants/${await merchantIdentOf(page)}/invite-account`, {
      user_email: invited,
      roles: [],
    });
    const row = failedJobs(page).getByRole('row').filter({ hasText: 'E-Mails' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Aktualisieren' }).click();
      await expect(row).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText('550 Mailbox unavailable');
    // The mail's content (its registration link) is not shown.
    await expect(page.getByText(/register\?token=/)).toHaveCount(0);
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    const mailQueue = queues(page).getByRole('row').filter({ hasText: 'E-Mails' });
    await expect(
      mailQueue.getByRole('button', { name: /fehlgeschlagene Aufgabe von E-Mails/ }),
    ).toHaveText('1 erneut versuchen');
    // The tables with their retry buttons pass axe too (the accessibility journey sees none failed).
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const blocking = axe.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(blocking.map((violation) => violation.id)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath('failed-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('failed-1280.png'), fullPage: true });

    // The mail server takes mail again: the retried job delivers the invitation.
    smtp.state.refusing = false;
    await row.getByRole('button', { name: /^E-Mails-Aufgabe vom .* erneut versuchen$/ }).click();
    await expect(page.getByText('1 Aufgabe von E-Mails wird erneut versucht')).toBeVisible();
    await expect(page.getByText('Keine fehlgeschlagenen Aufgaben.')).toBeVisible();
    await expect(failedJobs(page)).toHaveCount(0);
    await expect
      .poll(() => smtp.state.received.filter((mail) => mail.includes(invited)).length)
      .toBe(1);
    // The invitation itself, its link unbroken (quoted-printable's soft line breaks undone).
    const mail = smtp.state.received.find((received) => received.includes(invited)) ?? '';
    expect(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(
      /\/identity\/register\?token=[A-Za-z0-9_%-]+/,
    );
    // Done: the queue counts it among the last 24 hours' and no longer as failed.
    await expect(async () => {
      await page.getByRole('button', { name: 'Aktualisieren' }).click();
      await expect(mailQueue.getByRole('cell').nth(4)).toHaveText('1', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(mailQueue.getByRole('cell').nth(3)).toHaveText('0');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath('none-failed-1280.png'), fullPage: true });
    await page.context().close();
  } finally {
    await server.stop();
    await smtp.close();
  }
});

test('others get the admins-only page, and 403 from the API', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  await expect(navigation(page).getByRole('link', { name: 'Hintergrundaufgaben' })).toHaveCount(0);
  await page.goto('/background-jobs');
  await expect(page).toHaveURL(/\/please-upgrade\?for=admin$/);
  await expect(
    page.getByRole('heading', { name: 'Nur für Administratoren', level: 1 }),
  ).toBeVisible();
  const token = await tokenOf(page);
  for (const [method, url] of [
    ['GET', '/api/admin/jobs'],
    ['POST', '/api/admin/jobs/mail/retry'],
    ['POST', `/api/admin/jobs/mail/${randomUUID()}/retry`],
  ] as const) {
    const response = await page.request.fetch(url, {
      method,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), `${method} ${url}`).toBe(403);
    expect(response.headers()['content-type']).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 403, message: 'forbidden' });
  }
});
