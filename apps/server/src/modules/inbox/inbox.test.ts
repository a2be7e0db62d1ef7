import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { INBOX_ERROR_CODES } from '@sms/contracts/inbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
let sequence = 0;
/** Inbound messages get increasing times, so "newest first" is deterministic. */
const inbound = (from: string, body: string): InboundSms => ({
  gatewayMessageId: `inbox-in-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt: new Date(Date.now() + sequence * 10),
});

describe('inbox API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;
  let campaignId = '';
  const ids = new Map<number, string>();

  const receive = async (...messages: InboundSms[]) => {
    await server.engine?.inbound(GATEWAY, messages);
    // The engine batches for up to 200 ms, then stores and processes: wait for processing.
    await waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          server.database.db,
          sql`select count(*)::int as n from inbound_messages where processed_at is null`,
        );
        const [stored] = await queryRows<{ n: number }>(
          server.database.db,
          sql`select count(*)::int as n from inbound_messages where gateway_message_id = ${messages.at(-1)?.gatewayMessageId ?? ''}`,
        );
        return row?.n === 0 && stored?.n === 1 ? true : undefined;
      },
      10_000,
      'inbound processed',
    );
  };
  const list = async (query = '', token = admin.token) => server.get(`/api/inbox/conversations${query}`, { token });
  const conversation = async (i: number) => ((await list('?limit=100')).body.data as any[]).find((c) => c.contactId === ids.get(i));

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    agent = await server.createUser('agent');
    viewer = await server.createUser('viewer');
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 6);
    for (const row of await queryRows<{ id: string; phone: string }>(server.database.db, sql`select id, phone from contacts`))
      ids.set(Number(row.phone.slice(-6)), row.id);
    const created = await server.post(
      '/api/campaigns',
      { name: 'Spring drive', body: 'Are you coming? Reply YES or NO', audience: { type: 'all' } },
      { token: admin.token },
    );
    campaignId = created.body.campaign.id;
    await server.post(`/api/campaigns/${campaignId}/launch`, undefined, { token: admin.token });
    await waitFor(
      async () =>
        (await server.get(`/api/campaigns/${campaignId}`, { token: admin.token })).body.campaign.status === 'completed' ? true : undefined,
      20_000,
      'campaign to complete',
    );
    await waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          server.database.db,
          sql`select count(*)::int as n from messages where campaign_id = ${campaignId} and status = 'delivered'`,
        );
        return row?.n === 6 ? true : undefined;
      },
      10_000,
      'receipts',
    );
  });
  afterAll(() => server?.close());

  it('starts empty: contacts who only received a campaign have no conversation', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [], total: 0, unreadConversations: 0 });
  });

  it('lists one conversation per contact who wrote in, newest activity first, with preview and unread counts', async () => {
    await receive(
      inbound(phone(1), 'Yes I will'),
      inbound(phone(2), 'No sorry'),
      inbound(phone(1), 'See you there'),
      inbound('+447911000777', 'Who is this?'),
    );
    const answer = await list();
    expect(answer.body.total).toBe(3);
    expect(answer.body.unreadConversations).toBe(3);
    const [first, second, third] = answer.body.data;
    // The unknown sender became a contact (source inbound) and is the newest.
    expect(first).toMatchObject({
      phone: '+447911000777',
      firstName: null,
      unread: 1,
      optedOut: false,
      lastMessage: { direction: 'in', body: 'Who is this?', status: null },
    });
    expect(second).toMatchObject({ contactId: ids.get(1), firstName: 'Person 1', unread: 2, lastMessage: { body: 'See you there' } });
    expect(third).toMatchObject({ contactId: ids.get(2), unread: 1, lastMessage: { body: 'No sorry' } });
    expect(Date.parse(second.lastActivityAt)).toBeGreaterThan(Date.parse(third.lastActivityAt));
    // Paging with skip.
    const page2 = await list('?limit=2&skip=2');
    expect(page2.body.data.map((c: any) => c.contactId)).toEqual([ids.get(2)]);
    expect(page2.body.total).toBe(3);
    expect((await list('?limit=2&skip=10')).body).toMatchObject({ data: [], total: 3 });
  });

  it('marks a conversation read (for everyone); a new message makes it unread again', async () => {
    const read = await server.post(`/api/inbox/conversations/${ids.get(1)}/read`, undefined, { token: agent.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ contactId: ids.get(1), unread: 0 });
    expect((await conversation(1)).unread).toBe(0);
    expect((await list('?unread=true')).body.data.map((c: any) => c.contactId)).not.toContain(ids.get(1));
    expect((await list('?unread=false')).body.data.map((c: any) => c.contactId)).toEqual([ids.get(1)]);
    expect((await list()).body.unreadConversations).toBe(2);
    await receive(inbound(phone(1), 'Also bringing a friend'));
    expect((await conversation(1)).unread).toBe(1);
    // Marking twice is harmless and cheap (one upsert).
    await server.post(`/api/inbox/conversations/${ids.get(1)}/read`, undefined, { token: admin.token });
    await server.post(`/api/inbox/conversations/${ids.get(1)}/read`, undefined, { token: admin.token });
    expect((await conversation(1)).unread).toBe(0);
    const [mark] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from inbox_reads where contact_id = ${ids.get(1) ?? ''}`,
    );
    expect(mark?.n).toBe(1);
  });

  it('searches names, numbers and message text; filters opted out and by campaign', async () => {
    const found = async (query: string) => ((await list(query)).body.data as any[]).map((c) => c.phone);
    expect(await found('?search=person%202')).toEqual([phone(2)]);
    expect(await found('?search=7911%20000')).toEqual(['+447911000777']);
    expect(await found('?search=FRIEND')).toEqual([phone(1)]);
    expect(await found('?search=100%25')).toEqual([]);
    expect(await found(`?campaignId=${campaignId}`)).toEqual([phone(1), phone(2)]);
    await receive(inbound(phone(3), 'STOP'));
    expect(await found('?optedOut=true')).toEqual([phone(3)]);
    expect(await found('?optedOut=false')).not.toContain(phone(3));
    expect((await conversation(3)).optedOut).toBe(true);
  });

  it('shows a thread: campaign message with its name and status, inbound messages, by time; pages backwards', async () => {
    const answer = await server.get(`/api/inbox/conversations/${ids.get(1)}/messages`, { token: agent.token });
    expect(answer.status).toBe(200);
    expect(answer.body.contact).toEqual({ contactId: ids.get(1), firstName: 'Person 1', lastName: null, phone: phone(1), optedOut: false });
    // Newest first: three inbound, then the campaign message (sent before them).
    expect(answer.body.data.map((m: any) => [m.direction, m.body])).toEqual([
      ['in', 'Also bringing a friend'],
      ['in', 'See you there'],
      ['in', 'Yes I will'],
      ['out', 'Are you coming? Reply YES or NO'],
    ]);
    expect(answer.body.data[3]).toMatchObject({
      kind: 'campaign',
      status: 'delivered',
      campaignId,
      campaignName: 'Spring drive',
      segments: 1,
    });
    expect(answer.body.data[0]).toMatchObject({ kind: null, status: null, campaignName: null });
    expect(answer.body.nextCursor).toBeNull();
    // Page by two.
    const first = await server.get(`/api/inbox/conversations/${ids.get(1)}/messages?limit=2`, { token: agent.token });
    expect(first.body.data.map((m: any) => m.body)).toEqual(['Also bringing a friend', 'See you there']);
    const second = await server.get(
      `/api/inbox/conversations/${ids.get(1)}/messages?limit=2&before=${encodeURIComponent(first.body.nextCursor)}`,
      { token: agent.token },
    );
    expect(second.body.data.map((m: any) => m.body)).toEqual(['Yes I will', 'Are you coming? Reply YES or NO']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('queues a reply through the default gateway (kind reply) and the simulator delivers it', async () => {
    const sent = await server.post(
      `/api/inbox/conversations/${ids.get(2)}/reply`,
      { body: 'Thanks for letting us know' },
      { token: agent.token },
    );
    expect(sent.status).toBe(202);
    expect(sent.body.message).toMatchObject({
      kind: 'reply',
      campaignId: null,
      contactId: ids.get(2),
      phone: phone(2),
      body: 'Thanks for letting us know',
    });
    const id = sent.body.message.id;
    const delivered = await waitFor(
      async () => {
        const message = (await server.get(`/api/messages/${id}`, { token: agent.token })).body.message;
        return message.status === 'delivered' ? message : undefined;
      },
      10_000,
      'reply delivered',
    );
    expect(delivered).toMatchObject({ kind: 'reply', segments: 1, encoding: 'GSM-7' });
    const [row] = await queryRows<{ gateway_id: string; sender_id: string | null }>(
      server.database.db,
      sql`select gateway_id, sender_id from messages where id = ${id}`,
    );
    // The default gateway, answering on the number the contact wrote to.
    expect(row).toEqual({ gateway_id: GATEWAY, sender_id: '+447700999999' });
    const thread = await server.get(`/api/inbox/conversations/${ids.get(2)}/messages`, { token: agent.token });
    expect(thread.body.data[0]).toMatchObject({
      direction: 'out',
      kind: 'reply',
      body: 'Thanks for letting us know',
      status: 'delivered',
      campaignName: null,
    });
    // The conversation moves to the top with the reply as its preview.
    expect((await list()).body.data[0]).toMatchObject({
      contactId: ids.get(2),
      lastMessage: { direction: 'out', body: 'Thanks for letting us know', status: 'delivered' },
    });
    // A contact answered from the inbox who never wrote in has a conversation too.
    await server.post(`/api/inbox/conversations/${ids.get(5)}/reply`, { body: 'Hello from the team' }, { token: admin.token });
    expect((await list()).body.data[0]).toMatchObject({ contactId: ids.get(5), unread: 0, lastMessage: { direction: 'out' } });
  });

  it('refuses a reply to an opted-out contact with 409 CONTACT_OPTED_OUT', async () => {
    const answer = await server.post(`/api/inbox/conversations/${ids.get(3)}/reply`, { body: 'Are you sure?' }, { token: admin.token });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: INBOX_ERROR_CODES.optedOut });
    expect(answer.body.message).toMatch(/opted out/);
  });

  it('answers 400 naming the field for bad input, 404 for an unknown contact', async () => {
    const contact = ids.get(2) ?? '';
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/api/inbox/conversations/${contact}/reply`, { body: '' }, 'body'],
      ['POST', `/api/inbox/conversations/${contact}/reply`, { body: '   ' }, 'body'],
      ['POST', `/api/inbox/conversations/${contact}/reply`, {}, 'body'],
      ['POST', `/api/inbox/conversations/${contact}/reply`, { body: 42 }, 'body'],
      // 671 UCS-2 units: 11 parts of 67.
      ['POST', `/api/inbox/conversations/${contact}/reply`, { body: 'é€😀'.repeat(100) + 'ж'.repeat(371) }, 'body'],
      ['POST', `/api/inbox/conversations/${contact}/reply`, { body: 'a'.repeat(1601) }, 'body'],
      ['POST', '/api/inbox/conversations/not-a-uuid/reply', { body: 'Hi' }, 'contactId'],
      ['POST', '/api/inbox/conversations/not-a-uuid/read', undefined, 'contactId'],
      ['GET', '/api/inbox/conversations?unread=maybe', undefined, 'unread'],
      ['GET', '/api/inbox/conversations?campaignId=x', undefined, 'campaignId'],
      ['GET', '/api/inbox/conversations?limit=0', undefined, 'limit'],
      ['GET', `/api/inbox/conversations/${contact}/messages?before=abc`, undefined, 'before'],
      ['GET', '/api/contacts/nope/messages', undefined, 'id'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await server.request(method, path, { token: admin.token, ...(body === undefined ? {} : { body }) });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.body, `${method} ${path}`).toMatchObject({ code: 'VALIDATION_ERROR', field });
      expect(answer.body.message.toLowerCase()).toContain(field.toLowerCase());
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['POST', `/api/inbox/conversations/${missing}/reply`],
      ['POST', `/api/inbox/conversations/${missing}/read`],
      ['GET', `/api/inbox/conversations/${missing}/messages`],
      ['GET', `/api/contacts/${missing}/messages`],
    ] as const) {
      expect(
        (await server.request(method, path, { token: admin.token, ...(method === 'POST' ? { body: { body: 'Hi' } } : {}) })).status,
        path,
      ).toBe(404);
    }
  });

  it('lets admins, managers and agents use the inbox; not viewers or anonymous callers', async () => {
    const manager = await server.createUser('manager');
    const contact = ids.get(2) ?? '';
    const calls = [
      (token?: string) => server.get('/api/inbox/conversations', token ? { token } : {}),
      (token?: string) => server.get(`/api/inbox/conversations/${contact}/messages`, token ? { token } : {}),
      (token?: string) => server.post(`/api/inbox/conversations/${contact}/read`, undefined, token ? { token } : {}),
      (token?: string) => server.post(`/api/inbox/conversations/${contact}/reply`, { body: 'Role check' }, token ? { token } : {}),
    ];
    for (const call of calls) {
      expect((await call(viewer.token)).status).toBe(403);
      expect((await call()).status).toBe(401);
      expect((await call(manager.token)).status).toBeLessThan(300);
      expect((await call(agent.token)).status).toBeLessThan(300);
    }
    const stream = await fetch(`${server.baseUrl}/api/inbox/stream`, { headers: { authorization: `Bearer ${viewer.token}` } });
    expect(stream.status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/inbox/stream`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/inbox/stream?token=${agent.token}`)).status).toBe(401);
  });

  it('streams an event when a reply arrives and when an inbox reply changes status', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/inbox/stream`, {
      headers: { authorization: `Bearer ${agent.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let buffer = '';
    const events: Array<{ event: string; data: any }> = [];
    const next = async (match: (e: { event: string; data: any }) => boolean, timeoutMs = 8_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (!chunk || chunk.done) continue;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    };
    try {
      // Let the stream take its starting point before the message arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await receive(inbound(phone(4), 'Is it still on?'));
      const arrived = await next((e) => e.event === 'inbound' && e.data.contactId === ids.get(4));
      expect(arrived.data).toMatchObject({ type: 'inbound', contactId: ids.get(4) });
      const sent = await server.post(`/api/inbox/conversations/${ids.get(4)}/reply`, { body: 'Yes it is' }, { token: agent.token });
      const delivered = await next((e) => e.event === 'message' && e.data.id === sent.body.message.id && e.data.status === 'delivered');
      expect(delivered.data).toMatchObject({ type: 'message', contactId: ids.get(4) });
    } finally {
      controller.abort();
      await reader.cancel().catch(() => {});
    }
  });
});

describe('inbox event stream and the session', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ inboxHeartbeatMs: 200 });
  });
  afterAll(() => server?.close());

  /** Opens the stream; answers a promise of the moment it ends (or null if still open after `waitMs`). */
  const openStream = async (token: string, waitMs: number) => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/inbox/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const started = Date.now();
    const ended = (async () => {
      for (;;) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), started + waitMs - Date.now())),
        ]);
        if (chunk === null) return null;
        if (chunk.done) return Date.now() - started;
      }
    })();
    return { ended, close: () => controller.abort() };
  };

  it('ends an open stream once its token is revoked, and keeps the others open', async () => {
    const leaving = await server.createUser('agent');
    const staying = await server.createUser('agent');
    const revoked = await openStream(leaving.token, 5_000);
    const kept = await openStream(staying.token, 1_500);
    try {
      expect((await server.post('/api/users/logout', undefined, { token: leaving.token })).status).toBe(204);
      expect(await revoked.ended).not.toBeNull();
      expect(await kept.ended).toBeNull();
    } finally {
      revoked.close();
      kept.close();
    }
  });

  it('ends an open stream once the account is disabled', async () => {
    const agent = await server.createUser('agent');
    const stream = await openStream(agent.token, 5_000);
    try {
      await server.database.db.execute(sql`update users set status = 'disabled' where id = ${agent.user.id}`);
      expect(await stream.ended).not.toBeNull();
    } finally {
      stream.close();
    }
  });
});

describe("a contact's message history", () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
  });
  afterAll(() => server?.close());

  it('lists every kind of message and the inbound ones, newest first, paged; never account notices', async () => {
    const created = await server.post('/api/contacts', { phone: '+447911123456', firstName: 'Hana' }, { token: admin.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const contact = created.body.contact;
    const campaign = (
      await server.post(
        '/api/campaigns',
        { name: 'Autumn', body: 'Hello {{first_name}}', audience: { type: 'contacts', contactIds: [contact.id] } },
        { token: admin.token },
      )
    ).body.campaign;
    await server.post(`/api/campaigns/${campaign.id}/launch`, undefined, { token: admin.token });
    await waitFor(
      async () =>
        (await server.get(`/api/campaigns/${campaign.id}`, { token: admin.token })).body.campaign.status === 'completed' ? true : undefined,
      20_000,
      'campaign',
    );
    await server.post(`/api/campaigns/${campaign.id}/test-send`, { phone: '+447911123456' }, { token: admin.token });
    await server.engine?.inbound(GATEWAY, [
      { gatewayMessageId: 'history-1', from: '+447911123456', to: '+447700999999', body: 'HELP', receivedAt: new Date() },
    ]);
    // HELP is answered automatically (kind auto).
    const history = await waitFor(
      async () => {
        const answer = await server.get(`/api/contacts/${contact.id}/messages`, { token: admin.token });
        return answer.body.data.length === 4 ? answer : undefined;
      },
      10_000,
      'four messages',
    );
    await server.database.db.execute(
      sql`insert into messages (kind, contact_id, phone, body) values ('notice', ${contact.id}, '+447911123456', 'Your code is 123456')`,
    );
    const again = await server.get(`/api/contacts/${contact.id}/messages`, { token: admin.token });
    expect(again.body.data.map((m: any) => m.kind ?? 'inbound').sort()).toEqual(['auto', 'campaign', 'inbound', 'test']);
    expect(JSON.stringify(again.body)).not.toContain('123456');
    expect(history.body.data.find((m: any) => m.kind === 'campaign')).toMatchObject({
      body: 'Hello Hana',
      campaignName: 'Autumn',
      direction: 'out',
    });
    const times = again.body.data.map((m: any) => Date.parse(m.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Paged: two and two, no overlap.
    const first = await server.get(`/api/contacts/${contact.id}/messages?limit=2`, { token: admin.token });
    const second = await server.get(`/api/contacts/${contact.id}/messages?limit=2&before=${encodeURIComponent(first.body.nextCursor)}`, {
      token: admin.token,
    });
    expect([...first.body.data, ...second.body.data].map((m: any) => m.key)).toEqual(again.body.data.map((m: any) => m.key));
    expect(second.body.nextCursor).toBeNull();
    // Whoever reads contacts reads their history; viewers do not read contacts.
    const viewer = await server.createUser('viewer');
    expect((await server.get(`/api/contacts/${contact.id}/messages`, { token: viewer.token })).status).toBe(403);
    const agent = await server.createUser('agent');
    expect((await server.get(`/api/contacts/${contact.id}/messages`, { token: agent.token })).status).toBe(200);
  });
});
