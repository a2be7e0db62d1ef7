import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { configureSimulator, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { conversationsOnInbound } from './tickets.service.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
const phone = (i: number) => `+447700${String(i).padStart(6, '0')}`;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let sequence = 0;
const inbound = (from: string, body: string): InboundSms => ({
  gatewayMessageId: `tickets-in-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt: new Date(Date.now() + sequence * 10),
});

describe('tickets API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let agent: TestAccount;
  let agent2: TestAccount;
  let awayAgent: TestAccount;
  let viewer: TestAccount;
  const ids = new Map<number, string>();
  const contact = (i: number) => ids.get(i) ?? '';

  const receive = async (...messages: InboundSms[]) => {
    await server.engine?.inbound(GATEWAY, messages);
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
  const patch = (contactId: string, body: unknown, token = agent.token) =>
    server.request('PATCH', `/api/tickets/${contactId}`, { body, token });
  const ticket = async (i: number) => (await server.get(`/api/tickets/${contact(i)}`, { token: agent.token })).body.ticket;
  const listIds = async (query: string, token = agent.token) => {
    const answer = await server.get(`/api/tickets${query}`, { token });
    expect(answer.status).toBe(200);
    return (answer.body.data as any[]).map((row) => row.contactId);
  };

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    agent = await server.createUser('agent', { name: 'Alice Agent' });
    agent2 = await server.createUser('agent', { name: 'Bob Agent' });
    awayAgent = await server.createUser('agent', { name: 'Carol Away' });
    viewer = await server.createUser('viewer');
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 20);
    for (const row of await queryRows<{ id: string; phone: string }>(server.database.db, sql`select id, phone from contacts`))
      ids.set(Number(row.phone.slice(-6)), row.id);
    await receive(inbound(phone(1), 'Hello, my order is late'), inbound(phone(2), 'Question about billing'));
  });
  afterAll(() => server?.close());

  it('answers 401 without a session and 403 to roles that may not', async () => {
    expect((await server.get('/api/tickets')).status).toBe(401);
    expect((await server.request('PATCH', `/api/tickets/${contact(1)}`, { body: { status: 'resolved' } })).status).toBe(401);
    expect((await server.get('/api/tickets/report')).status).toBe(401);
    expect((await server.put('/api/tickets/availability', { availability: 'away' })).status).toBe(401);
    expect((await server.get('/api/tickets', { token: viewer.token })).status).toBe(403);
    expect((await server.get(`/api/tickets/${contact(1)}`, { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/tickets/agents', { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/tickets/report', { token: viewer.token })).status).toBe(403);
    const refused = await patch(contact(1), { status: 'resolved' }, viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await server.put('/api/tickets/settings', { autoAssign: true }, { token: agent.token })).status).toBe(403);
    expect((await server.put('/api/tickets/settings', { autoAssign: true }, { token: manager.token })).status).toBe(403);
  });

  it('answers 400 naming the field', async () => {
    const cases: Array<[string, Promise<any>]> = [
      ['view', server.get('/api/tickets?view=everything', { token: agent.token })],
      ['priority', server.get('/api/tickets?priority=meh', { token: agent.token })],
      ['campaignId', server.get('/api/tickets?campaignId=nope', { token: agent.token })],
      ['contactId', patch('not-a-uuid', { status: 'open' })],
      ['status', patch(contact(1), { status: 'closed' })],
      ['snoozedUntil', patch(contact(1), { status: 'snoozed' })],
      ['snoozedUntil', patch(contact(1), { status: 'snoozed', snoozedUntil: '2001-01-01T00:00:00Z' })],
      ['assigneeId', patch(contact(1), { assigneeId: 'bob' })],
      ['assigneeId', patch(contact(1), { assigneeId: viewer.user.id })],
      ['assigneeId', patch(contact(1), { assigneeId: UNKNOWN })],
      ['labels', patch(contact(1), { labels: Array.from({ length: 11 }, (_, i) => `l${i}`) })],
      ['labels.0', patch(contact(1), { labels: ['<b>'] })],
      ['priority', patch(contact(1), { priority: 'asap' })],
      ['days', server.get('/api/tickets/report?days=0', { token: agent.token })],
      ['availability', server.put('/api/tickets/availability', { availability: 'busy' }, { token: agent.token })],
      ['autoAssign', server.put('/api/tickets/settings', { autoAssign: 'yes' }, { token: admin.token })],
    ];
    for (const [field, request] of cases) {
      const answer = await request;
      expect(answer.status, field).toBe(400);
      expect(answer.body.field, JSON.stringify(answer.body)).toBe(field);
    }
    // Nothing was written by the refused changes.
    expect(await ticket(1)).toMatchObject({ status: 'open', assignee: null, labels: [], priority: 'normal' });
  });

  it('answers 404 for an unknown conversation (and for a contact who has none)', async () => {
    expect((await patch(UNKNOWN, { status: 'resolved' })).status).toBe(404);
    expect((await server.get(`/api/tickets/${UNKNOWN}`, { token: agent.token })).status).toBe(404);
    const quiet = await patch(contact(19), { status: 'resolved' });
    expect(quiet.status).toBe(404);
    expect(quiet.body.message).toBe('Conversation not found');
  });

  it('lists conversations open and unassigned by default, then assigns, labels, prioritises and resolves them (audited, with history)', async () => {
    expect(await ticket(1)).toMatchObject({ status: 'open', assignee: null, labels: [], priority: 'normal', snoozedUntil: null });
    expect((await listIds('?view=unassigned')).sort()).toEqual([contact(1), contact(2)].sort());
    expect(await listIds('?view=mine')).toEqual([]);

    const changed = await patch(contact(1), { assigneeId: agent.user.id, labels: ['Billing', 'late order', 'billing'], priority: 'high' });
    expect(changed.status).toBe(200);
    expect(changed.body.ticket).toMatchObject({
      contactId: contact(1),
      status: 'open',
      assignee: { id: agent.user.id, name: 'Alice Agent' },
      labels: ['billing', 'late order'],
      priority: 'high',
    });
    expect(await listIds('?view=mine')).toEqual([contact(1)]);
    expect(await listIds('?view=mine', agent2.token)).toEqual([]);
    // The inbox's conversation list carries the same state (its chips).
    const inbox = (await server.get('/api/inbox/conversations', { token: agent.token })).body.data as any[];
    expect(inbox.find((row) => row.contactId === contact(1)).ticket).toEqual({
      status: 'open',
      assignee: { id: agent.user.id, name: 'Alice Agent' },
      priority: 'high',
    });
    expect(inbox.find((row) => row.contactId === contact(2)).ticket).toEqual({ status: 'open', assignee: null, priority: 'normal' });
    expect(await listIds('?view=unassigned')).toEqual([contact(2)]);
    expect(await listIds('?label=billing')).toEqual([contact(1)]);
    expect(await listIds('?priority=high')).toEqual([contact(1)]);
    expect(await listIds('?priority=low')).toEqual([]);
    expect(await listIds(`?campaignId=${UNKNOWN}`)).toEqual([]);
    const page = await server.get('/api/tickets?limit=1&skip=1', { token: agent.token });
    expect(page.body.total).toBe(2);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]).toMatchObject({
      firstName: expect.any(String),
      phone: expect.any(String),
      lastActivityAt: expect.any(String),
    });

    const resolved = await patch(contact(1), { status: 'resolved' }, manager.token);
    expect(resolved.body.ticket).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect(await listIds('?view=resolved')).toEqual([contact(1)]);
    expect(await listIds('?view=all')).toEqual([contact(2)]);
    expect(await listIds('?view=mine')).toEqual([]);

    const history = await queryRows<{ kind: string; details: any; actor_id: string | null }>(
      server.database.db,
      sql`select kind, details, actor_id from conversation_events where contact_id = ${contact(1)} order by id`,
    );
    expect(history.map((row) => row.kind)).toEqual(['opened', 'assigned', 'labels', 'priority', 'status']);
    expect(history[4]).toMatchObject({ actor_id: manager.user.id, details: { from: 'open', to: 'resolved', assigneeId: agent.user.id } });
    const audit = await queryRows<{ actor_id: string }>(
      server.database.db,
      sql`select actor_id from audit_log where action = 'conversation.update' and subject_id = ${contact(1)} order by at`,
    );
    expect(audit.map((row) => row.actor_id)).toEqual([agent.user.id, manager.user.id]);

    // Unassigning.
    expect((await patch(contact(2), { assigneeId: agent2.user.id })).body.ticket.assignee.id).toBe(agent2.user.id);
    expect((await patch(contact(2), { assigneeId: null })).body.ticket.assignee).toBeNull();
  });

  it('reopens a resolved conversation when the contact replies, as a new round, keeping its assignee', async () => {
    expect((await ticket(1)).status).toBe('resolved');
    await receive(inbound(phone(1), 'Still not here!'));
    const reopened = await ticket(1);
    expect(reopened).toMatchObject({ status: 'open', resolvedAt: null, assignee: { id: agent.user.id } });
    const opened = await queryRows<{ details: any }>(
      server.database.db,
      sql`select details from conversation_events where contact_id = ${contact(1)} and kind = 'opened' order by id`,
    );
    expect(opened.map((row) => row.details.reopened)).toEqual([false, true]);
    expect(await listIds('?view=mine')).toEqual([contact(1)]);
  });

  it('snoozes until a time: a snooze that has run out (database clock) reads open, and a reply wakes it', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await patch(contact(2), { status: 'snoozed', snoozedUntil: until });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.ticket).toMatchObject({ status: 'snoozed' });
    expect(Date.parse(snoozed.body.ticket.snoozedUntil)).toBe(Date.parse(until));
    expect(await listIds('?status=snoozed')).toEqual([contact(2)]);
    expect(await listIds('?status=open')).not.toContain(contact(2));

    await server.database.db.execute(
      sql`update conversation_states set snoozed_until = now() - interval '1 minute' where contact_id = ${contact(2)}`,
    );
    expect(await ticket(2)).toMatchObject({ status: 'open', snoozedUntil: null });
    expect(await listIds('?status=open')).toContain(contact(2));
    expect(await listIds('?status=snoozed')).toEqual([]);

    await patch(contact(2), { status: 'snoozed', snoozedUntil: until });
    await receive(inbound(phone(2), 'Any news?'));
    expect(await ticket(2)).toMatchObject({ status: 'open', snoozedUntil: null });
  });

  it('lets a signed-in user set their own availability; the agents list shows it', async () => {
    expect((await server.get('/api/tickets/availability', { token: awayAgent.token })).body).toEqual({ availability: 'available' });
    const away = await server.put('/api/tickets/availability', { availability: 'away' }, { token: awayAgent.token });
    expect(away.status).toBe(200);
    expect(away.body).toEqual({ availability: 'away' });
    expect((await server.get('/api/tickets/availability', { token: awayAgent.token })).body).toEqual({ availability: 'away' });
    const agents = (await server.get('/api/tickets/agents', { token: agent.token })).body.data as any[];
    expect(agents.find((row) => row.id === awayAgent.user.id)).toMatchObject({ name: 'Carol Away', availability: 'away' });
    expect(agents.find((row) => row.id === viewer.user.id)).toBeUndefined();
    expect(agents.find((row) => row.id === manager.user.id)).toBeDefined();
  });

  it('assigns new conversations round-robin among available agents when the setting is on, fairly', async () => {
    expect((await server.get('/api/tickets/settings', { token: agent.token })).body).toEqual({ autoAssign: false });
    // Off: a new conversation stays unassigned.
    await receive(inbound(phone(3), 'Hi'));
    expect((await ticket(3)).assignee).toBeNull();

    for (const account of [admin, manager])
      await server.put('/api/tickets/availability', { availability: 'away' }, { token: account.token });
    const on = await server.put('/api/tickets/settings', { autoAssign: true }, { token: admin.token });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ autoAssign: true });

    const assignees: string[] = [];
    for (const i of [4, 5, 6, 7]) {
      await receive(inbound(phone(i), `New question ${i}`));
      assignees.push((await ticket(i)).assignee?.id);
    }
    const pair = [agent.user.id, agent2.user.id];
    expect(assignees.every((id) => pair.includes(id))).toBe(true);
    // Alternating: each went to the agent assigned longest ago.
    expect(assignees[0]).not.toBe(assignees[1]);
    expect(assignees[2]).toBe(assignees[0]);
    expect(assignees[3]).toBe(assignees[1]);

    // Two new conversations in one batch still go one each; a reply to an open conversation assigns nothing.
    await receive(inbound(phone(8), 'one'), inbound(phone(9), 'two'), inbound(phone(4), 'follow-up'));
    const [batch8, batch9] = [(await ticket(8)).assignee?.id, (await ticket(9)).assignee?.id];
    expect([batch8, batch9].sort()).toEqual([...pair].sort());
    expect((await ticket(4)).assignee?.id).toBe(assignees[0]);
    // The order carries over the batch (picked in contact id order): whoever took the first of the two is next.
    const firstOfBatch = contact(8) < contact(9) ? batch8 : batch9;
    await receive(inbound(phone(10), 'three'));
    expect((await ticket(10)).assignee?.id).toBe(firstOfBatch);

    // Agent 2 goes away: everything goes to agent 1.
    await server.put('/api/tickets/availability', { availability: 'away' }, { token: agent2.token });
    await receive(inbound(phone(11), 'four'));
    await receive(inbound(phone(12), 'five'));
    expect([(await ticket(11)).assignee?.id, (await ticket(12)).assignee?.id]).toEqual([agent.user.id, agent.user.id]);
    const events = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from conversation_events where kind = 'assigned' and actor_id is null and (details->>'auto')::boolean`,
    );
    expect(events[0]?.n).toBe(9);
    await server.put('/api/tickets/settings', { autoAssign: false }, { token: admin.token });
  });

  it('takes turns under concurrent batches: two conversations starting at once go to two different agents', async () => {
    await server.put('/api/tickets/settings', { autoAssign: true }, { token: admin.token });
    await server.put('/api/tickets/availability', { availability: 'available' }, { token: agent2.token });
    const db = server.database.db;
    const ids: string[] = [];
    for (const i of [13, 14]) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into inbound_messages (gateway_id, gateway_message_id, from_phone, to_address, body, received_at, contact_id)
            values (${GATEWAY}, ${`tickets-race-${i}`}, ${phone(i)}, '+447700999999', 'Hello', now(), ${contact(i)}) returning id::text as id`,
      );
      ids.push(row?.id ?? '');
    }
    // Two batches processed at once (two workers on PostgreSQL; PGlite runs them in turn).
    await Promise.all(ids.map((id) => db.transaction((tx) => conversationsOnInbound(tx, { ids: [id] }))));
    const assigned = await queryRows<{ assignee_id: string }>(
      db,
      sql`select assignee_id from conversation_states where contact_id in (${contact(13)}, ${contact(14)})`,
    );
    expect(assigned.map((row) => row.assignee_id).sort()).toEqual([agent.user.id, agent2.user.id].sort());
    await server.put('/api/tickets/settings', { autoAssign: false }, { token: admin.token });
  });

  it('reports first response and resolution medians per agent and per label from known data', async () => {
    const r1 = await server.createUser('agent', { name: 'Report One' });
    const r2 = await server.createUser('agent', { name: 'Report Two' });
    const db = server.database.db;
    const round = async (i: number, opened: number, reply: [number, string], resolved: [number, string] | null, labels: string[]) => {
      const id = contact(i);
      await db.execute(sql`insert into conversation_states (contact_id, labels) values (${id}, ${sql.param(labels)}::text[])
        on conflict (contact_id) do update set labels = excluded.labels`);
      await db.execute(
        sql`insert into conversation_events (contact_id, kind, at) values (${id}, 'opened', now() - ${opened} * interval '1 second')`,
      );
      await db.execute(sql`insert into messages (kind, contact_id, gateway_id, phone, body, created_by, queued_at)
        values ('reply', ${id}, ${GATEWAY}, ${phone(i)}, 'On it', ${reply[1]}, now() - ${reply[0]} * interval '1 second')`);
      if (resolved)
        await db.execute(sql`insert into conversation_events (contact_id, kind, actor_id, at, details)
          values (${id}, 'status', ${resolved[1]}, now() - ${resolved[0]} * interval '1 second',
                  jsonb_build_object('from', 'open', 'to', 'resolved', 'assigneeId', ${resolved[1]}::text))`);
    };
    await round(15, 3600, [3000, r1.user.id], [1800, r1.user.id], ['report-a']);
    await round(16, 7200, [6000, r2.user.id], [3600, r2.user.id], ['report-a', 'report-b']);
    await round(17, 600, [420, r1.user.id], null, ['report-b']);
    // A round older than the report's window counts nowhere.
    await round(18, 40 * 86_400, [40 * 86_400 - 60, r2.user.id], [40 * 86_400 - 120, r2.user.id], ['report-a']);

    const answer = await server.get('/api/tickets/report?days=30', { token: agent.token });
    expect(answer.status).toBe(200);
    expect(answer.body.days).toBe(30);
    const label = (name: string) => (answer.body.byLabel as any[]).find((row) => row.label === name);
    const person = (id: string) => (answer.body.byAgent as any[]).find((row) => row.userId === id);
    expect(label('report-a')).toEqual({
      label: 'report-a',
      firstResponse: { count: 2, medianSeconds: 900 },
      resolution: { count: 2, medianSeconds: 2700 },
    });
    expect(label('report-b')).toEqual({
      label: 'report-b',
      firstResponse: { count: 2, medianSeconds: 690 },
      resolution: { count: 1, medianSeconds: 3600 },
    });
    expect(person(r1.user.id)).toEqual({
      userId: r1.user.id,
      name: 'Report One',
      firstResponse: { count: 2, medianSeconds: 390 },
      resolution: { count: 1, medianSeconds: 1800 },
    });
    expect(person(r2.user.id)).toMatchObject({
      firstResponse: { count: 1, medianSeconds: 1200 },
      resolution: { count: 1, medianSeconds: 3600 },
    });
    expect(answer.body.overall.firstResponse.count).toBeGreaterThanOrEqual(3);
  });
});
