import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// A first visit announces the page's own code in the HTML (decision 062): the browser fetches it
// while reading the HTML, and the app adds no second link for any of those files at start-up.
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

const announced = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)" nonce=/g)].map((m) => m[1]);

test.each([
  ['/auth/login', 'Sign in', false],
  ['/landingpage', null, false],
  ['/dashboard', 'Dashboard', true],
] as const)('%s: its code is in the HTML, every file exists, and the app adds no duplicate link', async (path, heading, signedIn) => {
  const html = await (await fetch(`${server.baseUrl}${path}`)).text();
  const files = announced(html);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) expect((await fetch(`${server.baseUrl}${file}`)).status, file).toBe(200);

  const { context, page, problems } = await openPage(browser, server.baseUrl);
  if (signedIn) await useSession(context, admin);
  await page.goto(path);
  const title = page.getByRole('heading', { level: 1 });
  if (heading) await title.filter({ hasText: heading }).first().waitFor();
  else await title.first().waitFor();
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => new URL(link.href).pathname),
  );
  for (const file of files)
    expect(
      linked.filter((href) => href === file),
      file,
    ).toHaveLength(1);
  expect(problems).toEqual([]);
  await context.close();
});
