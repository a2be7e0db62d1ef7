import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, signInByApi, useSession, type Account, type Session } from './support/session.ts';
import { seriousViolations } from './support/axe.ts';
import { eventually } from './support/eventually.ts';
import { launchUntilCompleted } from './support/campaigns.ts';
import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';

// Screens of issue 37: getting started hidden per user and only with the role's steps, under the
// figures; the Configuration tabs all in view at 1366 px; no sideways scrolling on a phone; e-mail
// addresses and prices in Arabic; the device's colour mode; one empty state; axe's label-in-name.
let server: RunningServer;
let browser: Browser;
let admin: Session;
let manager: Session;
let agent: Session;
const MANAGER: Account = { name: 'Mia Manager', email: 'mia@example.org', password: 'Correct-Horse-42' };
const AGENT: Account = { name: 'Aga Agent', email: 'aga.agent.with.a.long.address@example.org', password: 'Correct-Horse-42' };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(server.baseUrl, 'POST', '/api/users/register', { ...MANAGER, role: 'manager' }, admin.token);
  await api(server.baseUrl, 'POST', '/api/users/register', { ...AGENT, role: 'agent' }, admin.token);
  manager = await signInByApi(server.baseUrl, MANAGER);
  agent = await signInByApi(server.baseUrl, AGENT);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page signed in as `session`, at `viewport` (1366 x 900 unless given). */
async function signedIn(session: Session, viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, server.baseUrl);
  await useSession(opened.context, session);
  if (viewport) await opened.page.setViewportSize(viewport);
  return opened;
}

/** Elements that scroll or stick out sideways: the page itself, or a box inside <main> wider than it shows. */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const found = root.scrollWidth > root.clientWidth + 1 ? [`page ${root.scrollWidth} > ${root.clientWidth}`] : [];
    for (const element of document.querySelectorAll('main *')) {
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')} ${element.scrollWidth} > ${element.clientWidth}`,
        );
      }
    }
    return found;
  });
}

test('getting started comes after the figures, shows only the role’s steps, and hidden stays hidden for that user only', async () => {
  // An agent can do none of the steps: no checklist, and never "Your role cannot do this step".
  const asAgent = await signedIn(agent);
  await asAgent.page.goto('/dashboard');
  await asAgent.page.getByTestId('kpi-contacts').waitFor();
  expect(await asAgent.page.getByTestId('getting-started').count()).toBe(0);
  expect(await asAgent.page.getByText('Your role cannot do this step').count()).toBe(0);
  await asAgent.context.close();

  // A manager sees the two steps a manager can do (contacts, campaigns), under the figures.
  const asManager = await signedIn(manager);
  await asManager.page.goto('/dashboard');
  const managerSteps = asManager.page.getByTestId('getting-started');
  await managerSteps.waitFor();
  expect(await managerSteps.locator('li').count()).toBe(2);
  expect(await asManager.page.getByText('Your role cannot do this step').count()).toBe(0);
  const figures = await asManager.page.getByTestId('kpi-contacts').boundingBox();
  const steps = await managerSteps.boundingBox();
  expect(figures && steps && figures.y < steps.y).toBe(true);
  await asManager.context.close();

  // The administrator hides them: gone at once, after a reload, and saved to the account.
  const asAdmin = await signedIn(admin);
  await asAdmin.page.goto('/dashboard');
  await asAdmin.page.getByTestId('getting-started').waitFor();
  expect(await asAdmin.page.getByTestId('getting-started').locator('li').count()).toBe(4);
  await asAdmin.page.getByRole('button', { name: 'Hide these steps' }).click();
  await asAdmin.page.getByTestId('getting-started').waitFor({ state: 'detached' });
  await eventually(
    async () =>
      (await api<{ user: { preferences: Record<string, unknown> } }>(server.baseUrl, 'GET', '/api/users/me', undefined, admin.token)).user
        .preferences.gettingStartedDismissed,
  ).toBe(true);
  await asAdmin.page.reload();
  await asAdmin.page.getByTestId('kpi-contacts').waitFor();
  await asAdmin.page.getByTestId('kpi-response-rate').waitFor();
  expect(await asAdmin.page.getByTestId('getting-started').count()).toBe(0);
  expect(asAdmin.problems).toEqual([]);
  await asAdmin.context.close();

  // The manager (another user) still has them.
  const again = await signedIn(manager);
  await again.page.goto('/dashboard');
  await again.page.getByTestId('getting-started').waitFor();
  await again.context.close();
});

test('the ten Configuration tabs are all in view, none cut, at 1366 px', async () => {
  const { context, page, problems } = await signedIn(admin);
  await page.goto('/configurations');
  const tabs = page.getByRole('tablist', { name: 'Configuration sections' }).getByRole('tab');
  await tabs.first().waitFor();
  expect(await tabs.count()).toBe(10);
  const view = page.viewportSize();
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    const name = await tab.textContent();
    expect(box && view && box.x >= 0 && box.x + box.width <= view.width, `${name} in view`).toBe(true);
    // Its label whole: nothing inside wider than it shows ("De..." was "Developers" cut).
    expect(
      await tab.evaluate((node) => [node, ...node.querySelectorAll('*')].every((part) => part.scrollWidth <= part.clientWidth + 1)),
      `${name} whole`,
    ).toBe(true);
  }
  // No scroll arrows: everything is reachable by a click.
  expect(await page.locator('.MuiTabs-scrollButtons').count()).toBe(0);
  await tabs.filter({ hasText: 'Audit log' }).click();
  await page.waitForURL((url) => url.searchParams.get('tab') === 'audit-log');
  expect(problems).toEqual([]);
  await context.close();
});

