import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { eventually } from './support/eventually.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { api, openPage, seedAdmin, useSession, type Session } from './support/session.ts';

// The public site, signed out: the landing page in English and Arabic (right to left), the other
// public pages, a subscription confirmed with the code the simulator gateway received, the contact
// it makes (topics as tag values, consent record), and the site switched off.
let server: RunningServer;
let browser: Browser;
let admin: Session;
const PHONE = '+447911123456';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await seedAdmin(server.baseUrl);
  await api(
    server.baseUrl,
    'PUT',
    '/api/settings/public-site',
    {
      introduction: 'News from Riverside School, by text.',
      about: '# Who we are\n\nA **small** school by the river.',
      contactDetails: 'office@riverside.example',
      topics: [
        {
          id: 'weather',
          tag: 'tag2',
          value: 'Weather alerts',
          title: 'Weather alerts',
          description: 'Closures',
          frequency: 'A few a year',
        },
        { id: 'events', tag: 'tag3', value: 'Events', title: 'School events', description: '', frequency: 'Monthly' },
      ],
    },
    admin.token,
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('every public page shows its real page, in English and in Arabic', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/landingpage');
  await page.getByRole('heading', { level: 1, name: 'SMS Management System' }).waitFor();
  await page.getByText('News from Riverside School, by text.').waitFor();
  await page.getByRole('form', { name: 'Get our text messages' }).waitFor();
  await page.getByRole('link', { name: 'Staff sign-in' }).waitFor();
  expect(await page.title()).toBe('Get our text messages | SMS Management System');
  expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Get our text messages | SMS Management System');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
    'Professional SMS and communication management platform',
  );

  for (const [path, heading] of [
    ['/frontend-pages/homepage', 'SMS Management System'],
    ['/frontend-pages/portfolio', 'What you can subscribe to'],
    ['/frontend-pages/about', 'About'],
    ['/frontend-pages/contact', 'Contact us'],
    ['/frontend-pages/unsubscribe', 'Stop receiving our messages'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(page.url()).not.toContain('/auth/404');
  }
  await page.goto('/frontend-pages/about');
  await page.getByRole('heading', { level: 2, name: 'Who we are' }).waitFor();
  expect(await page.locator('main strong').textContent()).toBe('small');

  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto('/landingpage');
  await page.getByRole('heading', { level: 2, name: 'استلم رسائلنا النصية' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.goto('/frontend-pages/portfolio');
  await page.getByRole('heading', { level: 1, name: 'ما يمكنك الاشتراك فيه' }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('a visitor subscribes with the code the simulator received, and becomes an active contact with topics and consent', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await page.goto('/frontend-pages/portfolio');
  await page.getByRole('link', { name: 'Subscribe: Weather alerts' }).click();
  const form = page.getByRole('form', { name: 'Get our text messages' });
  await page.waitForURL((url) => url.searchParams.get('topic') === 'weather');
  await eventually(() => form.getByRole('checkbox', { name: 'Weather alerts' }).isChecked()).toBe(true);
  await form.getByRole('checkbox', { name: 'School events' }).check();
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(PHONE);
  await form.getByRole('textbox', { name: 'Your name (optional)' }).fill('Nadia Haddad');
  await form.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByText(`We sent a 6-digit code to ${PHONE}`).waitFor();

  // The code, as the simulated carrier received it.
  let code = '';
  await eventually(async () => {
    const sent = await api<{ data: Array<{ phone: string; body: string }> }>(
      server.baseUrl,
      'GET',
      '/api/settings/public-site/simulator-messages',
      undefined,
      admin.token,
    );
    code = /\b(\d{6})\b/.exec(sent.data.find((message) => message.phone === PHONE)?.body ?? '')?.[1] ?? '';
    return code;
  }).toMatch(/^\d{6}$/);

  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('subscribed').waitFor();

  const contacts = await api<{ data: Array<{ id: string; phone: string; status: string; tag2: string; tag3: string; firstName: string }> }>(
    server.baseUrl,
    'GET',
    `/api/contacts?search=${encodeURIComponent(PHONE)}`,
    undefined,
    admin.token,
  );
  const contact = contacts.data.find((row) => row.phone === PHONE);
  expect(contact).toMatchObject({ status: 'active', tag2: 'Weather alerts', tag3: 'Events', firstName: 'Nadia Haddad' });
  const consents = await api<{ data: Array<{ source: string; consentText: string; topics: string[] }> }>(
    server.baseUrl,
    'GET',
    `/api/contacts/${contact?.id}/consents`,
    undefined,
    admin.token,
  );
  expect(consents.data[0]).toMatchObject({ source: 'web_form', topics: ['Weather alerts', 'School events'] });
  expect(consents.data[0]?.consentText).toContain('Reply STOP');
  expect(problems).toEqual([]);
  await context.close();

  // Staff see the consent history on the contact's page.
  const staff = await openPage(browser, server.baseUrl);
  await useSession(staff.context, admin);
  await staff.page.goto(`/contacts/${contact?.id}`);
  const history = staff.page.getByTestId('contact-consents');
  await history.getByRole('heading', { name: 'Consent history' }).waitFor();
  await history.getByText('Topics: Weather alerts, School events').waitFor();
  await history.getByText('Subscribed · Public site form').waitFor();
  expect(staff.problems).toEqual([]);
  await staff.context.close();
});

test('the contact form reaches the inbox as a web message, answered by SMS', async () => {
  const visitor = await openPage(browser, server.baseUrl);
  await visitor.page.goto('/frontend-pages/contact');
  const form = visitor.page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Your name' }).fill('Rosa Lima');
  await form.getByRole('textbox', { name: 'Mobile number' }).fill('+447911123457');
  await form.getByRole('textbox', { name: 'Message' }).fill('Is the school open tomorrow?');
  await form.getByRole('button', { name: 'Send' }).click();
  await visitor.page.getByTestId('contact-sent').waitFor();
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();

  const staff = await openPage(browser, server.baseUrl);
  await useSession(staff.context, admin);
  await staff.page.goto('/apps/chats');
  await staff.page.getByRole('tab', { name: 'Web messages' }).click();
  const message = staff.page.getByTestId('web-message').filter({ hasText: 'Rosa Lima' });
  await message.getByText('Is the school open tomorrow?').waitFor();
  await message.getByRole('textbox', { name: 'Answer by SMS' }).fill('Yes, from 8:30.');
  await message.getByRole('button', { name: 'Send' }).click();
  await message.getByText('Answered: Yes, from 8:30.').waitFor();
  expect(staff.problems).toEqual([]);
  await staff.context.close();
});

test('an e-mail answer without SMTP configured says how to configure it', async () => {
  await api(server.baseUrl, 'POST', '/api/public/contact', { name: 'Eva Mail', email: 'eva@example.org', message: 'Write to me, please.' });
  const staff = await openPage(browser, server.baseUrl);
  await useSession(staff.context, admin);
  await staff.page.goto('/apps/chats');
  await staff.page.getByRole('tab', { name: 'Web messages' }).click();
  const message = staff.page.getByTestId('web-message').filter({ hasText: 'Eva Mail' });
  await message.getByRole('textbox', { name: 'Answer by e-mail to eva@example.org' }).fill('Thank you, Eva.');
  await message.getByRole('button', { name: 'Send' }).click();
  expect(await message.getByTestId('smtp-missing').textContent()).toContain('SMTP_URL');
  expect(await message.getByText('Answered').count()).toBe(0);
  await staff.context.close();
});

test('the pricing page: public once shown, and for staff at /pages/pricing', async () => {
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  // Switched off (the default): the public site's notice with a way home, not the staff 404 and its dashboard button.
  await page.goto('/frontend-pages/pricing');
  await page.getByRole('heading', { level: 1, name: 'This page is not available' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/frontend-pages/pricing');
  expect(await page.getByRole('link', { name: /dashboard/i }).count()).toBe(0);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  // The address is what the link promises; the page's own load is checked by the steps below.
  await page.waitForURL((url) => url.pathname === '/landingpage', { waitUntil: 'commit' });
  await api(server.baseUrl, 'PUT', '/api/settings/public-site', { pricingVisible: true }, admin.token);
  const countryPrices = [{ country: 'DE', gsm7: 0.065, ucs2: 0.09 }];
  await api(server.baseUrl, 'PUT', '/api/settings/messaging', { currency: 'EUR', pricePerSegment: 0.05, countryPrices }, admin.token);
  await page.goto('/landingpage');
  await page.getByRole('link', { name: 'Pricing' }).click();
  await page.getByRole('heading', { level: 1, name: 'What a text message costs' }).waitFor();
  const table = page.getByRole('table', { name: 'Price per message part' });
  await table.getByRole('rowheader', { name: 'Plain text (GSM-7)' }).waitFor();
  await table.getByText('160 characters').waitFor();
  expect(await table.getByRole('row', { name: /GSM-7/ }).textContent()).toContain('€0.05');
  // Country names in the interface language (Intl.DisplayNames), prices to the currency's digits or four.
  const countries = page.getByRole('table', { name: 'Price per part by destination country' });
  expect(await countries.getByRole('row', { name: /Germany/ }).textContent()).toBe('Germany€0.065€0.09');
  await context.close();

  const staff = await openPage(browser, server.baseUrl);
  await useSession(staff.context, admin);
  await staff.page.goto('/pages/pricing');
  await staff.page.getByRole('table', { name: 'Price per message part' }).getByText('67 characters').waitFor();
  expect([...problems, ...staff.problems]).toEqual([]);
  await staff.context.close();
});

test('switched off, the public pages go to the sign-in page', async () => {
  await api(server.baseUrl, 'PUT', '/api/settings/public-site', { enabled: false }, admin.token);
  try {
    const { context, page } = await openPage(browser, server.baseUrl);
    await page.goto('/landingpage');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.goto('/frontend-pages/about');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await context.close();
  } finally {
    await api(server.baseUrl, 'PUT', '/api/settings/public-site', { enabled: true }, admin.token);
  }
});

test('an administrator with no topic published is told how, and publishes one in Configurations -> Public site', async () => {
  await api(server.baseUrl, 'PUT', '/api/settings/public-site', { topics: [] }, admin.token);
  const { context, page, problems } = await openPage(browser, server.baseUrl);
  await useSession(context, admin);
  await page.goto('/landingpage');
  expect(await page.getByRole('form', { name: 'Get our text messages' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Open the public site settings' }).click();
  const form = page.getByRole('form', { name: 'Public site' });
  await form.getByRole('button', { name: 'Add a topic' }).click();
  const row = form.getByTestId('topic-row');
  await row.getByRole('textbox', { name: 'Title' }).fill('Bus delays');
  await row.getByRole('textbox', { name: 'Tag value' }).fill('Bus');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Public site saved.').waitFor();
  const saved = await api<{ settings: { topics: Array<{ id: string; tag: string; value: string }> } }>(
    server.baseUrl,
    'GET',
    '/api/settings/public-site',
    undefined,
    admin.token,
  );
  expect(saved.settings.topics).toMatchObject([{ id: 'bus-delays', tag: 'tag2', value: 'Bus' }]);
  await page.goto('/landingpage');
  await page.getByRole('form', { name: 'Get our text messages' }).getByRole('checkbox', { name: 'Bus delays' }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
