// The README's screenshots (issue 18): `npm run screenshots` starts the real server on a fresh
// database, seeds a small realistic demo through the API (contacts in four groups, a campaign
// sent on the simulator gateway that replies), and saves the dashboard, the composer and the
// tag1 report in light and dark at 1366x768 to docs/screenshots/, re-encoded as palette PNGs.
// Not a test: `npm test` never runs it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

const OUT = new URL('../../../docs/screenshots/', import.meta.url).pathname;
const VIEWPORT = { width: 1366, height: 768 };
const SIMULATOR_ID = '00000000-0000-4000-8000-000000000001';
const GROUPS = ['North', 'South', 'East', 'West'];
const FIRST = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Mia', 'Leo', 'Grace', 'Arthur', 'Freya', 'Oscar', 'Lily', 'Harry'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker'];

/** Polls `check` until it answers a value. */
async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Contacts in four groups, a simulator that answers most messages, and one sent campaign with its replies. */
async function seedDemo(server: RunningServer, admin: Session): Promise<string> {
  const call = <T>(method: string, path: string, body?: unknown) => api<T>(server.baseUrl, method, path, body, admin.token);
  const { gateway } = await call<{ gateway: { config: Record<string, unknown> } }>('GET', `/api/gateways/${SIMULATOR_ID}`);
  const config = {
    ...gateway.config,
    acceptPerSecond: 200,
    receiptDelayMinMs: 100,
    receiptDelayMaxMs: 800,
    failureRate: 0.03,
    undeliveredRate: 0.05,
    replyRate: 0.55,
    replyDelayMinMs: 300,
    replyDelayMaxMs: 2500,
    replyTexts: ['YES', 'Yes please', 'Yes!', 'NO', 'No thanks', 'MAYBE', 'STOP'],
  };
  await call('PUT', `/api/gateways/${SIMULATOR_ID}`, { config });
  // A named organisation and a team: the dashboard's getting-started list is then done and shows the figures.
  await call('PUT', '/api/brand-settings', { appName: 'Northfield Community Centre' });
  await call('POST', '/api/users/register', {
    name: 'Maya Manager',
    email: 'maya@example.org',
    password: 'Correct-Horse-42',
    role: 'manager',
  });
  for (let i = 0; i < 84; i++) {
    const firstName = FIRST[i % FIRST.length];
    const lastName = LAST[(i * 7) % LAST.length];
    const phone = `+4479111${String(23400 + i).padStart(5, '0')}`;
    await call('POST', '/api/contacts', { phone, firstName, lastName, tag1: GROUPS[(i * 5) % GROUPS.length] });
  }
  const { campaign } = await call<{ campaign: { id: string } }>('POST', '/api/campaigns', {
    name: 'Spring open day',
    body: 'Hi {{first_name}}, our spring open day is on Saturday 10am-4pm. Reply YES to book a place, NO if you cannot make it.',
  });
  await call('POST', `/api/campaigns/${campaign.id}/launch`);
  await until(async () => {
    const { campaign: now } = await call<{ campaign: { status: string } }>('GET', `/api/campaigns/${campaign.id}`);
    return now.status === 'completed' ? true : undefined;
  }, 'the campaign to complete');
  // Replies arrive up to 2.5 s after delivery.
  await new Promise((resolve) => setTimeout(resolve, 4000));
  await call('POST', '/api/campaigns', { name: 'Summer fair reminder', body: 'Reminder: the summer fair opens on 21 June.' });
  return campaign.id;
}

/** Saves the page as a palette PNG (a few tens of KB instead of a few hundred). */
async function save(page: Page, name: string): Promise<number> {
  const raw = await page.screenshot({ type: 'png' });
  const small = await sharp(raw).png({ palette: true, quality: 85, effort: 10, compressionLevel: 9 }).toBuffer();
  writeFileSync(join(OUT, `${name}.png`), small);
  return small.length;
}

async function shoot(browser: Browser, server: RunningServer, admin: Session, campaignId: string, mode: 'light' | 'dark'): Promise<number> {
  const { context, page } = await openPage(browser, server.baseUrl);
  await page.setViewportSize(VIEWPORT);
  await context.addInitScript((value) => window.localStorage.setItem('mui-mode', value), mode);
  await useSession(context, admin);
  let bytes = 0;

  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(2500);
  bytes += await save(page, `dashboard-${mode}`);

  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill('Autumn newsletter');
  await page
    .getByTestId('campaign-body')
    .fill('Hi {{first_name}}, the autumn programme is out: talks, workshops and a family day. Reply INFO for details.');
  await page.getByTestId('estimate-cost').waitFor();
  await page.waitForTimeout(1500);
  bytes += await save(page, `composer-${mode}`);

  await page.goto(`/reports/tag1-grouped/${campaignId}`);
  await page.getByText('Replies by group (tag1)').first().waitFor();
  await page.waitForTimeout(2500);
  bytes += await save(page, `report-tag1-${mode}`);
  await context.close();
  return bytes;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const admin = await seedAdmin(server.baseUrl);
    const campaignId = await seedDemo(server, admin);
    let total = 0;
    for (const mode of ['light', 'dark'] as const) total += await shoot(browser, server, admin, campaignId, mode);
    console.log(`Saved 6 screenshots to docs/screenshots/ (${Math.round(total / 1024)} KB in all).`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
