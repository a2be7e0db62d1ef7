import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { importLimits, startImportWorker, uploadStoreFor } from '../imports/index.ts';
import { MISSING_ID } from '../../../test/campaign-api.ts';
import { configureSimulator, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { importFile } from '../../../test/import-fixtures.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const PHONE = '+447700900555';
let sequence = 0;

describe('contact timeline API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;
  let contactId = '';
  let importId = '';
  let campaignId = '';

  /** Messages from the contact through the engine, as a gateway hands them over; waits until processed. */
  const receive = async (body: string) => {
    const gatewayMessageId = `timeline-in-${++sequence}`;
    await server.engine?.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
      { gatewayMessageId, from: PHONE, to: '+447700999999', body, receivedAt: new Date() },
    ]);
    await waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          server.database.db,
          sql`select count(*)::int as n from inbound_messages where gateway_message_id = ${gatewayMessageId} and processed_at is not null and not reply_pending`,
        );
        return row?.n === 1 ? true : undefined;
      },
      15_000,
      `inbound ${body} processed`,
    );
  };
  const timeline = (query = '', token = agent.token) => server.get(`/api/contacts/${contactId}/timeline${query}`, { token });

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    await startImportWorker(
      server.jobs,
      {
        database: server.database,
        limits: importLimits({}),
        logger: { error: (details: object, message: string) => console.error(message, details) },
        uploads: uploadStoreFor(server.database, server.config.dataDir),
        batchRows: 1000,
      },
      { pollingIntervalSeconds: 0.5 },
    );
    admin = await server.createAdmin();
    agent = await server.createUser('agent', { name: 'Alex Agent' });
    viewer = await server.createUser('viewer');
    await configureSimulator(server, admin.token, {});
    // 1. The contact arrives through a real import.
    const imported = await importFile(server, admin.token, `phone,first_name\n${PHONE},Tina\n`, {}, 'timeline.csv');
    expect(imported.summary).toMatchObject({ status: 'completed', counts: { created: 1 } });
    importId = imported.id;
    const [row] = await queryRows<{ id: string }>(server.database.db, sql`select id from contacts where phone = ${PHONE}`);
    contactId = row?.id ?? '';
    // 2. A campaign sent on the simulator, delivered.
    const created = await server.post(
      '/api/campaigns',
      { name: 'Timeline drive', body: 'Coming? Reply YES', audience: { type: 'all' } },
      { token: admin.token },
    );
    campaignId = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${campaignId}/launch`, undefined, { token: admin.token })).status).toBeLessThan(300);
    await waitFor(
      async () => {
        const [message] = await queryRows<{ status: string }>(
          server.database.db,
          sql`select status from messages where campaign_id = ${campaignId} and contact_id = ${contactId}`,
        );
        return message?.status === 'delivered' ? true : undefined;
      },
      20_000,
      'the campaign message delivered',
    );
    // 3. A reply, then 4. an opt-out keyword.
    await receive('Yes I will');
    await receive('STOP');
  });
  afterAll(() => server?.close());

  it('refuses strangers (401) and viewers (403); 400 naming the field; 404 for an unknown contact', async () => {
    expect((await server.get(`/api/contacts/${contactId}/timeline`)).status).toBe(401);
    expect((await timeline('', viewer.token)).status).toBe(403);
    expect((await timeline('?limit=0')).body.field).toBe('limit');
    expect((await timeline('?limit=101')).body.field).toBe('limit');
    const badCursor = await timeline('?before=bm90LWEtY3Vyc29y');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.field).toBe('before');
    expect((await timeline('?before=a%2Fb')).body.field).toBe('before');
    expect((await server.get('/api/contacts/nope/timeline', { token: agent.token })).body.field).toBe('id');
    expect((await server.get(`/api/contacts/${MISSING_ID}/timeline`, { token: agent.token })).status).toBe(404);
  });

  it('tells the contact story newest first: import, campaign message and outcome, reply, opt-out keyword, note', async () => {
    const note = await server.post('/api/notes', { contactId, body: 'Asked to stop; do not call' }, { token: agent.token });
    expect(note.status).toBe(201);
    const answer = await timeline();
    expect(answer.status).toBe(200);
    const items = answer.body.data as any[];
    expect(answer.body.next).toBeNull();
    const times = items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const index = (predicate: (item: any) => boolean) => items.findIndex(predicate);
    const created = index((item) => item.kind === 'created');
    const sent = index((item) => item.kind === 'message' && item.campaign?.id === campaignId);
    const yes = index((item) => item.kind === 'reply' && item.body === 'Yes I will');
    const stop = index((item) => item.kind === 'reply' && item.body === 'STOP');
    const optOut = index((item) => item.kind === 'opt_out');
    const noted = index((item) => item.kind === 'note');
    expect(
      [noted, optOut, stop, yes, sent, created].every((i) => i >= 0),
      JSON.stringify(items),
    ).toBe(true);
    // Newest first: the note, the opt-out with its keyword, the reply, the message, the import.
    expect(noted).toBe(0);
    expect(created).toBe(items.length - 1);
    expect(stop).toBeLessThan(yes);
    expect(yes).toBeLessThan(sent);
    expect(sent).toBeLessThan(created);
    expect(Math.max(optOut, stop)).toBeLessThan(yes);

    expect(items[created]).toMatchObject({ source: 'import', import: { id: importId, fileName: 'timeline.csv' } });
    expect(items[sent]).toMatchObject({
      messageKind: 'campaign',
      campaign: { id: campaignId, name: 'Timeline drive' },
      status: 'delivered',
    });
    expect(items[sent].deliveredAt).not.toBeNull();
    expect(items[yes]).toMatchObject({ optsOut: false, campaign: { id: campaignId } });
    expect(items[stop]).toMatchObject({ optsOut: true });
    expect(items[optOut]).toMatchObject({ source: 'keyword' });
    expect(items[noted]).toMatchObject({ body: 'Asked to stop; do not call', author: { id: agent.user.id, name: 'Alex Agent' } });
    // The opt-out's confirmation is a direct message of its own.
    expect(items.some((item) => item.kind === 'message' && item.messageKind === 'auto')).toBe(true);
  });

  it('shows the conversation changing hands and status in order: assigned, resolved, reopened by a reply', async () => {
    const ticket = (body: unknown, token: string) => server.request('PATCH', `/api/tickets/${contactId}`, { body, token });
    expect((await ticket({ assigneeId: agent.user.id }, admin.token)).status).toBe(200);
    expect((await ticket({ status: 'resolved' }, agent.token)).status).toBe(200);
    const conversation = async () => ((await timeline()).body.data as any[]).filter((item) => item.kind.startsWith('conversation_'));
    const [resolved, assigned, ...older] = await conversation();
    expect(resolved).toMatchObject({
      kind: 'conversation_status',
      from: 'open',
      to: 'resolved',
      by: { id: agent.user.id, name: 'Alex Agent' },
      reason: null,
    });
    expect(assigned).toMatchObject({
      kind: 'conversation_assigned',
      from: null,
      to: { id: agent.user.id, name: 'Alex Agent' },
      by: { id: admin.user.id },
      auto: false,
    });
    expect(Date.parse(resolved.at)).toBeGreaterThanOrEqual(Date.parse(assigned.at));
    // Nothing else changed the conversation before (automatic assignment is off; opening is not a change shown).
    expect(older).toEqual([]);

    // A message from the contact reopens it: a status change by nobody, for the reply.
    await receive('One more question');
    const [reopened, ...rest] = await conversation();
    expect(reopened).toMatchObject({ kind: 'conversation_status', from: 'resolved', to: 'open', by: null, reason: 'inbound' });
    expect(rest.map((item) => item.key)).toEqual([resolved.key, assigned.key]);
  });

  it('pages by keyset: small pages walk the same items in the same order, none twice', async () => {
    const whole = ((await timeline('?limit=100')).body.data as any[]).map((item) => item.key);
    const walked: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 20; page++) {
      const answer: any = await timeline(`?limit=2${before ? `&before=${before}` : ''}`);
      expect(answer.status).toBe(200);
      walked.push(...answer.body.data.map((item: any) => item.key));
      before = answer.body.next;
      if (!before) break;
    }
    expect(walked).toEqual(whole);
    expect(new Set(walked).size).toBe(walked.length);
  });
});
