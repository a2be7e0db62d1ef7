import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { importLimits, startImportWorker, uploadStoreFor } from '../src/modules/imports/index.ts';
import { startSubscriptionCodeSender } from '../src/modules/public-site/index.ts';
import { createCampaign, launchCampaign } from './campaign-api.ts';
import { configureSimulator, waitFor } from './campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';
import { importFile } from './import-fixtures.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

/*
 * Issue 34: erasure removes the person from every table and every stored file. One contact
 * touches every feature that stores something about a person, is erased, and then every text,
 * JSON and byte column of every table of the public schema (listed from the catalog, so a new
 * table is searched without editing this test) and every file under DATA_DIR are searched for the
 * number, the names and the e-mail address.
 */

const PHONE = '+447911123477';
// The national digits: found in any spelling of the number ('07911 123477', '447911123477').
const PHONE_DIGITS = '7911123477';
const FIRST = 'Zephyrine';
const LAST = 'Quillfeather';
const EMAIL = 'zephyrine.quillfeather@example.test';
// The number also as the import file spells it.
const PHONE_SPACED = '07911 123477';
const TRACES = [PHONE_DIGITS, PHONE_SPACED, FIRST, LAST, EMAIL].map((trace) => trace.toLowerCase());

let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ engine: true });
  const logger = { error: (details: object, message: string) => console.error(message, details) };
  const { database, config, jobs } = server;
  const uploads = uploadStoreFor(database, config.dataDir);
  await startImportWorker(jobs, { database, limits: importLimits({}), logger, uploads, batchRows: 1000 }, { pollingIntervalSeconds: 0.5 });
  await startSubscriptionCodeSender(jobs, { database }, { pollingIntervalSeconds: 0.5 });
  admin = await server.createAdmin();
  await configureSimulator(server, admin.token, {});
});
afterAll(() => server?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.database.db, query);
const ok = (response: { status: number; body: unknown }, status = 200) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body as any;
};
const inbound = (body: string, id: string) =>
  server.engine!.inbound(DEFAULT_SIMULATOR_GATEWAY_ID, [
    { gatewayMessageId: id, from: PHONE, to: '+447700999999', body, receivedAt: new Date() },
  ]);
const processed = (id: string) =>
  waitFor(
    async () =>
      (await rows(sql`select 1 from inbound_messages where gateway_message_id = ${id} and processed_at is not null`)).length
        ? true
        : undefined,
    20_000,
    `inbound ${id}`,
  );

/** Every place of the public schema that holds one of the traces: "table.column". */
async function tablesHolding(traces: string[]): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    sql`select c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea', 'USER-DEFINED')
        order by c.table_name, c.ordinal_position`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const value = type === 'bytea' ? sql`encode(${sql.identifier(column)}, 'escape')` : sql`${sql.identifier(column)}::text`;
    for (const trace of traces) {
      const hit = await rows(sql`select 1 from ${sql.identifier(table)} where position(${trace} in lower(${value})) > 0 limit 1`);
      if (hit.length) found.push(`${table}.${column} holds "${trace}"`);
    }
  }
  return found;
}

/** Every file under a directory that holds one of the traces. */
async function filesHolding(directory: string, traces: string[]): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const text = (await readFile(path)).toString('latin1').toLowerCase();
    for (const trace of traces) if (text.includes(trace)) found.push(`${path} holds "${trace}"`);
  }
  return found;
}