test('on a phone the gateways, templates and API keys show as cards, and nothing scrolls sideways', async () => {
  const { context, page, problems } = await signedIn(admin, PHONE);
  await page.goto('/configurations?tab=gateways');
  await page.getByTestId('gateway-cards').getByTestId('list-card').first().waitFor();
  expect(await page.getByRole('table').count()).toBe(0);
  expect(await sidewaysScrolling(page)).toEqual([]);

  await page.goto('/configurations?tab=developers');
  await page.getByTestId('api-keys-empty').waitFor();
  await api(server.baseUrl, 'POST', '/api/api-keys', { name: 'Booking system', scopes: ['messages:send'] }, admin.token);
  await page.reload();
  await page.getByTestId('api-key-cards').getByText('Booking system').waitFor();
  expect(await sidewaysScrolling(page)).toEqual([]);

  await page.goto('/campaigns/templates');
  await page.getByTestId('templates-empty').waitFor();
  await api(
    server.baseUrl,
    'POST',
    '/api/templates',
    { name: 'Open day', body: 'Join our open day this Saturday at the school, from 9am to 1pm.' },
    admin.token,
  );
  await page.reload();
  await page.getByTestId('templates-cards').getByText('Open day', { exact: true }).waitFor();
  expect(await sidewaysScrolling(page)).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('empty lists show the one empty state: contacts, templates, API keys and webhooks', async () => {
  const { context, page, problems } = await signedIn(admin);
  await page.goto('/contacts');
  await page.getByTestId('contacts-empty').and(page.locator('[data-empty-state]')).waitFor();
  await page.goto('/configurations?tab=developers');
  await page.getByTestId('webhooks-empty').and(page.locator('[data-empty-state]')).waitFor();
  await page.goto('/campaigns/templates?search=nothing-like-this');
  await page.getByTestId('templates-empty').and(page.locator('[data-empty-state]')).waitFor();
  // Searched for, it offers the way out.
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await page.getByRole('table').getByText('Open day', { exact: true }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('in Arabic an e-mail address stays left to right (cut at its end) and a price keeps "US$" whole', async () => {
  await api(server.baseUrl, 'PUT', '/api/settings/messaging', { currency: 'USD', pricePerSegment: 0.0075 }, admin.token);
  const { context, page, problems } = await signedIn(admin);
  await context.addInitScript(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto('/users');
  const email = page.locator('td[data-field="email"]').filter({ hasText: AGENT.email }).locator('span');
  await email.waitFor();
  expect(await email.getAttribute('dir')).toBe('ltr');
  expect(await email.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');

  await page.goto('/pages/pricing');
  const price = page.locator('table').first().locator('tbody tr').first().locator('td').last();
  await price.getByText(/0\.0075/).waitFor();
  const text = (await price.textContent()) ?? '';
  expect(text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s/g, ' ')).toBe('0.0075 US$');
  // As painted: "US$" in its own order, and the amount to its right (read first, right to left).
  const x = await price.evaluate((cell) => {
    const node = [...cell.childNodes].find((child) => child.nodeType === Node.TEXT_NODE && /\d/.test(child.textContent ?? ''));
    if (!node) throw new Error('no price text');
    const at = (char: string) => {
      const range = document.createRange();
      const index = (node.textContent ?? '').indexOf(char);
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    return { u: at('U'), dollar: at('$'), digit: at('7') };
  });
  expect(x.u).toBeLessThan(x.dollar);
  expect(x.dollar).toBeLessThan(x.digit);
  expect(problems).toEqual([]);
  await context.close();
});

test('with no mode chosen, or "system", a dark device gives the dark theme; a choice of light wins', async () => {
  const { context, page, problems } = await signedIn(admin);
  await page.emulateMedia({ colorScheme: 'dark' });
  const scheme = () => page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.goto('/dashboard');
  await page.getByTestId('kpi-contacts').waitFor();
  await eventually(scheme).toBe('dark');
  const dark = await background();

  await page.evaluate(() => window.localStorage.setItem('mui-mode', 'system'));
  await page.reload();
  await page.getByTestId('kpi-contacts').waitFor();
  await eventually(scheme).toBe('dark');
  expect(await background()).toBe(dark);

  await page.evaluate(() => window.localStorage.setItem('mui-mode', 'light'));
  await page.reload();
  await page.getByTestId('kpi-contacts').waitFor();
  await eventually(scheme).toBe('light');
  expect(await background()).not.toBe(dark);
  expect(problems).toEqual([]);
  await context.close();
});

test('the main pages have no serious axe finding, label-in-name included (the account button names its initials)', async () => {
  const { context, page, problems } = await signedIn(admin);
  const account = page.getByRole('button', { name: 'AA, Account menu', exact: true });
  for (const path of ['/dashboard', '/contacts', '/campaigns', '/users', '/configurations', '/campaigns/templates', '/reports']) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await account.waitFor({ timeout: 20_000 }).catch(async () => {
      const names = await page
        .getByRole('banner')
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
      throw new Error(`no account button on ${path}: ${names.join(' | ')}`);
    });
    expect(await seriousViolations(page), path).toEqual([]);
  }
  expect(problems).toEqual([]);
  await context.close();
});

/** The page's width as laid out against the window's, at the phone's 390 px. */
const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));

test('at 390 px the remaining tables fit: prices, roles, recent errors, notification preferences, import mapping, FAQ', async () => {
  // A campaign whose every message the carrier refuses: its page lists the recent errors.
  const { gateway } = await api<{ gateway: { config: Record<string, unknown> } }>(
    server.baseUrl,
    'GET',
    `/api/gateways/${DEFAULT_SIMULATOR_GATEWAY_ID}`,
    undefined,
    admin.token,
  );
  const rejecting = await api<{ gateway: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/gateways',
    {
      name: 'Refusing carrier',
      kind: 'simulator',
      config: { ...gateway.config, acceptPerSecond: 500, receiptDelayMinMs: 20, receiptDelayMaxMs: 100, replyRate: 0, failureRate: 1 },
    },
    admin.token,
  );
  await api(server.baseUrl, 'POST', '/api/contacts', { phone: '+33612349901', firstName: 'Refused' }, admin.token);
  const { campaign } = await api<{ campaign: { id: string } }>(
    server.baseUrl,
    'POST',
    '/api/campaigns',
    { name: 'Refused run', body: 'Hello', gatewayId: rejecting.gateway.id },
    admin.token,
  );
  await launchUntilCompleted(server.baseUrl, admin.token, campaign.id);
  await api(
    server.baseUrl,
    'PUT',
    '/api/settings/messaging',
    { countryPrices: [{ country: 'GB', gsm7: 0.0412, ucs2: 0.0823 }] },
    admin.token,
  );

  const { context, page, problems } = await signedIn(admin, PHONE);
  // Every page is checked, then all that ran past the screen (or still show a table) are reported together.
  const tooWide: string[] = [];
  const fits = async (what: string) => {
    const width = await pageWidth(page);
    if (width.scroll > width.viewport) tooWide.push(`${what}: the page is ${width.scroll} px wide in ${width.viewport}`);
    tooWide.push(...(await sidewaysScrolling(page)).map((found) => `${what}: ${found}`));
    // As cards, as the other lists on a phone: a table's columns are cut or squeezed at this width.
    const tables = await page.locator('main table').count();
    if (tables > 0) tooWide.push(`${what}: ${tables} table(s) instead of cards`);
  };

  await page.goto('/pages/pricing');
  await page.getByTestId('country-prices').getByText('United Kingdom').waitFor();
  await fits('prices');

  await page.goto('/pages/casl');
  await page.getByTestId('permission-matrix').waitFor();
  await fits('roles');

  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByTestId('recent-errors').waitFor({ timeout: 20_000 });
  await fits('recent errors');

  await page.goto('/pages/account-settings?tab=notifications');
  await page.getByRole('checkbox').first().waitFor();
  await fits('notification preferences');

  // An answer with a reference table, opened by its deep link.
  await page.goto('/pages/faq#twilio-errors');
  await page.getByTestId('faq-twilio-errors').getByText('TWILIO_30007').waitFor();
  await fits('FAQ');

  await page.goto('/contacts/upload');
  const csv = [
    'Mobile number of the contact,First name of the contact,Family name of the contact,Town of residence,Favourite subject at school',
    '+447400123456,Ada,Lovelace,London,Mathematics',
    '+447400123457,Grace,Hopper,Leeds,Computing',
  ].join('\r\n');
  await page
    .getByTestId('import-file-input')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL(/\/contacts\/upload\?import=/);
  await expect.poll(() => page.getByTestId('import-mapping-table').textContent()).toContain('Lovelace');
  await fits('import mapping');
  expect(tooWide).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('the inbox, the dashboard’s replies, the mail outbox and the public site show the one empty state', async () => {
  await api(server.baseUrl, 'PUT', '/api/settings/public-site', { enabled: true, about: '', contactDetails: '', topics: [] }, admin.token);
  const { context, page, problems } = await signedIn(admin);
  const empty = (testId: string) => page.getByTestId(testId).and(page.locator('[data-empty-state]')).waitFor();
  await page.goto('/apps/chats');
  await empty('conversations-empty');
  await page.goto('/dashboard');
  await empty('dashboard-replies-empty');
  await page.goto('/configurations?tab=security');
  await empty('outbox-empty');
  await page.goto('/frontend-pages/about');
  await empty('about-empty');
  await page.goto('/frontend-pages/portfolio');
  await empty('topics-empty');
  await page.goto('/frontend-pages/contact');
  await empty('contact-details-empty');
  expect(problems).toEqual([]);
  await context.close();
});
