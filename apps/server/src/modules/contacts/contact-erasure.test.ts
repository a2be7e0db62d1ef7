import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASED_NUMBER_CODE, ERASED_NUMBER_REASON } from '@sms/contracts/data-lifecycle';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, startImportServer } from '../../../test/import-fixtures.ts';
import type { TestAccount, TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  server = await startImportServer();
  admin = await server.createAdmin();
});
afterAll(() => server?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.database.db, query);

/** A contact with a campaign message, a reply and consent history, through the API where there is one. */
async function contactWithHistory(phone: string, optOut: boolean) {
  const created = await server.post(
    '/api/contacts',
    { phone, firstName: 'Amira', lastName: 'Haddad', email: `amira${phone.slice(-4)}@example.test`, customFields: { city: 'Sfax' } },
    { token: admin.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.contact.id as string;
  const [campaign] = await rows<{ id: string }>(
    sql`insert into campaigns (name, body, audience, status, launched_at, audience_ready_at, completed_at)
        values ('Erasure', 'Hello', '{"type":"all"}', 'completed', now(), now(), now()) returning id`,
  );
  await server.database.db.execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, queued_at, sent_at, delivered_at)
    values (${campaign!.id}, ${id}, ${phone}, 'Hello Amira', 'delivered', now(), now(), now())`);
  await server.database.db.execute(
    sql`update messages set replied_at = now(), reply_text = 'Yes please, Amira here', reply_word = 'YES' where contact_id = ${id}`,
  );
  await server.database.db
    .execute(sql`insert into inbound_messages (gateway_id, gateway_message_id, from_phone, to_address, body, received_at, contact_id, processed_at)
    values ('00000000-0000-4000-8000-000000000001', ${`in-${phone.slice(-4)}`}, ${phone}, '+447700900000', 'Yes please, Amira here', now(), ${id}, now())`);
  if (optOut) expect((await server.put(`/api/contacts/${id}`, { status: 'opted_out' }, { token: admin.token })).status).toBe(200);
  return { id, campaignId: campaign!.id };
}

const counts = async (campaignId: string) => (await server.get(`/api/campaigns/${campaignId}`, { token: admin.token })).body.campaign;

describe('POST /api/contacts/:id/erase', () => {
  it('removes the personal data, keeps the campaign figures, and a re-import of the opted-out number is refused with a reason', async () => {
    const phone = '+447911123431';
    const { id, campaignId } = await contactWithHistory(phone, true);
    const before = await counts(campaignId);

    const erased = await server.post(`/api/contacts/${id}/erase`, undefined, { token: admin.token });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toEqual({ erased: true, messagesAnonymised: 1, inboundAnonymised: 1, suppressed: true });

    expect((await server.get(`/api/contacts/${id}`, { token: admin.token })).status).toBe(404);
    const everything = JSON.stringify(
      await rows(sql`select (select json_agg(m) from messages m) as m, (select json_agg(i) from inbound_messages i) as i,
        (select json_agg(a) from audit_log a) as a, (select json_agg(c) from contact_consents c) as c, (select json_agg(s) from suppressed_phones s) as s`),
    );
    for (const trace of [phone, phone.slice(1), 'Amira', 'Haddad', 'Sfax', 'amira3431@example.test'])
      expect(everything).not.toContain(trace);
    // The figures are the same: the message keeps its status and reply.
    const after = await counts(campaignId);
    expect(after.counts ?? after).toEqual(before.counts ?? before);
    const [audit] = await rows<{ action: string }>(sql`select action from audit_log where subject_id = ${id} order by id desc limit 1`);
    expect(audit?.action).toBe('contact.erase');

    const imported = await importFile(server, admin.token, `phone,first_name\n${phone},Amira\n+447911123432,Other\n`);
    expect(imported.summary.counts).toMatchObject({ created: 1, rejected: 1 });
    const errors = await fetch(`${server.baseUrl}/api/contacts/imports/${imported.id}/errors.csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(await errors.text()).toContain(ERASED_NUMBER_REASON);

    // Nor by hand, nor by an integration key, nor texted through the API (no contact is made for it).
    const byHand = await server.post('/api/contacts', { phone, firstName: 'Amira' }, { token: admin.token });
    expect(byHand.status).toBe(409);
    expect(byHand.body).toMatchObject({ code: ERASED_NUMBER_CODE, field: 'phone' });
    const scopes = ['contacts:write', 'contacts:read', 'messages:send'];
    const key = (await server.post('/api/api-keys', { name: 'CRM', scopes }, { token: admin.token })).body.secret as string;
    const byKey = await server.post('/api/v1/contacts', { phone, firstName: 'Amira' }, { token: key });
    expect(byKey.status).toBe(409);
    expect(byKey.body).toMatchObject({ code: ERASED_NUMBER_CODE, field: 'phone' });
    const text = await server.post('/api/v1/messages', { to: phone, body: 'Hello again' }, { token: key });
    expect(text.status, JSON.stringify(text.body)).toBe(409);
    expect(text.body).toMatchObject({ code: 'RECIPIENT_OPTED_OUT' });
    expect(await rows(sql`select id from contacts where phone = ${phone}`)).toEqual([]);
  });

  it('an erased contact who had not opted out may be added again; agents may not erase', async () => {
    const { id } = await contactWithHistory('+447911123433', false);
    const agent = await server.createUser('agent');
    expect((await server.post(`/api/contacts/${id}/erase`, undefined, { token: agent.token })).status).toBe(403);
    expect((await server.post(`/api/contacts/${id}/erase`, undefined, { token: admin.token })).body.suppressed).toBe(false);
    const imported = await importFile(server, admin.token, `phone\n+447911123433\n`);
    expect(imported.summary, JSON.stringify(imported.summary)).toMatchObject({ counts: { created: 1, rejected: 0 } });
  });
});

