import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { startSubscriptionCodeSender } from '../src/modules/public-site/index.ts';
import { configureSimulator, waitFor } from './campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';
import { startReceiver, undocumented, type WebhookReceiver } from './webhook-receiver.ts';

// contact.opted_in names how the contact opted in (issue 38; decision 093), and a confirmed
// subscription is an opt-in even for a new or already active contact.
describe('contact.opted_in webhooks and their source', () => {
  let server: TestServer;
  let admin: TestAccount;
  let receiver: WebhookReceiver;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer({ engine: true, config: { allowPrivateWebhookUrls: true } });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await startSubscriptionCodeSender(server.jobs, { database: server.database }, { pollingIntervalSeconds: 0.5 });
    const published = await server.put(
      '/api/settings/public-site',
      { topics: [{ id: 'news', tag: 'tag2', value: 'News', title: 'News' }] },
      { token: admin.token },
    );
    expect(published.status).toBe(200);
    receiver = await startReceiver(0);
    const created = await server.post(
      '/api/webhooks',
      { url: receiver.url, events: ['contact.opted_in', 'contact.opted_out'] },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  /** Inbound text messages from `from`, as the gateway hands them to the engine. */
  const textIn = (from: string, body: string) =>
    server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: `opt-in-${++sequence}`, from, to: '+447700999999', body, receivedAt: new Date() },
    ]);
  /** The six-digit code texted to a number for its subscription. */
  const codeFor = (phone: string) =>
    waitFor(
      async () => {
        const [row] = await queryRows<{ body: string }>(
          server.database.db,
          sql`select m.body from subscription_codes c join messages m on m.id = c.message_id where c.phone = ${phone} order by c.created_at desc limit 1`,
        );
        return /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
      },
      10_000,
      `the code for ${phone}`,
    );
  const subscribe = async (phone: string) => {
    expect((await server.post('/api/public/subscriptions', { phone, topics: ['news'] })).status).toBe(202);
    const confirmed = await server.post('/api/public/subscriptions/confirm', { phone, code: await codeFor(phone) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  };
  const createContact = async (phone: string, status: 'active' | 'opted_out') => {
    const created = await server.post('/api/contacts', { phone, status }, { token: admin.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.contact.id as string;
  };
  /** The consent events a number's webhooks carried, in order (type and source). */
  const eventsOf = (phone: string) =>
    receiver.received
      .filter((message, index, all) => all.findIndex((other) => other.id === message.id) === index)
      .filter((message) => message.event.data.phone === phone)
      .map((message) => `${message.event.type}:${message.event.data.source}`);

  it('names the source: a subscription confirmed on the page or by reply, START, staff one by one and in bulk', async () => {
    const newSubscriber = '+447400560001';
    const activeSubscriber = '+447400560002';
    const optedOutSubscriber = '+447400560003';
    const keyword = '+447400560004';
    const staff = '+447400560005';
    const bulk = '+447400560006';
    const byReply = '+447400560007';

    await subscribe(newSubscriber);
    await createContact(activeSubscriber, 'active');
    await subscribe(activeSubscriber);
    await createContact(optedOutSubscriber, 'opted_out');
    await subscribe(optedOutSubscriber);

    await createContact(keyword, 'active');
    await textIn(keyword, 'STOP');
    await waitFor(async () => (eventsOf(keyword).length > 0 ? true : undefined), 20_000, 'the opt-out');
    await textIn(keyword, 'START');

    const staffId = await createContact(staff, 'opted_out');
    const optIn = await server.request('PUT', `/api/contacts/${staffId}`, {
      body: { status: 'active', consentNote: 'Asked at the front desk' },
      token: admin.token,
    });
    expect(optIn.status, JSON.stringify(optIn.body)).toBe(200);
    const bulkId = await createContact(bulk, 'opted_out');
    const bulkOptIn = await server.post(
      '/api/contacts/bulk',
      { action: 'optIn', target: { ids: [bulkId] }, consentNote: 'Signed form' },
      { token: admin.token },
    );
    expect(bulkOptIn.status, JSON.stringify(bulkOptIn.body)).toBe(200);

    expect((await server.post('/api/public/subscriptions', { phone: byReply, topics: ['news'] })).status).toBe(202);
    await codeFor(byReply);
    await textIn(byReply, 'YES');

    const expected: Record<string, string[]> = {
      [newSubscriber]: ['contact.opted_in:web_form'],
      [activeSubscriber]: ['contact.opted_in:web_form'],
      [optedOutSubscriber]: ['contact.opted_in:web_form'],
      [keyword]: ['contact.opted_out:keyword', 'contact.opted_in:keyword'],
      [staff]: ['contact.opted_in:staff'],
      [bulk]: ['contact.opted_in:staff'],
      [byReply]: ['contact.opted_in:sms_reply'],
    };
    await waitFor(
      async () => (Object.entries(expected).every(([phone, events]) => eventsOf(phone).length >= events.length) ? true : undefined),
      20_000,
      'every consent event',
    );
    // Once each: a subscription that also changed the status (opted out -> active) is one event.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const [phone, events] of Object.entries(expected)) expect(eventsOf(phone), phone).toEqual(events);
    const event = receiver.received.find((message) => message.event.data.phone === newSubscriber)?.event;
    expect(event).toMatchObject({ type: 'contact.opted_in', data: { phone: newSubscriber, status: 'active', source: 'web_form' } });
    expect(event.data.contactId).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('delivered every event as the OpenAPI document describes it (contracts webhooks.ts), field by field', () => {
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const { event } of receiver.received) expect(undocumented(event), JSON.stringify(event)).toEqual([]);
  });
});
