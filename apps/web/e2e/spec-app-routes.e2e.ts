import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// Issue 35: every app route the specification lists is a real screen for a signed-in admin (they
// went to /auth/404 before), with a heading of its own and no serious accessibility violation.
const APP_ROUTES = [
  '/apps/chats',
  '/apps/notes',
  '/apps/calendar',
  '/apps/email',
  '/apps/tickets',
  '/apps/contacts',
  '/apps/kanban',
  '/apps/followers',
  '/apps/friends',
  '/apps/gallery',
  '/apps/invoice/list',
  '/apps/invoice/create',
  // Numbers and sender IDs (decision 108); the detail of one sender is added once one exists.
  '/apps/ecommerce/shop',
  '/apps/ecommerce/eco-product-list',
  '/apps/ecommerce/eco-checkout',
  '/apps/ecommerce/add-product',
  '/apps/ecommerce/edit-product',
  // Usage and spend (decision 109).
  '/dashboards/ecommerce',
];

let server: RunningServer;
let browser: Browser;
let admin: Session;
/** The routes above plus a statement's detail and edit pages (decision 110) and a sender's page (decision 108), which need one. */
let routes: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  const month = new Date().toISOString().slice(0, 7);
  const { statement } = await api<{ statement: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/statements',
    { month, scope: 'organisation' },
    admin.token,
  );
  routes = [...APP_ROUTES, `/apps/invoice/detail/${statement.id}`, `/apps/invoice/edit/${statement.id}`];
  const { sender } = await api<{ sender: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/senders',
    { kind: 'alphanumeric', value: 'Clinic' },
    admin.token,
  );
  routes.push(`/apps/ecommerce/detail/${sender.id}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('every app route of the specification opens a real screen for an admin: no /auth/404, a heading, axe clean', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const headings = new Map<string, string>();
  for (const route of routes) {
    await page.goto(route);
    await eventually(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname, route).toBe(route);
    const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
    expect(heading, route).not.toMatch(/not found|404/i);
    headings.set(route, heading);
    expect(await seriousViolations(page), route).toEqual([]);
  }
  // Each is its own screen (/apps/contacts is the contacts list itself, by the product's decision).
  const distinct = new Set([...headings.entries()].filter(([route]) => route !== '/apps/contacts').map(([, heading]) => heading));
  expect(distinct.size).toBe(routes.length - 1);
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});
