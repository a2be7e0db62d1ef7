import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
let sequence = 0;
const inbound = (from: string, body: string, receivedAt = new Date()): InboundSms => ({
  gatewayMessageId: `test-in-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt,
});

describe('inbound messages: replies, keywords, idempotence', () => {
  let server: TestServer;
  let admin: TestAccount;

  const receive = async (...messages: InboundSms[]) => {
    await server.engine?.inbound(GATEWAY, messages);
  };
  const sendCampaign = async (name: string, audience: unknown, replyWindowHours = 72) => {
    const created = await server.post(
      '/api/campaigns',
      { name, body: 'Are you safe? Reply YES or NO', audience, replyWindowHours },
      { token: admin.token },
    );
    const id: string = created.body.campaign.id;
    await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token });
    await waitFor(
      async () =>
        (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign.status === 'completed' ? true : undefined,
      20_000,
      `${name} to complete`,
    );
    return id;
  };
  const contactId = async (i: number) =>
    (await queryRows<{ id: string }>(server.database.db, sql`select id from contacts where phone = ${phone(i)}`))[0]?.id ?? '';
  const messageOf = async (campaignId: string, i: number) =>
    (
      await queryRows<{ replied_at: Date | null; reply_word: string | null; reply_text: string | null }>(
        server.database.db,
        sql`select m.replied_at, m.reply_word, m.reply_text from messages m join contacts c on c.id = m.contact_id where m.campaign_id = ${campaignId} and c.phone = ${phone(i)}`,
      )
    )[0];

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 10);
  });
  afterAll(() => server?.close());

  it('matches a reply to the most recent campaign message within its window, counts it once', async () => {
    const first = await sendCampaign('First', { type: 'all' });
    const second = await sendCampaign('Second', { type: 'filter', filter: { tag1: 'north' } });
    // Contact 2 (north) got both: the reply answers the second. Contact 1 (south) only the first.
    await receive(inbound(phone(2), 'yes!'), inbound(phone(1), 'No thanks'));
    expect(await messageOf(second, 2)).toMatchObject({ reply_word: 'YES', reply_text: 'yes!' });
    expect((await messageOf(first, 2))?.replied_at).toBeNull();
    expect(await messageOf(first, 1)).toMatchObject({ reply_word: 'NO' });
    // A second answer keeps the first reply.
    await receive(inbound(phone(2), 'NO'));
    expect((await messageOf(second, 2))?.reply_word).toBe('YES');
    const counts = await waitFor(
      async () => {
        const [a, b] = await Promise.all(
          [first, second].map(async (id) => (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign.counts),
        );
        return a.replied === 1 && b.replied === 1 ? [a, b] : undefined;
      },
      5_000,
      'reply counters',
    );
    expect(counts.map((c) => c.replied)).toEqual([1, 1]);
  });

  it('does not match a reply after the reply window', async () => {
    const campaign = await sendCampaign('Short window', { type: 'filter', filter: { tag1: 'south' } }, 1);
    await server.database.db.execute(sql`update messages set sent_at = now() - interval '2 hours' where campaign_id = ${campaign}`);
    // Contact 3 is south; its earlier campaign ('First') was sent just now too, so move that back as well.
    await server.database.db.execute(
      sql`update messages set sent_at = now() - interval '100 days' where campaign_id <> ${campaign} and contact_id = ${await contactId(3)}`,
    );
    await receive(inbound(phone(3), 'YES'));
    expect((await messageOf(campaign, 3))?.replied_at).toBeNull();
    const [row] = await queryRows<{ reply_to_message_id: string | null; processed: boolean }>(
      server.database.db,
      sql`select reply_to_message_id, processed_at is not null as processed from inbound_messages where from_phone = ${phone(3)}`,
    );
    expect(row).toEqual({ reply_to_message_id: null, processed: true });
  });

  it('stores the same gateway message once', async () => {
    const message = inbound(phone(4), 'Hello there');
    await receive(message);
    await receive(message, message);
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from inbound_messages where gateway_message_id = ${message.gatewayMessageId}`,
    );
    expect(row?.n).toBe(1);
  });

  it('opts out on STOP (not on "stop please"), confirms once, opts back in on START, answers HELP', async () => {
    const status = async (i: number) =>
      (
        await queryRows<{ status: string; opt_out_source: string | null; opted_out_at: Date | null }>(
          server.database.db,
          sql`select status, opt_out_source, opted_out_at from contacts where phone = ${phone(i)}`,
        )
      )[0];
    const autoReplies = async (i: number) =>
      await queryRows<{ body: string; status: string }>(
        server.database.db,
        sql`select body, status from messages where kind = 'auto' and phone = ${phone(i)} order by id`,
      );
    await receive(inbound(phone(5), 'stop please'));
    expect((await status(5))?.status).toBe('active');
    await receive(inbound(phone(5), ' Stop '));
    expect(await status(5)).toMatchObject({ status: 'opted_out', opt_out_source: 'keyword' });
    expect((await status(5))?.opted_out_at).not.toBeNull();
    // The confirmation goes out although the contact is now opted out.
    const afterStop = await waitFor(
      async () => {
        const replies = await autoReplies(5);
        return replies.length === 1 && replies[0]?.status === 'delivered' ? replies : undefined;
      },
      10_000,
      'the opt-out confirmation',
    );
    expect(afterStop[0]?.body).toContain('unsubscribed');
    await receive(inbound(phone(5), 'START'));
    expect(await status(5)).toMatchObject({ status: 'active', opt_out_source: null });
    await receive(inbound(phone(6), 'help'));
    await waitFor(async () => ((await autoReplies(6)).length === 1 ? true : undefined), 10_000, 'the help answer');
    expect((await autoReplies(6))[0]?.body).toBe('Reply STOP to unsubscribe, START to subscribe again.');
    // YES from an active contact is an ordinary reply, not an opt-in (no answer).
    await receive(inbound(phone(7), 'YES'));
    expect(await autoReplies(7)).toEqual([]);
  });

  it('answers a repeated keyword once, so an automatic responder on the other side cannot start a loop', async () => {
    const bodies = async () =>
      (
        await queryRows<{ body: string }>(
          server.database.db,
          sql`select body from messages where kind = 'auto' and phone = ${phone(8)} order by id`,
        )
      ).map((row) => row.body);
    const settled = async (count: number) =>
      await waitFor(async () => ((await bodies()).length === count ? true : undefined), 10_000, `${count} automatic answers`);
    // STOP, then STOP again twice in one batch (a responder answering our confirmation): one confirmation.
    await receive(inbound(phone(8), 'STOP'));
    await settled(1);
    await receive(inbound(phone(8), 'STOP'), inbound(phone(8), 'STOP'));
    await receive(inbound(phone(8), 'stop'));
    // START is answered, and STOP after it is confirmed again (the latest answer was the opt-in's).
    await receive(inbound(phone(8), 'START'));
    await receive(inbound(phone(8), 'STOP'));
    await settled(3);
    const [optOut, optIn] = await bodies();
    expect(await bodies()).toEqual([optOut, optIn, optOut]);
    expect(optOut).toContain('unsubscribed');
    expect(optIn).not.toBe(optOut);
    // HELP twice: one answer.
    await receive(inbound(phone(8), 'HELP'));
    await receive(inbound(phone(8), 'HELP'));
    await settled(4);
    expect((await bodies()).at(-1)).toBe('Reply STOP to unsubscribe, START to subscribe again.');
  });

  it('creates a contact for an unknown sender', async () => {
    await receive(inbound('+447911123456', 'Who is this?'));
    const [row] = await queryRows<{ source: string; linked: boolean }>(
      server.database.db,
      sql`select c.source, i.contact_id = c.id as linked from contacts c join inbound_messages i on i.from_phone = c.phone where c.phone = '+447911123456'`,
    );
    expect(row).toEqual({ source: 'inbound', linked: true });
  });

  it('reads a sender without a country code in the default country, never as a foreign number', async () => {
    await server.put('/api/settings/messaging', { defaultCountry: 'US' }, { token: admin.token });
    try {
      // SMSCs send national numbers (TON national) as bare digits.
      await receive(inbound('2015550123', 'local'), inbound('6486801014', 'wrong local'), inbound('447400123456', 'abroad'));
      const senders = await queryRows<{ body: string; from_phone: string; contact: string | null }>(
        server.database.db,
        sql`select i.body, i.from_phone, c.phone as contact from inbound_messages i left join contacts c on c.id = i.contact_id where i.body in ('local', 'wrong local', 'abroad') order by i.body`,
      );
      expect(senders).toEqual([
        { body: 'abroad', from_phone: '+447400123456', contact: '+447400123456' },
        { body: 'local', from_phone: '+12015550123', contact: '+12015550123' },
        // Ten digits, as every US number: not a New Zealand number (+64...). Kept as it came, no contact made.
        { body: 'wrong local', from_phone: '6486801014', contact: null },
      ]);
    } finally {
      await server.put('/api/settings/messaging', { defaultCountry: null }, { token: admin.token });
    }
  });
});
