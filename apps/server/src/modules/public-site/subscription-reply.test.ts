import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';
import { startSubscriptionCodeSender } from './subscription-code-sender.ts';

let server: TestServer;
let admin: TestAccount;
let sequence = 0;

beforeAll(async () => {
  server = await startTestServer({ engine: true });
  await startSubscriptionCodeSender(server.jobs, { database: server.database }, { pollingIntervalSeconds: 0.5 });
  admin = await server.createAdmin();
  await server.put(
    '/api/settings/public-site',
    { topics: [{ id: 'weather', tag: 'tag2', value: 'Weather alerts', title: 'Weather alerts' }] },
    { token: admin.token },
  );
});
afterAll(() => server?.close());

/** One batch of inbound messages from `from`, one per body, received a second apart in this order. */
const reply = (from: string, ...bodies: string[]) =>
  server.engine?.inbound(
    DEFAULT_SIMULATOR_GATEWAY_ID,
    bodies.map((body, index) => ({
      gatewayMessageId: `sub-in-${++sequence}`,
      from,
      to: '+447700999999',
      body,
      receivedAt: new Date(Date.now() - 1_000 * (bodies.length - 1 - index)),
    })),
  );
/** Waits for the code's text message (texted by the sender's job after the answer). */
const texted = (phone: string) =>
  waitFor(
    async () =>
      (await queryRows(server.database.db, sql`select 1 from subscription_codes where phone = ${phone} and message_id is not null`)).length
        ? true
        : undefined,
    10_000,
    `the code for ${phone}`,
  );
const contact = async (phone: string) =>
  (
    await queryRows<{ id: string; status: string; tag2: string | null }>(
      server.database.db,
      sql`select id, status, tag2 from contacts where phone = ${phone}`,
    )
  )[0];

describe('confirming a subscription by replying the opt-in keyword', () => {
  it('the opt-in keyword answering the code confirms, with a consent record', async () => {
    const phone = '+447911200001';
    expect((await server.post('/api/public/subscriptions', { phone, topics: ['weather'] })).status).toBe(202);
    await texted(phone);
    await reply(phone, 'start');
    const confirmed = await waitFor(
      async () => ((await contact(phone))?.tag2 === 'Weather alerts' ? contact(phone) : undefined),
      10_000,
      'confirmation',
    );
    expect(confirmed?.status).toBe('active');
    const history = await server.get(`/api/contacts/${confirmed?.id}/consents`, { token: admin.token });
    expect(history.body.data[0]).toMatchObject({ action: 'opt_in', source: 'sms_reply', topics: ['Weather alerts'] });
  });

  it('another word confirms nothing', async () => {
    const phone = '+447911200002';
    await server.post('/api/public/subscriptions', { phone, topics: ['weather'] });
    await texted(phone);
    await reply(phone, 'hello');
    await waitFor(
      async () =>
        (await queryRows(server.database.db, sql`select 1 from inbound_messages where from_phone = ${phone} and processed_at is not null`))
          .length
          ? true
          : undefined,
      10_000,
      'processing',
    );
    expect((await contact(phone))?.tag2 ?? null).toBeNull();
  });

  it("a confirmation wins over the same sender's opt-out keyword later in the batch", async () => {
    // The public site hears the batch as an event (decision 081) and answers the contacts it
    // confirmed; the batch's keyword opt-outs of those contacts yield, as when the call was inline.
    const phone = '+447911200003';
    await server.post('/api/public/subscriptions', { phone, topics: ['weather'] });
    await texted(phone);
    await reply(phone, 'start', 'stop');
    const confirmed = await waitFor(
      async () => ((await contact(phone))?.tag2 === 'Weather alerts' ? contact(phone) : undefined),
      10_000,
      'confirmation',
    );
    // Confirmed and keywords applied in one transaction: what the confirmation shows is final.
    expect(confirmed?.status).toBe('active');
  });
});