describe('erasing a contact who touched every feature', () => {
  it('leaves the number, the names and the e-mail in no table and no file', async () => {
    // The public site: a subscription by texted code (code row, code message, consent record, audit).
    ok(
      await server.put(
        '/api/settings/public-site',
        { topics: [{ id: 'news', tag: 'tag2', value: 'News', title: 'News' }] },
        { token: admin.token },
      ),
    );
    ok(await server.post('/api/public/subscriptions', { phone: PHONE, name: FIRST, topics: ['news'] }), 202);
    const code = await waitFor(
      async () => {
        const texted = ok(await server.get('/api/settings/public-site/simulator-messages', { token: admin.token }));
        return /\b(\d{6})\b/.exec(texted.data.find((message: any) => message.phone === PHONE)?.body ?? '')?.[1];
      },
      20_000,
      'the subscription code',
    );
    ok(await server.post('/api/public/subscriptions/confirm', { phone: PHONE, code }));
    const [contact] = await rows<{ id: string }>(sql`select id from contacts where phone = ${PHONE}`);
    const id = contact!.id;

    // A webhook endpoint that cannot be reached: its deliveries of the person's events stay in the log.
    ok(
      await server.post(
        '/api/webhooks',
        { url: 'https://hooks.invalid/erasure', events: ['message.status', 'message.inbound', 'contact.opted_out', 'contact.opted_in'] },
        { token: admin.token },
      ),
      201,
    );

    // An import: the row updates the contact (last name, e-mail, notes), a second row of theirs is rejected.
    const csv = [
      'phone,first_name,last_name,email,notes',
      `${PHONE},${FIRST},${LAST},${EMAIL},${FIRST} prefers mornings`,
      `${PHONE_SPACED},${FIRST},${LAST},${FIRST.toLowerCase()}@@example.test,`,
    ].join('\n');
    const imported = await importFile(server, admin.token, `${csv}\n`, { onDuplicate: 'overwrite' });
    expect(imported.summary.counts).toMatchObject({ updated: 1, rejected: 1 });
    const errorsFile = `/api/contacts/imports/${imported.id}/errors.csv`;
    expect(ok(await server.get(errorsFile, { token: admin.token }))).toContain(LAST);

    // Notes and a custom field by hand (audited), and an export searched by the number (audited with the search).
    ok(
      await server.put(
        `/api/contacts/${id}`,
        { notes: `Call ${FIRST} ${LAST} after six`, customFields: { pet: `${FIRST}'s cat` } },
        { token: admin.token },
      ),
    );
    ok(await server.get(`/api/contacts/export?search=${encodeURIComponent(PHONE)}`, { token: admin.token }));

    // A campaign: a test send to the number (audited with it), then the campaign itself, delivered.
    const campaign = await createCampaign(server, admin.token, {
      name: 'Spring news',
      body: 'Hello {{first_name}}',
      audience: { type: 'all' },
    });
    ok(await server.post(`/api/campaigns/${campaign.id}/test-send`, { phone: PHONE }, { token: admin.token }), 202);
    await launchCampaign(server, admin.token, campaign.id);
    await waitFor(
      async () =>
        (await rows(sql`select 1 from messages where campaign_id = ${campaign.id} and status = 'delivered'`)).length ? true : undefined,
      30_000,
      'the campaign message',
    );

    // A reply (matched to the campaign message), the inbox: read and answered.
    await inbound(`Yes please, ${FIRST} ${LAST} here`, 'erasure-in-1');
    await processed('erasure-in-1');
    ok(await server.post(`/api/inbox/conversations/${id}/read`, undefined, { token: admin.token }));
    ok(await server.post(`/api/inbox/conversations/${id}/reply`, { body: `Thank you ${FIRST}` }, { token: admin.token }), 202);
    // The conversation as a ticket, labelled with the person's name (its state, history and audit entry).
    ok(await server.request('PATCH', `/api/tickets/${id}`, { body: { labels: [FIRST], status: 'pending' }, token: admin.token }));

    // An internal note about the person that mentions a colleague (whose notification names the contact).
    const colleague = await server.createUser('agent', { name: 'Colleague' });
    ok(
      await server.post(
        '/api/notes',
        { contactId: id, body: `${FIRST} ${LAST} asked @Colleague to call back`, mentions: [colleague.user.id] },
        { token: admin.token },
      ),
      201,
    );
    expect((await rows(sql`select 1 from notifications where kind = 'note_mention' and user_id = ${colleague.user.id}`)).length).toBe(1);

    // A contact-form message, answered by text.
    ok(
      await server.post('/api/public/contact', { name: `${FIRST} ${LAST}`, phone: PHONE, email: EMAIL, message: `Please call ${FIRST}` }),
      202,
    );
    const [webMessage] = await rows<{ id: string }>(sql`select id from web_messages where phone = ${PHONE}`);
    ok(
      await server.post(
        `/api/inbox/web-messages/${webMessage!.id}/reply`,
        { body: `Hello ${FIRST}`, channel: 'sms' },
        { token: admin.token },
      ),
      202,
    );

    // The integration API: a message with an idempotency key (its answer is stored), the contact upserted.
    const key = ok(
      await server.post('/api/api-keys', { name: 'CRM', scopes: ['messages:send', 'contacts:write'] }, { token: admin.token }),
      201,
    ).secret;
    ok(
      await server.post(
        '/api/v1/messages',
        { to: PHONE, body: `Order ready, ${FIRST}` },
        { token: key, headers: { 'idempotency-key': 'erasure-1' } },
      ),
      202,
    );
    const upserted = await server.post(
      '/api/v1/contacts',
      { phone: PHONE, firstName: FIRST, lastName: LAST, email: EMAIL },
      { token: key },
    );
    expect([200, 201]).toContain(upserted.status);

    // STOP: opted out (a contact.opted_out event, the keyword's answer).
    await inbound('STOP', 'erasure-in-2');
    await processed('erasure-in-2');
    await waitFor(
      async () => ((await rows(sql`select 1 from contacts where id = ${id} and status = 'opted_out'`)).length ? true : undefined),
      10_000,
      'the opt-out',
    );
    // Every queued message is out, so nothing is mid-flight at the erasure.
    await waitFor(
      async () => ((await rows(sql`select 1 from messages where status = 'queued'`)).length ? undefined : true),
      30_000,
      'the sends',
    );

    // The traces are there before (the search itself works).
    const before = await tablesHolding(TRACES);
    for (const place of [
      'contacts.phone',
      'import_rejections.raw',
      'audit_log.details',
      'webhook_deliveries.data',
      'web_messages.name',
      'api_idempotency.response',
    ])
      expect(
        before.some((found) => found.startsWith(place)),
        `${place} in ${before.join('\n')}`,
      ).toBe(true);

    const erased = ok(await server.post(`/api/contacts/${id}/erase`, undefined, { token: admin.token }));
    expect(erased).toMatchObject({ erased: true, suppressed: true });

    expect(await tablesHolding(TRACES)).toEqual([]);
    expect(await filesHolding(server.config.dataDir, TRACES)).toEqual([]);
    // The import keeps its counts and the rejected row its place; the errors file names nobody.
    const errors = ok(await server.get(errorsFile, { token: admin.token })) as string;
    expect(errors.split('\r\n').filter(Boolean)).toHaveLength(2);
    for (const trace of TRACES) expect(errors.toLowerCase()).not.toContain(trace);
    // Who did what stays: the audit entries of the person are there, without their data.
    const [audit] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where subject_id = ${id}`);
    expect(audit!.n).toBeGreaterThan(3);
  });
});
