import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

// PRODUCT.md section 4: consent is not an agent's call. Opting an opted-out contact back in by
// hand is for admins and managers, with a consent note kept with the contact and in the audit log.
let server: TestServer;
let manager: TestAccount;
let agent: TestAccount;
let serial = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
});
afterAll(() => server?.close());

const phone = () => `+4479111${String(++serial).padStart(5, '0')}`;
async function contact(status: 'active' | 'opted_out' = 'opted_out', number = phone()): Promise<string> {
  const response = await server.post('/api/contacts', { phone: number, firstName: 'Consent', status }, { token: manager.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.contact.id;
}
const audits = (id: string) =>
  queryRows<{ action: string; details: Record<string, unknown> }>(
    server.database.db,
    sql`select action, details from audit_log where subject_id = ${id} order by id`,
  );

describe('opting a contact back in by hand', () => {
  it('needs a consent note (400 naming it), keeps it with the contact and in the audit log', async () => {
    const id = await contact();
    const bare = await server.put(`/api/contacts/${id}`, { status: 'active' }, { token: manager.token });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({
      field: 'consentNote',
      message: 'consentNote is required to opt a contact back in: record how they agreed to receive messages again',
    });
    const blank = await server.put(`/api/contacts/${id}`, { status: 'active', consentNote: '   ' }, { token: manager.token });
    expect(blank.body.field).toBe('consentNote');

    const done = await server.put(
      `/api/contacts/${id}`,
      { status: 'active', consentNote: 'Asked at the front desk on 3 May' },
      { token: manager.token },
    );
    expect(done.status).toBe(200);
    expect(done.body.contact).toMatchObject({
      status: 'active',
      optedOutAt: null,
      optInNote: 'Asked at the front desk on 3 May',
      optedInAt: expect.any(String),
    });
    expect((await server.get(`/api/contacts/${id}`, { token: agent.token })).body.contact.optInNote).toBe(
      'Asked at the front desk on 3 May',
    );
    const [row] = await queryRows<{ opted_in_by: string }>(server.database.db, sql`select opted_in_by from contacts where id = ${id}`);
    expect(row?.opted_in_by).toBe(manager.user.id);
    expect((await audits(id)).at(-1)).toMatchObject({
      action: 'contact.update',
      details: { fields: ['status'], optIn: true, consentNote: 'Asked at the front desk on 3 May' },
    });
  });

  it('is refused to agents, who may still opt a contact out and edit names, tags, notes and custom fields', async () => {
    const optedOut = await contact();
    const refused = await server.put(
      `/api/contacts/${optedOut}`,
      { status: 'active', consentNote: 'They said yes' },
      { token: agent.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators and managers can opt a contact back in (with a consent note).');

    const number = phone();
    const active = await contact('active', number);
    const edited = await server.put(
      `/api/contacts/${active}`,
      { firstName: 'Edited', tag1: 'North', notes: 'Prefers mornings', customFields: { site: 'A' } },
      { token: agent.token },
    );
    expect(edited.status).toBe(200);
    // The same number written another way is no change of number.
    expect(
      (await server.put(`/api/contacts/${active}`, { phone: number.replace('+44', '0'), defaultCountry: 'GB' }, { token: agent.token }))
        .status,
    ).toBe(200);
    const newNumber = await server.put(`/api/contacts/${active}`, { phone: phone() }, { token: agent.token });
    expect(newNumber.status).toBe(403);
    expect(newNumber.body.message).toBe('Only administrators and managers can change a phone number.');
    expect((await server.put(`/api/contacts/${active}`, { status: 'opted_out' }, { token: agent.token })).status).toBe(200);
  });

  it('in bulk: a consent note for opting in (admins and managers); agents tag in bulk but do nothing else in bulk', async () => {
    const ids = [await contact(), await contact()];
    const bare = await server.post('/api/contacts/bulk', { action: 'optIn', target: { ids } }, { token: manager.token });
    expect(bare.status).toBe(400);
    expect(bare.body.field).toBe('consentNote');
    expect(
      (await server.post('/api/contacts/bulk', { action: 'optIn', target: { ids }, consentNote: 'Signed forms' }, { token: agent.token }))
        .status,
    ).toBe(403);
    const done = await server.post(
      '/api/contacts/bulk',
      { action: 'optIn', target: { ids }, consentNote: 'Signed forms at the open day' },
      { token: manager.token },
    );
    expect(done.body).toEqual({ affected: 2 });
    for (const id of ids)
      expect((await server.get(`/api/contacts/${id}`, { token: manager.token })).body.contact).toMatchObject({
        status: 'active',
        optInNote: 'Signed forms at the open day',
      });
    const [audit] = await queryRows<{ details: Record<string, unknown> }>(
      server.database.db,
      sql`select details from audit_log where action = 'contacts.bulk' order by id desc limit 1`,
    );
    expect(audit?.details).toMatchObject({ action: 'optIn', consentNote: 'Signed forms at the open day', affected: 2 });

    expect(
      (
        await server.post(
          '/api/contacts/bulk',
          { action: 'setTag', target: { ids }, tag: { field: 'tag1', value: 'Open day' } },
          { token: agent.token },
        )
      ).body,
    ).toEqual({ affected: 2 });
    for (const action of ['optOut', 'delete'] as const) {
      expect((await server.post('/api/contacts/bulk', { action, target: { ids } }, { token: agent.token })).status, action).toBe(403);
    }
  });
});
