import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const ALL_SCOPES = ['messages:send', 'messages:read', 'contacts:read', 'contacts:write'];

describe('/api/v1/messages', () => {
  let server: TestServer;
  let admin: TestAccount;
  let secret = '';

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    const created = await server.post(
      '/api/api-keys',
      { name: 'Booking system', scopes: ALL_SCOPES, rateLimit: 1000 },
      { token: admin.token },
    );
    secret = created.body.secret;
  });
  afterAll(() => server?.close());

  const send = (body: unknown, headers: Record<string, string> = {}) => server.post('/api/v1/messages', body, { token: secret, headers });
  const read = (id: string) => server.get(`/api/v1/messages/${id}`, { token: secret });
  const messageCount = async () =>
    (await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from messages where kind = 'api'`))[0]?.n ?? 0;

  it('is documented in the OpenAPI document under its own tag, with examples and API key security', async () => {
    const document = (await server.get('/api/docs/json')).body;
    expect(document.tags.map((tag: any) => tag.name)).toContain('integration');
    const send = document.paths['/api/v1/messages'].post;
    expect(send.tags).toEqual(['integration']);
    expect(send.security).toEqual([{ apiKeyAuth: [] }]);
    expect(JSON.stringify(send.requestBody)).toContain('Your code is 481516');
    // The answer is the named ApiMessage schema (decision 094), which carries the example.
    expect(send.responses['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiMessage' });
    expect(JSON.stringify(document.components.schemas.ApiMessage)).toContain('otp-2291');
    const v1 = Object.entries<any>(document.paths).filter(([path]) => path.startsWith('/api/v1/'));
    expect(v1.flatMap(([, operations]) => Object.values<any>(operations).map((operation) => operation.tags))).toEqual(
      v1.flatMap(([, operations]) => Object.values(operations).map(() => ['integration'])),
    );
  });

  it('queues a message (202), sends it through the engine, and shows it in the contact history', async () => {
    const sent = await send({ to: '+44 7400 900101', body: 'Your appointment is at 10:00', reference: 'appt-1' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({
      to: '+447400900101',
      status: 'queued',
      encoding: 'GSM-7',
      segments: 1,
      priority: 'normal',
      reference: 'appt-1',
    });
    const delivered = await waitFor(
      async () => {
        const answer = await read(sent.body.id);
        return ['sent', 'delivered'].includes(answer.body.status) ? answer.body : undefined;
      },
      10_000,
      'the API message to be sent',
    );
    expect(delivered.sentAt).not.toBeNull();
    const thread = await server.get(`/api/inbox/conversations/${sent.body.contactId}/messages`, { token: admin.token });
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.body)).toContain('Your appointment is at 10:00');
    const [audit] = await queryRows<{ actor_name: string }>(
      server.database.db,
      sql`select actor_name from audit_log where action = 'message.api_send' order by id desc limit 1`,
    );
    expect(audit?.actor_name).toBe('Booking system (API key)');
  });

  it('matches a reply to the API message', async () => {
    const sent = await send({ to: '+447400900102', body: 'Reply YES to confirm' });
    await waitFor(async () => (['sent', 'delivered'].includes((await read(sent.body.id)).body.status) ? true : undefined), 10_000, 'sent');
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: 'api-reply-1', from: '+447400900102', to: '+447400999999', body: 'YES', receivedAt: new Date() },
    ]);
    const replied = await waitFor(async () => (await read(sent.body.id)).body.reply ?? undefined, 10_000, 'the reply to be matched');
    expect(replied.text).toBe('YES');
  });

  it('opens an inbox conversation when the contact replies, its thread holding the API message and the reply', async () => {
    const conversation = async (contactId: string) =>
      (await server.get('/api/inbox/conversations?limit=100', { token: admin.token })).body.data.find(
        (candidate: any) => candidate.contactId === contactId,
      );
    const sent = await send({ to: '+447400900112', body: 'Your code is 481516' });
    await waitFor(async () => (['sent', 'delivered'].includes((await read(sent.body.id)).body.status) ? true : undefined), 10_000, 'sent');
    // A one-time code alone opens no conversation (decision 051)...
    expect(await conversation(sent.body.contactId)).toBeUndefined();
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId: 'api-reply-2', from: '+447400900112', to: '+447400999999', body: 'Thanks, got it', receivedAt: new Date() },
    ]);
    // ...the reply does, unread, like a reply to a campaign message.
    const opened = await waitFor(async () => conversation(sent.body.contactId), 10_000, 'the conversation');
    expect(opened).toMatchObject({ unread: 1, lastMessage: { direction: 'in', body: 'Thanks, got it' } });
    const thread = await server.get(`/api/inbox/conversations/${sent.body.contactId}/messages`, { token: admin.token });
    // Newest first.
    expect(thread.body.data.map((message: any) => [message.direction, message.kind, message.body])).toEqual([
      ['in', null, 'Thanks, got it'],
      ['out', 'api', 'Your code is 481516'],
    ]);
  });

  it('answers 400 naming the field, INVALID_PHONE with the reason, and 409 RECIPIENT_OPTED_OUT without sending', async () => {
    const missing = await send({ to: '+447400900103' });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('body');
    const badPriority = await send({ to: '+447400900103', body: 'x', priority: 'urgent' });
    expect(badPriority.status).toBe(400);
    expect(badPriority.body.field).toBe('priority');
    const badPhone = await send({ to: '12', body: 'x' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ code: 'INVALID_PHONE', field: 'to' });
    expect(badPhone.body.message).toMatch(/country code|short|valid/);

    await server.database.db.execute(
      sql`insert into contacts (phone, status, opted_out_at, opt_out_source) values ('+447400900104', 'opted_out', now(), 'keyword')`,
    );
    const before = await messageCount();
    const optedOut = await send({ to: '+447400900104', body: 'Hello' });
    expect(optedOut.status).toBe(409);
    expect(optedOut.body.code).toBe('RECIPIENT_OPTED_OUT');
    expect(await messageCount()).toBe(before);
  });

  it('refuses an unknown field and a time in the past, naming the field, and sends nothing (issue 38)', async () => {
    const before = await messageCount();
    // A misspelt scheduledAt was dropped and the message sent at once.
    const misspelt = await send({ to: '+447400900105', body: 'Tomorrow', sheduledAt: '2099-01-01T09:00:00Z' });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'sheduledAt' });
    expect(misspelt.body.message).toContain('sheduledAt');
    const inBatch = await server.post(
      '/api/v1/messages/batch',
      { messages: [{ to: '+447400900105', body: 'x', colour: 'red' }] },
      { token: secret },
    );
    expect(inBatch.status).toBe(400);
    expect(inBatch.body.field).toBe('messages.0.colour');
    const contact = await server.post('/api/v1/contacts', { phone: '+447400900106', firstname: 'Ada' }, { token: secret });
    expect(contact.status).toBe(400);
    expect(contact.body.field).toBe('firstname');

    const past = await send({ to: '+447400900105', body: 'Yesterday', scheduledAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'scheduledAt' });
    expect(past.body.message).toMatch(/past/);
    expect(await messageCount()).toBe(before);
    // Within a minute of now (the caller's clock a little behind the database's): sent now.
    const justNow = await send({ to: '+447400900105', body: 'Now', scheduledAt: new Date(Date.now() - 5_000).toISOString() });
    expect(justNow.status, JSON.stringify(justNow.body)).toBe(202);
  });

  it('answers the first answer to a repeated Idempotency-Key and 409 to a different body', async () => {
    const headers = { 'idempotency-key': 'order-7781' };
    const first = await send({ to: '+447400900105', body: 'Your code is 1234' }, headers);
    expect(first.status).toBe(202);
    const before = await messageCount();
    const again = await send({ to: '+447400900105', body: 'Your code is 1234' }, headers);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(await messageCount()).toBe(before);
    const different = await send({ to: '+447400900105', body: 'Your code is 9999' }, headers);
    expect(different.status).toBe(409);
    expect(different.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await messageCount()).toBe(before);
  });

  it('sends once when requests with the same Idempotency-Key race, and frees the key after a refusal', async () => {
    const headers = { 'idempotency-key': 'race-1' };
    const before = await messageCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send({ to: '+447400900120', body: 'Race' }, headers)));
    expect(answers.every((answer) => answer.status === 202 || (answer.status === 409 && answer.body.code === 'IDEMPOTENCY_CONFLICT'))).toBe(
      true,
    );
    expect(new Set(answers.filter((answer) => answer.status === 202).map((answer) => answer.body.id)).size).toBe(1);
    expect(await messageCount()).toBe(before + 1);
    // A refused request (opted out) stores nothing: the same key may be used again.
    const refused = await send({ to: '+447400900104', body: 'Hello' }, { 'idempotency-key': 'refused-1' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RECIPIENT_OPTED_OUT');
    expect((await send({ to: '+447400900121', body: 'Hello' }, { 'idempotency-key': 'refused-1' })).status).toBe(202);
  });

  it('sends a batch with per-item errors', async () => {
    const batch = await server.post(
      '/api/v1/messages/batch',
      {
        messages: [
          { to: '+447400900106', body: 'One' },
          { to: 'not a number', body: 'Two' },
          { to: '+447400900104', body: 'Three' },
        ],
      },
      { token: secret },
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    expect(batch.body.results.map((r: any) => [r.index, r.status, r.error?.code ?? null])).toEqual([
      [0, 'accepted', null],
      [1, 'rejected', 'INVALID_PHONE'],
      [2, 'rejected', 'RECIPIENT_OPTED_OUT'],
    ]);
    const tooMany = await server.post(
      '/api/v1/messages/batch',
      { messages: Array.from({ length: 1001 }, () => ({ to: '+447400900106', body: 'x' })) },
      { token: secret },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe('messages');
  });

  it('reads one message (404 for another key) and lists with filters and a cursor', async () => {
    for (let i = 0; i < 3; i++) await send({ to: `+44740090011${i}`, body: `Paged ${i}`, reference: 'paged' });
    const first = await server.get('/api/v1/messages?reference=paged&limit=2', { token: secret });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await server.get(`/api/v1/messages?reference=paged&limit=2&cursor=${first.body.nextCursor}`, { token: secret });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.data, ...second.body.data].map((m: any) => m.to)).toEqual(['+447400900112', '+447400900111', '+447400900110']);
    expect((await server.get('/api/v1/messages?cursor=abc', { token: secret })).body.field).toBe('cursor');

    expect((await server.get('/api/v1/messages/nope', { token: secret })).status).toBe(400);
    expect((await server.get('/api/v1/messages/999999999', { token: secret })).status).toBe(404);
  });

  it("reads the organisation's API messages with any key holding messages:read, never campaign messages (decision 092)", async () => {
    const sent = await send({ to: '+447400900130', body: 'Sent with key A', reference: 'org-wide' });
    expect(sent.status).toBe(202);
    const reader = (await server.post('/api/api-keys', { name: 'Reader', scopes: ['messages:read'] }, { token: admin.token })).body.secret;
    const one = await server.get(`/api/v1/messages/${sent.body.id}`, { token: reader });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: sent.body.id, to: '+447400900130', reference: 'org-wide' });
    const listed = await server.get('/api/v1/messages?reference=org-wide', { token: reader });
    expect(listed.body.data.map((message: any) => message.id)).toEqual([sent.body.id]);
    // A key that may send but not read reads nothing.
    const sender = (await server.post('/api/api-keys', { name: 'Sender', scopes: ['messages:send'] }, { token: admin.token })).body.secret;
    expect((await server.get(`/api/v1/messages/${sent.body.id}`, { token: sender })).status).toBe(403);
    // A campaign's message is not an API message.
    await server.database.db.execute(sql`insert into contacts (phone) values ('+447400900131') on conflict do nothing`);
    const campaign = await server.post(
      '/api/campaigns',
      { name: 'Not API', body: 'Campaign text', audience: { type: 'all' } },
      { token: admin.token },
    );
    expect((await server.post(`/api/campaigns/${campaign.body.campaign.id}/launch`, undefined, { token: admin.token })).status).toBe(200);
    const campaignMessage = await waitFor(async () => {
      const [row] = await queryRows<{ id: string }>(
        server.database.db,
        sql`select id::text as id from messages where campaign_id = ${campaign.body.campaign.id} limit 1`,
      );
      return row?.id;
    });
    expect((await server.get(`/api/v1/messages/${campaignMessage}`, { token: reader })).status).toBe(404);
    const all = await server.get('/api/v1/messages?limit=100', { token: reader });
    expect(all.body.data.some((message: any) => message.id === campaignMessage)).toBe(false);
  });

  it('sends a high-priority message before queued normal ones and while a large campaign is still sending', async () => {
    // A campaign of 3,000 at 300 a second (about ten seconds of sending).
    await configureSimulator(server, admin.token, {}, 300);
    // The engine already sent with this gateway (unlimited) and applies the new limit when it next
    // re-reads the row, at most 2 s later (GatewayRegistry's recheck): launched sooner, the whole
    // campaign went out at once and finished before the urgent message was queued.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    await server.database.db.execute(sql`insert into contacts (phone, first_name)
      select '+4474009' || lpad(g::text, 5, '0'), 'Bulk' from generate_series(20000, 22999) g`);
    const campaign = await server.post(
      '/api/campaigns',
      { name: 'Bulk', body: 'Sale now on', audience: { type: 'all' } },
      { token: admin.token },
    );
    expect((await server.post(`/api/campaigns/${campaign.body.campaign.id}/launch`, undefined, { token: admin.token })).status).toBe(200);
    await waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          server.database.db,
          sql`select count(*)::int as n from messages where campaign_id = ${campaign.body.campaign.id} and status <> 'queued'`,
        );
        return (row?.n ?? 0) > 0 ? true : undefined;
      },
      20_000,
      'the campaign to start sending',
    );
    // 300 normal API messages and, last, one high-priority one, queued at once.
    const queued = await server.post(
      '/api/v1/messages/batch',
      {
        messages: [
          ...Array.from({ length: 300 }, (_, i) => ({ to: `+4474009${String(30000 + i)}`, body: 'Newsletter' })),
          { to: '+447400940000', body: 'Your code is 424242', priority: 'high' },
        ],
      },
      { token: secret },
    );
    expect(queued.status).toBe(202);
    const urgent = queued.body.results[300];
    expect(urgent.message.priority).toBe('high');
    await waitFor(async () => ((await read(urgent.message.id)).body.sentAt ? true : undefined), 20_000, 'the urgent message to be sent');
    const [order] = await queryRows<{ urgent: Date; first_normal: Date | null; before_campaign_end: boolean }>(
      server.database.db,
      sql`select (select claimed_at from messages where id = ${urgent.message.id}) as urgent,
                 (select min(claimed_at) from messages where kind = 'api' and body = 'Newsletter') as first_normal,
                 exists (select 1 from messages where campaign_id = ${campaign.body.campaign.id}
                         and (status = 'queued' or sent_at > (select sent_at from messages where id = ${urgent.message.id}))) as before_campaign_end`,
    );
    // Claimed no later than the first of the normal ones queued before it (high priority first)...
    expect(new Date(order!.urgent).getTime()).toBeLessThanOrEqual(new Date(order!.first_normal!).getTime());
    // ...and out before the campaign's last recipient (it skipped the campaign queue).
    expect(order?.before_campaign_end).toBe(true);
    await server.post(`/api/campaigns/${campaign.body.campaign.id}/cancel`, undefined, { token: admin.token });
  });
});
