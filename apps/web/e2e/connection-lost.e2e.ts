import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../server/test/tcp-proxy.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Issues 33 and 37: while the server cannot be reached, or answers that its database is away, the
// app says so in a calm banner at the top of the frame, keeps what it shows, shows no error screen,
// and comes back by itself once the server does. A save that fails says nothing was saved and keeps
// what was typed.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The banner's live message (empty while the server answers). */
const bannerMessage = (page: Page) => page.getByTestId('connection-banner').getByRole('status').textContent();

/** Nothing of the error screen, nor the browser's own text for a failed download of a page's code. */
async function expectNoErrorScreen(page: Page) {
  expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  expect(await page.locator('body').textContent()).not.toMatch(/Failed to fetch|dynamically imported module|Network error/);
}

/**
 * The page's problems, less the requests that failed because the test stopped the server or its
 * database: any connection-level failure (refused, reset, closed while the server shut down, an
 * empty answer) and the 503 of a server whose database is away.
 */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !/net::ERR_(CONNECTION_[A-Z_]+|EMPTY_RESPONSE|SOCKET_NOT_CONNECTED)|status of 503/.test(problem));

const rows = (page: Page) => page.getByRole('table').locator('[data-row]');

test('the server stops: the banner says it cannot be reached, the page keeps its rows, a page opened meanwhile and a search come by themselves once it is back', async () => {
  const server: RunningServer = await startServer();
  try {
    const admin = await seedAdmin(server.baseUrl);
    await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+447400123456', firstName: 'Grace', lastName: 'Hopper' }, admin.token);
    await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+447400123457', firstName: 'Alan', lastName: 'Turing' }, admin.token);
    await api(server.baseUrl, 'POST', '/api/campaigns', { name: 'Spring sale', body: 'Hello' }, admin.token);

    const { context, page, problems } = await openPage(browser, server.baseUrl);
    await useSession(context, admin);
    await page.goto('/contacts');
    await eventually(() => rows(page).count()).toBe(2);
    expect(await bannerMessage(page)).toBe('');

    await server.halt();
    // A search asks the server: nothing answers.
    await page.getByLabel('Search contacts').fill('Grace');
    // The search is in the URL once its debounce has passed (the banner may come first, from the
    // live-event stream dropping; leaving before the debounce would drop the search).
    await eventually(() => new URL(page.url()).searchParams.get('search')).toBe('Grace');
    await eventually(() => bannerMessage(page)).toBe('Cannot reach the server. Retrying…');
    await eventually(() => page.getByTestId('connection-banner').textContent()).toMatch(/Next try at \d/);
    // The rows it had stay, with no error and no claim that nothing matches.
    expect(await rows(page).count()).toBe(2);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('contacts-empty').count()).toBe(0);

    // A page whose code has not been downloaded yet: the frame stays, no error screen.
    await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForTimeout(3000);
    await expectNoErrorScreen(page);
    expect(await bannerMessage(page)).toBe('Cannot reach the server. Retrying…');
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Contacts' }).count()).toBeGreaterThan(0);

    await server.resume();
    // No reload, no click: the page's code and its data arrive, and the banner goes.
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Campaigns');
    await eventually(() => page.getByRole('row', { name: /Spring sale/ }).count()).toBe(1);
    await eventually(() => bannerMessage(page)).toBe('');
    await expectNoErrorScreen(page);

    // And the search made while it was away.
    await page.goBack();
    await eventually(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Grace');
    expect(unexpected(problems), problems.join('\n')).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
  }
});

