import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { InboundSms } from '../../gateways/gateway.ts';
import { MISSING_ID } from '../../../test/campaign-api.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;
let sequence = 0;
const inbound = (from: string, body: string): InboundSms => ({
  gatewayMessageId: `rules-in-${++sequence}`,
  from,
  to: '+447700999999',
  body,
  receivedAt: new Date(),
});

describe('keyword rules API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let agent: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    agent = await server.createUser('agent');
    await configureSimulator(server, admin.token, {});
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
  const contactOf = async (phone: string) =>
    (
      await queryRows<{ id: string; tag1: string | null; tag2: string | null; custom_fields: Record<string, string>; status: string }>(
        server.database.db,
        sql`select id, tag1, tag2, custom_fields, status from contacts where phone = ${phone}`,
      )
    )[0];
  const autoAnswers = async (phone: string) =>
    (
      await queryRows<{ body: string }>(
        server.database.db,
        sql`select body from messages where kind = 'auto' and phone = ${phone} order by id`,
      )
    ).map((row) => row.body);
  const applications = async (phone: string) =>
    queryRows<{ rule_name: string; results: any[] }>(
      server.database.db,
      sql`select a.rule_name, a.results from keyword_rule_applications a join inbound_messages i on i.id = a.inbound_id
          where i.from_phone = ${phone} order by a.inbound_id, a.rule_position`,
    );

  it('refuses strangers (401); managers read and test but do not change (403); agents see nothing (403)', async () => {
    expect((await server.get('/api/keyword-rules')).status).toBe(401);
    expect((await server.post('/api/keyword-rules/test', { text: 'x' })).status).toBe(401);
    expect((await server.get('/api/keyword-rules', { token: agent.token })).status).toBe(403);
    expect((await server.get('/api/keyword-rules', { token: manager.token })).status).toBe(200);
    expect((await server.post('/api/keyword-rules/test', { text: 'x' }, { token: manager.token })).status).toBe(200);
    const rule = await create({ name: 'Readable', words: ['READ'], actions: [{ type: 'tag', field: 'tag2', value: 'r' }] });
    expect((await server.get(`/api/keyword-rules/${rule.id}`, { token: manager.token })).status).toBe(200);
    expect((await server.get(`/api/keyword-rules/${rule.id}`, { token: agent.token })).status).toBe(403);
    const body = { name: 'x', words: ['X'], actions: [{ type: 'answer', text: 'y' }] };
    expect((await server.post('/api/keyword-rules', body, { token: manager.token })).status).toBe(403);
    expect((await server.put(`/api/keyword-rules/${rule.id}`, { enabled: false }, { token: manager.token })).status).toBe(403);
    expect((await server.delete(`/api/keyword-rules/${rule.id}`, { token: manager.token })).status).toBe(403);
    expect((await server.put('/api/keyword-rules/order', { ids: [rule.id] }, { token: manager.token })).status).toBe(403);
    await removeAll();
  });

  it('answers 400 naming the field (an opt-out keyword among the words too) and 404 for an unknown rule', async () => {
    const valid = { name: 'Valid', words: ['VIP'], actions: [{ type: 'tag', field: 'tag1', value: 'vip' }] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, name: ' ' }, 'name'],
      [{ ...valid, words: [] }, 'words'],
      [{ ...valid, words: ['two words'] }, 'words.0'],
      [{ ...valid, words: ['stop'] }, 'words'],
      [{ ...valid, actions: [] }, 'actions'],
      [{ ...valid, actions: [{ type: 'assign' }] }, 'actions.0.userId'],
      [{ ...valid, actions: [{ type: 'escalate' }] }, 'actions.0.type'],
      [{ ...valid, actions: [{ type: 'tag', field: 'tag9', value: 'x' }] }, 'actions.0.field'],
      [{ ...valid, actions: [{ type: 'answer', text: 'x'.repeat(321) }] }, 'actions.0.text'],
      [{ ...valid, actions: [{ type: 'notify' }] }, 'actions.0.userIds'],
      [{ ...valid, actions: [{ type: 'notify', userIds: [MISSING_ID] }] }, 'actions.0.userIds'],
      [{ ...valid, enabled: 'yes' }, 'enabled'],
    ];
    for (const [body, field] of cases) {
      const response = await server.post('/api/keyword-rules', body, { token: admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as any).field, JSON.stringify(body)).toBe(field);
    }
    expect((await server.get(`/api/keyword-rules/${MISSING_ID}`, { token: admin.token })).status).toBe(404);
    expect((await server.get('/api/keyword-rules/nope', { token: admin.token })).body).toMatchObject({ field: 'id' });
    expect((await server.put(`/api/keyword-rules/${MISSING_ID}`, { enabled: false }, { token: admin.token })).status).toBe(404);
    expect((await server.delete(`/api/keyword-rules/${MISSING_ID}`, { token: admin.token })).status).toBe(404);
    const rule = await create(valid);
    expect((await server.put(`/api/keyword-rules/${rule.id}`, { words: ['STOP'] }, { token: admin.token })).body).toMatchObject({
      field: 'words',
    });
    expect((await server.put('/api/keyword-rules/order', { ids: [MISSING_ID] }, { token: admin.token })).body).toMatchObject({
      field: 'ids',
    });
    expect((await server.post('/api/keyword-rules/test', { text: 1 }, { token: admin.token })).body).toMatchObject({ field: 'text' });
    await removeAll();
  });

  it('creates, reads, changes, reorders, tests and deletes rules, each change audited', async () => {
    const first = await create({
      name: 'First',
      words: ['vip', 'Gold!'.replace('!', '')],
      actions: [{ type: 'tag', field: 'tag1', value: 'vip' }],
    });
    expect(first).toMatchObject({ words: ['VIP', 'GOLD'], enabled: true, position: 1 });
    const second = await create({ name: 'Second', words: ['VIP'], actions: [{ type: 'answer', text: 'Thanks!' }], enabled: false });
    expect(second.position).toBe(2);
    const changed = await server.put(`/api/keyword-rules/${second.id}`, { enabled: true, name: 'Answer' }, { token: admin.token });
    expect(changed.body).toMatchObject({ rule: { enabled: true, name: 'Answer' } });
    const reordered = await server.put('/api/keyword-rules/order', { ids: [second.id, first.id] }, { token: admin.token });
    expect((reordered.body as any).data.map((rule: any) => [rule.name, rule.position])).toEqual([
      ['Answer', 1],
      ['First', 2],
    ]);
    const tested = await server.post('/api/keyword-rules/test', { text: ' vip. ' }, { token: admin.token });
    expect(tested.body).toEqual({
      keyword: null,
      applications: [
        { ruleId: second.id, ruleName: 'Answer', results: [{ code: 'answered', params: {} }] },
        { ruleId: first.id, ruleName: 'First', results: [{ code: 'tagged', params: { field: 'tag1', value: 'vip' } }] },
      ],
    });
    const optedOut = await server.post('/api/keyword-rules/test', { text: 'VIP', optedOut: true }, { token: admin.token });
    expect((optedOut.body as any).applications[0].results).toEqual([{ code: 'answer_skipped', params: {} }]);
    expect((await server.post('/api/keyword-rules/test', { text: 'STOP' }, { token: admin.token })).body).toEqual({
      keyword: 'optOut',
      applications: [],
    });
    expect((await server.post('/api/keyword-rules/test', { text: 'vip please' }, { token: admin.token })).body).toMatchObject({
      applications: [],
    });
    expect((await server.delete(`/api/keyword-rules/${first.id}`, { token: admin.token })).status).toBe(204);
    expect((await server.get('/api/keyword-rules', { token: admin.token })).body).toMatchObject({ total: 1 });
    const audit = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where action like 'keyword_rule.%' order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['keyword_rule.create', 'keyword_rule.update', 'keyword_rule.reorder', 'keyword_rule.delete']),
    );
    await removeAll();
  });

  it('applies matching rules to a reply in order: tags, fields, an automatic answer, a notice; shown on the reply in the inbox', async () => {
    const tagging = await create({
      name: 'VIP',
      words: ['VIP'],
      actions: [
        { type: 'tag', field: 'tag1', value: 'vip' },
        { type: 'field', name: 'level', value: 'gold' },
      ],
    });
    await create({
      name: 'Welcome',
      words: ['VIP', 'GOLD'],
      actions: [
        { type: 'tag', field: 'tag1', value: 'vip-later' },
        { type: 'answer', text: 'Welcome to VIP' },
        { type: 'notify', roles: ['manager'] },
      ],
    });
    await create({ name: 'Other', words: ['OTHER'], actions: [{ type: 'tag', field: 'tag2', value: 'other' }] });
    const phone = '+447700500001';
    await receive(inbound(phone, 'vip!'));
    const contact = await contactOf(phone);
    // Both VIP rules applied, in order: the later one's tag1 wins.
    expect(contact).toMatchObject({ tag1: 'vip-later', tag2: null, custom_fields: { level: 'gold' } });
    expect(await autoAnswers(phone)).toEqual(['Welcome to VIP']);
    expect((await applications(phone)).map((row) => row.rule_name)).toEqual(['VIP', 'Welcome']);
    // Notify: the managers (named by role), not the agents; about the contact, without their number.
    const ruleNotices = async (token: string) =>
      ((await server.get('/api/notifications', { token })).body as any).data.filter((notice: any) => notice.kind === 'keyword_rule');
    expect(await ruleNotices(manager.token)).toEqual([
      expect.objectContaining({ subjectId: contact?.id, params: { name: 'Welcome', rule: 'Welcome', word: 'VIP' } }),
    ]);
    expect(await ruleNotices(agent.token)).toEqual([]);
    // The inbox's thread shows what the rules did on the reply.
    const thread = await server.get(`/api/inbox/conversations/${contact?.id}/messages`, { token: agent.token });
    const reply = (thread.body as any).data.find((message: any) => message.direction === 'in');
    expect(reply.ruleApplications).toEqual([
      {
        ruleId: tagging.id,
        ruleName: 'VIP',
        results: [
          { code: 'tagged', params: { field: 'tag1', value: 'vip' } },
          { code: 'field_set', params: { name: 'level', value: 'gold' } },
        ],
      },
      expect.objectContaining({ ruleName: 'Welcome', results: expect.arrayContaining([{ code: 'answered', params: {} }]) }),
    ]);
    await removeAll();
  });

  it('never runs on an opt-out keyword, and never answers an opted-out contact', async () => {
    await create({
      name: 'Leave rule',
      words: ['LEAVEME', 'VIP'],
      actions: [
        { type: 'tag', field: 'tag2', value: 'quit' },
        { type: 'answer', text: 'Rule answer' },
      ],
    });
    // LEAVEME becomes an opt-out keyword after the rule was made: the opt-out wins.
    const settings = await server.get('/api/settings/messaging', { token: admin.token });
    const optOutKeywords = [...(settings.body as any).settings.optOutKeywords, 'LEAVEME'];
    expect((await server.put('/api/settings/messaging', { optOutKeywords }, { token: admin.token })).status).toBe(200);
    const phone = '+447700500003';
    await receive(inbound(phone, 'Leaveme'));
    expect(await contactOf(phone)).toMatchObject({ status: 'opted_out', tag2: null });
    expect(await applications(phone)).toHaveLength(0);
    const confirmation = await autoAnswers(phone);
    expect(confirmation).toHaveLength(1);
    expect(confirmation).not.toContain('Rule answer');
    // The opted-out contact's later VIP: tagged, but not answered.
    await receive(inbound(phone, 'VIP'));
    expect(await contactOf(phone)).toMatchObject({ status: 'opted_out', tag2: 'quit' });
    expect(await autoAnswers(phone)).toEqual(confirmation);
    expect((await applications(phone))[0]?.results).toEqual([
      { code: 'tagged', params: { field: 'tag2', value: 'quit' } },
      { code: 'answer_skipped', params: {} },
    ]);
    await removeAll();
  });

  it("keeps an earlier campaign's tag1 figures when a rule sets the contact's tag1", async () => {
    await create({ name: 'Retag', words: ['MOVE'], actions: [{ type: 'tag', field: 'tag1', value: 'moved' }] });
    const phone = '+447911000104';
    const contact = await server.post('/api/contacts', { phone, tag1: 'north' }, { token: admin.token });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const created = await server.post(
      '/api/campaigns',
      { name: 'Tag1 figures', body: 'Reply MOVE', audience: { type: 'filter', filter: { tag1: 'north' } } },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const campaignId: string = (created.body as any).campaign.id;
    const launched = await server.post(`/api/campaigns/${campaignId}/launch`, undefined, { token: admin.token });
    expect(launched.status, JSON.stringify(launched.body)).toBeLessThan(300);
    await waitFor(
      async () =>
        ((await server.get(`/api/campaigns/${campaignId}`, { token: admin.token })).body as any).campaign.status === 'completed' ||
        undefined,
      20_000,
      'the campaign to complete',
    );
    await receive(inbound(phone, 'MOVE'));
    expect((await contactOf(phone))?.tag1).toBe('moved');
    const [message] = await queryRows<{ tag1: string; reply_word: string }>(
      server.database.db,
      sql`select m.tag1, m.reply_word from messages m join contacts c on c.id = m.contact_id where m.campaign_id = ${campaignId} and c.phone = ${phone}`,
    );
    expect(message).toEqual({ tag1: 'north', reply_word: 'MOVE' });
    await removeAll();
  });
});