describe('GET /api/contacts/:id/personal-data', () => {
  it('answers the contact, its consent history and every message to and from it, as JSON or CSV (audited)', async () => {
    const { id } = await contactWithHistory('+447911123434', true);
    expect((await server.post('/api/notes', { contactId: id, body: 'Prefers mornings' }, { token: admin.token })).status).toBe(201);
    const json = await server.get(`/api/contacts/${id}/personal-data?format=json`, { token: admin.token });
    expect(json.status).toBe(200);
    expect(json.body.contact).toMatchObject({ phone: '+447911123434', firstName: 'Amira' });
    expect(Array.isArray(json.body.consents)).toBe(true);
    expect(json.body.notes).toMatchObject([{ body: 'Prefers mornings' }]);
    expect(json.body.messages.map((message: { direction: string }) => message.direction).sort()).toEqual(['in', 'out']);
    const csv = await server.get(`/api/contacts/${id}/personal-data?format=csv`, { token: admin.token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toContain('Hello Amira');
    // The default: one zip bundle, read back by Python's zipfile (a reader we did not write).
    const zip = await fetch(`${server.baseUrl}/api/contacts/${id}/personal-data`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const file = join(mkdtempSync(join(tmpdir(), 'access-')), 'bundle.zip');
    writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
    const script =
      'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({n: z.read(n).decode() for n in z.namelist()}))';
    const bundle = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }));
    expect(Object.keys(bundle)).toEqual(['contact.json', 'consents.csv', 'messages.csv']);
    expect(JSON.parse(bundle['contact.json']).contact.phone).toBe('+447911123434');
    expect(bundle['messages.csv']).toContain('Hello Amira');
    expect(bundle['consents.csv'].split('\n')[0]).toContain('source');
    const viewer = await server.createUser('viewer');
    expect((await server.get(`/api/contacts/${id}/personal-data`, { token: viewer.token })).status).toBe(403);
    const [audit] = await rows<{ action: string }>(sql`select action from audit_log where subject_id = ${id} order by id desc limit 1`);
    expect(audit?.action).toBe('contact.personal_data_export');
  });
});
