import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import type { InboundSms } from '../src/gateways/gateway.ts';
import { MISSING_ID } from './campaign-api.ts';
import { configureSimulator } from './campaign-fixtures.ts';
import { processInbound } from '../src/modules/inbound/index.ts';
import { domainEvents } from '../src/sending.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
let sequence = 0;
const inbound = (from: string, body: string): InboundSms => ({
  gatewayMessageId: `rules-assign-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt: new Date(),
});

/** The keyword rules' assign action (decision 104): the tickets' assignment, by rule, in the reply's transaction. */
describe('keyword rules: assign the conversation', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let ana: TestAccount;
  let bo: TestAccount;
  let viewer: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    ana = await server.createUser('agent', { name: 'Ana Agent' });
    bo = await server.createUser('agent', { name: 'Bo Agent' });
    viewer = await server.createUser('viewer');
    await configureSimulator(server, admin.token, {});
    // Round-robin picks among Ana and Bo only.
    for (const account of [admin, manager])
      await server.put('/api/tickets/availability', { availability: 'away' }, { token: account.token });
  });
  afterAll(() => server?.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await server.post('/api/keyword-rules', body, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.rule as any;
  };
  const removeAll = async () => {
    const { body } = await server.get('/api/keyword-rules', { token: admin.token });
    for (const rule of (body as any).data) await server.delete(`/api/keyword-rules/${rule.id}`, { token: admin.token });
  };
  const receive = async (...messages: InboundSms[]) => server.engine?.inbound(GATEWAY, messages);
  const contactId = async (phone: string) =>
    (await queryRows<{ id: string }>(server.database.db, sql`select id from contacts where phone = ${phone}`))[0]?.id ?? '';
  const ticket = async (phone: string) =>
    (await server.get(`/api/tickets/${await contactId(phone)}`, { token: admin.token })).body.ticket as any;
  const events = async (phone: string) =>
    queryRows<{ kind: string; actor_id: string | null; details: any }>(
      server.database.db,
      sql`select kind, actor_id, details from conversation_events where contact_id = ${await contactId(phone)} order by at, id`,
    );
  const replyResults = async (phone: string) => {
    const thread = await server.get(`/api/inbox/conversations/${await contactId(phone)}/messages`, { token: ana.token });
    return (thread.body as any).data.filter((message: any) => message.direction === 'in').map((message: any) => message.ruleApplications);
  };

  it('answers 400 naming the field for an unknown user, one who may not answer in the inbox, or no userId', async () => {
    const valid = { name: 'Assign', words: ['HELPME'], actions: [{ type: 'assign', userId: ana.user.id }] };
    const cases: Array<[unknown[], string]> = [
      [[{ type: 'assign', userId: MISSING_ID }], 'actions.0.userId'],
      [
        [
          { type: 'tag', field: 'tag1', value: 'x' },
          { type: 'assign', userId: viewer.user.id },
        ],
        'actions.1.userId',
      ],
      [[{ type: 'assign', userId: 'ana' }], 'actions.0.userId'],
      [[{ type: 'assign' }], 'actions.0.userId'],
    ];
    for (const [actions, field] of cases) {
      const response = await server.post('/api/keyword-rules', { ...valid, actions }, { token: admin.token });
      expect(response.status, JSON.stringify(actions)).toBe(400);
      expect((response.body as any).field, JSON.stringify(actions)).toBe(field);
    }
    const rule = await create(valid);
    expect(rule.actions).toEqual([{ type: 'assign', userId: ana.user.id }]);
    const change = await server.put(
      `/api/keyword-rules/${rule.id}`,
      { actions: [{ type: 'assign', userId: viewer.user.id }] },
      { token: admin.token },
    );
    expect(change.status).toBe(400);
    expect((change.body as any).field).toBe('actions.0.userId');
    // Round-robin (userId null) is valid; the test box names the person or the team.
    expect(
      (await server.put(`/api/keyword-rules/${rule.id}`, { actions: [{ type: 'assign', userId: null }] }, { token: admin.token })).status,
    ).toBe(200);
    await create({ name: 'Named', words: ['HELPME'], actions: [{ type: 'assign', userId: bo.user.id }] });
    const test = await server.post('/api/keyword-rules/test', { text: 'helpme' }, { token: manager.token });
    expect(test.status).toBe(200);
    expect((test.body as any).applications.map((application: any) => application.results)).toEqual([
      [{ code: 'assigned_team', params: {} }],
      [{ code: 'assigned', params: { userId: bo.user.id, name: 'Bo Agent' } }],
    ]);
    await removeAll();
  });

  it('assigns the reply’s conversation to the rule’s person, recorded with the rule as the cause, once per reply', async () => {
    const rule = await create({ name: 'VIP', words: ['VIP'], actions: [{ type: 'assign', userId: ana.user.id }] });
    const phone = '+447700600001';
    await receive(inbound(phone, 'vip'));
    expect((await ticket(phone)).assignee).toEqual({ id: ana.user.id, name: 'Ana Agent' });
    expect(await events(phone)).toEqual([
      expect.objectContaining({ kind: 'opened', actor_id: null }),
      { kind: 'assigned', actor_id: null, details: { from: null, to: ana.user.id, rule: { id: rule.id, name: 'VIP' } } },
    ]);
    expect(await replyResults(phone)).toEqual([
      [{ ruleId: rule.id, ruleName: 'VIP', results: [{ code: 'assigned', params: { userId: ana.user.id, name: 'Ana Agent' } }] }],
    ]);
    // Someone moves it to Bo; the same reply processed again (a crash before its batch finished) assigns nothing twice.
    await server.request('PATCH', `/api/tickets/${await contactId(phone)}`, { body: { assigneeId: bo.user.id }, token: admin.token });
    const ids = (
      await queryRows<{ id: string }>(
        server.database.db,
        sql`update inbound_messages set processed_at = null where from_phone = ${phone} returning id::text as id`,
      )
    ).map((row) => row.id);
    expect((await processInbound(server.database.db, ids, domainEvents())).processed).toBe(1);
    expect((await ticket(phone)).assignee?.id).toBe(bo.user.id);
    // A later reply applies the rule again: back to Ana.
    await receive(inbound(phone, 'VIP'));
    expect((await ticket(phone)).assignee?.id).toBe(ana.user.id);
    expect((await events(phone)).filter((event) => event.kind === 'assigned' && event.details.rule)).toHaveLength(2);
    await removeAll();
  });

  it('wins over round-robin for its reply; round-robin still assigns the other new conversations of the batch', async () => {
    expect((await server.put('/api/tickets/settings', { autoAssign: true }, { token: admin.token })).status).toBe(200);
    const rule = await create({ name: 'Bo please', words: ['BO'], actions: [{ type: 'assign', userId: bo.user.id }] });
    const turnsBefore = await queryRows<{ user_id: string; last_assigned_at: string }>(
      server.database.db,
      sql`select user_id, last_assigned_at::text from conversation_assignment_turns order by user_id`,
    );
    // Ana and Bo alternate in round-robin: whichever it would pick, five new conversations by rule all go to Bo.
    const phones = ['+447700600011', '+447700600012', '+447700600013', '+447700600014', '+447700600015'];
    for (const phone of phones) await receive(inbound(phone, 'bo'));
    for (const phone of phones) {
      expect((await ticket(phone)).assignee?.id).toBe(bo.user.id);
      const assigned = (await events(phone)).filter((event) => event.kind === 'assigned');
      expect(assigned).toEqual([
        { kind: 'assigned', actor_id: null, details: { from: null, to: bo.user.id, rule: { id: rule.id, name: 'Bo please' } } },
      ]);
    }
    // The rule took no round-robin turn.
    expect(
      await queryRows(server.database.db, sql`select user_id, last_assigned_at::text from conversation_assignment_turns order by user_id`),
    ).toEqual(turnsBefore);
    // In one batch: the rule's reply goes to Bo, another new conversation goes round-robin.
    await receive(inbound('+447700600016', 'BO'), inbound('+447700600017', 'hello'));
    expect((await ticket('+447700600016')).assignee?.id).toBe(bo.user.id);
    expect([ana.user.id, bo.user.id]).toContain((await ticket('+447700600017')).assignee?.id);
    expect((await events('+447700600017')).find((event) => event.kind === 'assigned')?.details).toMatchObject({ auto: true });
    await server.put('/api/tickets/settings', { autoAssign: false }, { token: admin.token });
    await removeAll();
  });

  it('assigns to the team by round-robin (setting off too), keeps an assignee, and says when nobody can take it', async () => {
    const rule = await create({ name: 'Team', words: ['TEAM'], actions: [{ type: 'assign', userId: null }] });
    const phone = '+447700600021';
    await receive(inbound(phone, 'team'));
    const first = (await ticket(phone)).assignee;
    expect([ana.user.id, bo.user.id]).toContain(first?.id);
    expect((await events(phone)).find((event) => event.kind === 'assigned')?.details).toEqual({
      from: null,
      to: first?.id,
      auto: true,
      rule: { id: rule.id, name: 'Team' },
    });
    // Already assigned: the assignee keeps it.
    await receive(inbound(phone, 'TEAM'));
    expect((await ticket(phone)).assignee?.id).toBe(first?.id);
    // Nobody available: not assigned, and the reply says so.
    for (const account of [ana, bo]) await server.put('/api/tickets/availability', { availability: 'away' }, { token: account.token });
    const lonely = '+447700600022';
    await receive(inbound(lonely, 'team'));
    expect((await ticket(lonely)).assignee).toBeNull();
    // The thread lists the newest first.
    expect((await replyResults(phone)).map((applications: any) => applications[0].results[0])).toEqual([
      { code: 'assign_kept', params: { name: first?.name } },
      { code: 'assigned', params: { userId: first?.id, name: first?.name } },
    ]);
    expect((await replyResults(lonely))[0][0].results).toEqual([{ code: 'assign_no_agent', params: {} }]);
    for (const account of [ana, bo]) await server.put('/api/tickets/availability', { availability: 'available' }, { token: account.token });
    await removeAll();
  });
});
