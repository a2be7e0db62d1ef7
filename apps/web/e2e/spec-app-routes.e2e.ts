import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';

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
  // Usage and spend (decision 109).
  '/dashboards/ecommerce',
];

let server: RunningServer;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('every app route of the specification opens a real screen for an admin: no /auth/404, a heading, axe clean', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  const headings = new Map<string, string>();
  for (const route of APP_ROUTES) {
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
  expect(distinct.size).toBe(APP_ROUTES.length - 1);
  expect(problems, problems.join('\n')).toEqual([]);
  await context.close();
});
