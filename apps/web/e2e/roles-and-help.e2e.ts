import { policyMatrix } from '@sms/contracts/policy-matrix';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Account, type Session } from './support/session.ts';
import { seriousViolations } from './support/axe.ts';

// /pages/casl renders the policy matrix with the reader's role highlighted; /pages/faq searches,
// highlights and deep-links its answers; both pass an axe audit.
let server: RunningServer;
let browser: Browser;
let agent: Session;
const AGENT: Account = { name: 'Aga Agent', email: 'aga@example.org', password: 'Correct-Horse-42' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'POST', '/api/users/register', { ...AGENT, role: 'agent' }, admin.token);
  agent = await signInByApi(server.baseUrl, AGENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("the roles page renders the policy matrix and highlights the reader's role", async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, agent);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Roles & permissions' }).click();
  await page.waitForURL((url) => url.pathname === '/pages/casl');
  const matrix = page.getByRole('table', { name: 'Permissions of each role' });
  await matrix.waitFor();
  await page.getByTestId('current-role').getByText('Your role is Agent.').waitFor();

  const current = matrix.locator('th[data-current]');
  expect(await current.count()).toBe(1);
  expect(await current.textContent()).toBe('AgentYour role');
  // One body row per (subject, action) of the policy, each with one cell per role.
  expect(await matrix.locator('tbody tr').count()).toBe(policyMatrix().length);
  for (const row of policyMatrix()) {
    const cells = page.getByTestId(`matrix-${row.action}-${row.subject}`).locator('td[data-allowed]');
    expect(
      await cells.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-allowed'))),
      `${row.action} ${row.subject}`,
    ).toEqual([row.allowed.admin, row.allowed.manager, row.allowed.agent, row.allowed.viewer].map(String));
  }
  expect(await page.getByTestId('matrix-launch-Campaign').getByText('Not allowed').count()).toBe(2);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test("the roles page draws what the server serves from its routes' declarations: how many operations need each cell", async () => {
  const served = await api<{ rows: Array<{ subject: string; action: string; operations: string[] }> }>(
    server.baseUrl,
    'GET',
    '/api/roles/permissions',
    undefined,
    agent.token,
  );
  const launch = served.rows.find((row) => row.action === 'launch' && row.subject === 'Campaign');
  expect(launch?.operations).toContain('POST /api/campaigns/{id}/launch');
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, agent);
  await page.goto('/pages/casl');
  const caption = page.getByTestId('matrix-launch-Campaign').getByTestId('matrix-operations');
  await caption.waitFor();
  const count = launch?.operations.length ?? 0;
  expect(await caption.textContent()).toBe(`Needed by ${count} API operation${count === 1 ? '' : 's'}`);
  expect(await caption.getAttribute('title')).toBe(launch?.operations.join('\n'));
  expect(problems).toEqual([]);
  await context.close();
});

test('the help page searches as you type, highlights matches and keeps the query in the URL', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, agent);
  await page.goto('/pages/faq');
  await page.getByRole('heading', { level: 1, name: 'Help and frequently asked questions' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search the help' }).fill('emoji ucs-2');
  await page.waitForURL((url) => url.searchParams.get('q') === 'emoji ucs-2');
  await page
    .getByRole('status')
    .getByText(/^(1 answer matches|\d+ answers match) “emoji ucs-2”\.$/)
    .waitFor();
  // Matching answers open with the words marked; answers without them are hidden.
  await page.getByTestId('faq-emoji').getByRole('region').waitFor();
  expect(await page.getByTestId('faq-import-formats').count()).toBe(0);
  const marks = await page.getByTestId('faq-emoji').locator('mark').allTextContents();
  expect(marks.map((mark) => mark.toLowerCase())).toEqual(expect.arrayContaining(['emoji', 'ucs-2']));
  // The numbers come from the shared SMS rules.
  await page
    .getByTestId('faq-emoji')
    .getByText(/one SMS holds 70 characters instead of 160/)
    .waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('searchbox', { name: 'Search the help' }).fill('no such words here');
  await page.getByText('No answer matches “no such words here”. Try fewer or different words.').waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('a deep link opens its answer, with its reference table', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, agent);
  await page.goto('/pages/faq#twilio-errors');
  const entry = page.getByTestId('faq-twilio-errors');
  await entry.getByRole('region').waitFor();
  await entry.getByRole('table').getByRole('rowheader', { name: 'TWILIO_30007' }).waitFor();
  expect(await page.getByTestId('faq-gsm-7').getByRole('region').isVisible()).toBe(false);
  await expect.poll(() => entry.evaluate((node) => Math.round(node.getBoundingClientRect().top)), { timeout: 5_000 }).toBeLessThan(200);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('the help is translated, and search ignores accents (French)', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'fr'));
  await useSession(context, agent);
  await page.goto('/pages/faq?q=reponse%20campagnes');
  await page.getByRole('heading', { level: 1, name: 'Aide et questions fréquentes' }).waitFor();
  const entry = page.getByTestId('faq-reply-matching');
  await entry.getByRole('button', { name: 'Comment les réponses sont-elles associées aux campagnes ?' }).waitFor();
  expect((await entry.locator('mark').allTextContents()).map((text) => text.toLowerCase())).toEqual(
    expect.arrayContaining(['réponse', 'campagnes']),
  );
  expect(problems).toEqual([]);
  await context.close();
});
