import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPglite } from '../../server/src/db/pglite.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Configurations -> Developers, for an integrator's upkeep (issue 38): an administrator rotates an
// API key (the new secret shown once; the old one keeps working through the overlap) and narrows
// its scopes, and turns on again a webhook that was turned off after a day of failures, whose
// held events then arrive.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let receiver: Server;
const received: string[] = [];

beforeAll(async () => {
  server = await startServer({ ALLOW_PRIVATE_WEBHOOK_URLS: 'true' });
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const callV1 = (secret: string) => fetch(`${server.baseUrl}/api/v1/messages`, { headers: { authorization: `Bearer ${secret}` } });

test('an administrator rotates an API key (new secret once, old one still working) and narrows its scopes', async () => {
  const created = await api<{ secret: string }>(
    server.baseUrl,
    'POST',
    '/api/api-keys',
    { name: 'Booking system', scopes: ['messages:read', 'messages:send'] },
    admin.token,
  );
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=developers');
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Booking system' });
  await row.waitFor();

  await row.getByRole('button', { name: 'Rotate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate the secret of Booking system?' });
  await confirm.getByText(/keeps working for 24 hours/).waitFor();
  await confirm.getByRole('button', { name: 'Rotate' }).click();
  await confirm.waitFor({ state: 'hidden' });
  const shown = page.getByTestId('api-key-secret');
  await shown.getByRole('button', { name: 'Copy' }).waitFor();
  const secret = (await shown.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^smsk_/);
  expect(secret).not.toBe(created.secret);
  await row.getByTestId('api-key-overlap').waitFor();
  // Both work during the overlap.
  expect((await callV1(secret)).status).toBe(200);
  expect((await callV1(created.secret)).status).toBe(200);

  await row.getByRole('button', { name: 'Scopes' }).click();
  const scopes = page.getByRole('dialog', { name: 'Scopes of Booking system' });
  await scopes.getByRole('checkbox', { name: 'Read messages' }).uncheck();
  await scopes.getByRole('button', { name: 'Save' }).click();
  await scopes.waitFor({ state: 'hidden' });
  await eventually(() => row.getByText('Read messages').count()).toBe(0);
  // From the key's next request.
  expect((await callV1(secret)).status).toBe(403);

  // Shown once: gone after a reload.
  await page.reload();
  await row.waitFor();
  expect(await page.getByTestId('api-key-secret').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('an administrator turns on again a webhook turned off after a day of failures, and its held events arrive', async () => {
  const { port } = receiver.address() as { port: number };
  const { webhook } = await api<{ webhook: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/webhooks',
    { url: `http://127.0.0.1:${port}/hook`, events: ['message.status'], description: 'CRM sync' },
    admin.token,
  );
  // A day of failures, as the deliverer leaves it: the endpoint off, its pending event held.
  // Written into the stopped server's database (the clock of a day cannot be waited for).
  await server.halt();
  const database = await openPglite({ dataDir: join(server.dataDir, 'pglite') });
  try {
    await database.db.execute(sql`update webhook_endpoints set active = false, failing_since = now() - interval '25 hours',
      disabled_at = now(), disabled_reason = 'FAILING_FOR_24_HOURS' where id = ${webhook.id}`);
    await database.db.execute(sql`insert into webhook_deliveries (endpoint_id, event_type, data, status, attempts, halted, last_error)
      values (${webhook.id}, 'message.status', '{"id":"held-event"}'::jsonb, 'failed', 12, true, 'endpoint disabled')`);
  } finally {
    await database.close();
  }
  await server.resume();

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/configurations?tab=developers');
  const row = page.getByTestId('webhook-row').filter({ hasText: 'CRM sync' });
  const notice = row.getByTestId('webhook-disabled');
  await notice.getByText(/every delivery failed for 24 hours/).waitFor();
  expect(received).toEqual([]);
  await notice.getByRole('button', { name: 'Turn on again' }).click();
  await notice.waitFor({ state: 'hidden' });
  await eventually(() => received.some((body) => body.includes('held-event'))).toBe(true);
  await row.getByRole('button', { name: 'Deliveries' }).click();
  await row.getByText('Delivered').waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
