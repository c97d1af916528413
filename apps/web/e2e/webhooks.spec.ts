/**
 * Webhooks (docs/product.md#webhooks): a merchant owner opens the merchant's
 * Webhooks screen, registers an endpoint at a receiver of the test's own,
 * sees its secret once, sends a test and sees it delivered in the log; the
 * receiver got a message whose Standard Webhooks signature verifies with the
 * secret shown. (The e2e server allows private addresses for this receiver.)
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { merchantIdentOf, signInAt, test } from './fixtures';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on 127.0.0.1 at a free port that answers 200 and keeps what it got. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${String(port)}/hooks`, received };
}

test('a merchant owner registers a webhook, sees its secret once and gets a signed test delivered', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    await signInAt(page, '/', 'owner@example.com');
    const merchantIdent = await merchantIdentOf(page);
    // The merchant's screens lead there: its tabs show "Webhooks" to a manage-merchant user.
    await page.goto(`/${merchantIdent}/locations`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(`/${merchantIdent}/webhooks`);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Webhook hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook hinzufügen' });
    await dialog.getByRole('textbox', { name: /^URL/ }).fill(receiver.url);
    const description = `Empfänger ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill(description);
    await dialog.getByRole('checkbox', { name: /Kampagne freigegeben/ }).check();
    await dialog.getByRole('button', { name: 'Anlegen' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Secret des Webhooks' });
    await expect(secretDialog.getByText(/wird nicht noch einmal angezeigt/)).toBeVisible();
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Fertig' }).click();
    await expect(secretDialog).toBeHidden();

    const row = page.getByTestId('webhook-row').filter({ hasText: description });
    await expect(row.getByText('Aktiv')).toBeVisible();
    await expect(row.getByText('Kampagne freigegeben')).toBeVisible();
    await row.getByRole('link', { name: `Webhook ${description} öffnen` }).click();
    await expect(page.getByRole('heading', { name: description, level: 1 })).toBeVisible();
    // The secret is not shown again.
    await expect(page.getByText(secret)).toHaveCount(0);

    await page.getByRole('button', { name: 'Test senden' }).click();
    const delivery = page.getByTestId('delivery-row');
    await expect(delivery).toHaveCount(1);
    // The log is asked again while the delivery waits, until it is delivered.
    await expect(delivery.getByText('Zugestellt')).toBeVisible({ timeout: 20_000 });
    await expect(delivery.locator('[data-column="event"]')).toHaveText('Test');
    await expect(delivery.locator('[data-column="response"]')).toHaveText('200');
    await expect(delivery.locator('[data-column="attempts"]')).toHaveText('1');

    expect(receiver.received).toHaveLength(1);
    const [message] = receiver.received;
    const headers = {
      'webhook-id': String(message?.headers['webhook-id']),
      'webhook-timestamp': String(message?.headers['webhook-timestamp']),
      'webhook-signature': String(message?.headers['webhook-signature']),
    };
    const payload = new Webhook(secret).verify(message?.body ?? '', headers) as { type: string };
    expect(payload.type).toBe('webhook.test');
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_' + Buffer.from('another secret').toString('base64')).verify(
        message?.body ?? '',
        headers,
      ),
    ).toThrow();

    // The payload as sent, from the log.
    await delivery.getByRole('button', { name: /^Inhalt der Zustellung/ }).click();
    await expect(page.getByTestId('delivery-payload')).toContainText('"type": "webhook.test"');
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