test("the database goes away: 503 DATABASE_UNAVAILABLE shows 'Reconnecting', a save says nothing was saved and keeps the typing, the list comes back by itself", async () => {
  // A real server on PostgreSQL reached through a TCP proxy the test can cut (a database restart).
  const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `sms_e2e_connection_${randomBytes(4).toString('hex')}`;
  const databaseAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await databaseAdmin(`create database ${name}`);
  const target = new URL(adminUrl);
  let proxy: TcpProxy | undefined;
  let server: RunningServer | undefined;
  try {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(adminUrl);
    proxied.port = String(proxy.port);
    proxied.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: proxied.toString() });
    const admin: Session = await seedAdmin(server.baseUrl);
    const { contact } = await api<{ contact: { id: string } }>(
      server.baseUrl,
      'POST',
      '/api/contacts',
      { phone: '+447400123456', firstName: 'Grace', lastName: 'Hopper' },
      admin.token,
    );

    const { context, page, problems } = await openPage(browser, server.baseUrl);
    await useSession(context, admin);
    await page.goto(`/contacts/${contact.id}/edit`);
    await eventually(() => page.getByLabel('Last name').inputValue()).toBe('Hopper');
    await page.getByLabel('Last name').fill('Hopper-Murray');

    await proxy.down();
    await page.getByRole('button', { name: 'Save' }).click();
    const notSaved = page.getByRole('alert').filter({ hasText: 'The server is reconnecting; nothing was saved. Try again in a moment.' });
    await eventually(() => notSaved.count()).toBe(1);
    expect(await page.getByLabel('Last name').inputValue()).toBe('Hopper-Murray');
    expect(new URL(page.url()).pathname).toBe(`/contacts/${contact.id}/edit`);
    await eventually(() => bannerMessage(page)).toBe('Reconnecting to the server…');
    expect(await page.locator('body').textContent()).not.toContain('DATABASE_UNAVAILABLE');

    // The list, opened while the database is away: loading under the banner, no error, not "empty".
    await page.getByRole('navigation').getByRole('link', { name: 'Contacts' }).first().click();
    await page.waitForURL((url) => url.pathname === '/contacts');
    await page.waitForTimeout(3000);
    await expectNoErrorScreen(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('contacts-empty').count()).toBe(0);
    expect(await bannerMessage(page)).toBe('Reconnecting to the server…');

    await proxy.up();
    await eventually(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('Hopper');
    await eventually(() => bannerMessage(page)).toBe('');
    // Nothing was saved indeed.
    const stored = await api<{ contact: { lastName: string } }>(
      server.baseUrl,
      'GET',
      `/api/contacts/${contact.id}`,
      undefined,
      admin.token,
    );
    expect(stored.contact.lastName).toBe('Hopper');
    expect(unexpected(problems), problems.join('\n')).toEqual([]);
    await context.close();
  } finally {
    await server?.stop();
    await proxy?.close();
    await databaseAdmin(`drop database if exists ${name} with (force)`);
  }
});

test('a tab whose code is downloaded when first opened waits for the server too: the frame and the tabs stay, the tab shows once the server is back', async () => {
  const server: RunningServer = await startServer();
  try {
    const admin = await seedAdmin(server.baseUrl);
    const { context, page, problems } = await openPage(browser, server.baseUrl);
    await useSession(context, admin);
    await page.goto('/pages/account-settings?tab=profile');
    await eventually(() => page.getByRole('heading', { name: 'Personal details' }).count()).toBe(1);

    await server.halt();
    // The Sessions tab's code has not been downloaded yet: it cannot be while the server is away.
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await eventually(() => bannerMessage(page)).toBe('Cannot reach the server. Retrying…');
    await page.waitForTimeout(3000);
    await expectNoErrorScreen(page);
    expect(await page.getByRole('tab', { name: 'Profile' }).count()).toBe(1);
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Contacts' }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('sessions-panel').count()).toBe(0);

    await server.resume();
    // No reload, no click: the tab's code arrives and the banner goes.
    await eventually(() => page.getByTestId('sessions-panel').count()).toBe(1);
    await eventually(() => bannerMessage(page)).toBe('');
    await expectNoErrorScreen(page);
    expect(unexpected(problems), problems.join('\n')).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
  }
});
