import { AUDIT_SUBJECTS } from '@sms/contracts/audit-log';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { fetchBytes, upload } from '../../../test/upload.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */
type Entry = any;

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager', { name: 'Mia Manager' });
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());

const list = async (query = '', token = admin.token) => {
  const response = await server.get(`/api/audit-log${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: Entry[]; total: number };
};
const actionsOf = (entries: Entry[]) => entries.map((entry) => entry.action);

describe('who may read the audit log', () => {
  it('answers 401 anonymously and 403 to every role but administrators, for the list and the export', async () => {
    expect((await server.get('/api/audit-log')).status).toBe(401);
    expect((await server.get('/api/audit-log/export')).status).toBe(401);
    for (const account of [manager, agent, viewer]) {
      for (const path of ['/api/audit-log', '/api/audit-log/export']) {
        const response = await server.get(path, { token: account.token });
        expect(response.status, `${account.user.role} ${path}`).toBe(403);
        expect(response.body.code).toBe('FORBIDDEN');
      }
    }
    expect((await server.get('/api/audit-log', { token: admin.token })).status).toBe(200);
  });
});

describe('what is audited', () => {
  it('records sign-ins that succeed, fail (known or unknown account) and are refused', async () => {
    const disabled = await server.createUser('agent', { status: 'disabled' });
    const ip = '198.51.100.7';
    const headers = { 'x-forwarded-for': ip };
    expect((await server.post('/api/users/login', { email: manager.user.email, password: TEST_PASSWORD }, { headers })).status).toBe(200);
    expect((await server.post('/api/users/login', { email: manager.user.email, password: 'Wrong-Password-1' }, { headers })).status).toBe(
      401,
    );
    expect(
      (await server.post('/api/users/login', { email: 'nobody@example.test', password: 'Wrong-Password-1' }, { headers })).status,
    ).toBe(401);
    expect((await server.post('/api/users/login', { email: disabled.user.email, password: TEST_PASSWORD }, { headers })).status).toBe(401);

    const entries = (await list(`?search=${ip}&limit=10`)).data;
    expect(actionsOf(entries)).toEqual(['user.login_refused', 'user.login_failed', 'user.login_failed', 'user.login']);
    const [refused, unknown, wrong, success] = entries;
    expect(success.actor).toEqual({ id: manager.user.id, name: 'Mia Manager', email: manager.user.email });
    expect(wrong.actor.id).toBe(manager.user.id);
    expect(unknown.actor).toBeNull();
    expect(unknown.details).toEqual({ email: 'nobody@example.test' });
    expect(refused.details).toEqual({ reason: 'disabled' });
    expect(entries.every((entry: Entry) => entry.ip === ip && entry.subject === 'User')).toBe(true);
  });

  it('records user and role changes, brand, gateway and settings changes', async () => {
    const created = await server.post(
      '/api/users/register',
      { name: 'Role Change', email: uniqueEmail('rc'), password: TEST_PASSWORD, role: 'viewer' },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    const id = created.body.user.id;
    expect((await server.put(`/api/users/${id}`, { role: 'agent' }, { token: admin.token })).status).toBe(200);
    expect((await server.delete(`/api/users/${id}`, { token: admin.token })).status).toBe(204);
    const userEntries = (await list(`?subject=User&search=${id}`)).data;
    expect(actionsOf(userEntries)).toEqual(['user.delete', 'user.role_change', 'user.update', 'user.register']);
    expect(userEntries[1].details).toEqual({ from: 'viewer', to: 'agent' });

    expect((await server.put('/api/brand-settings', { appName: 'Audited' }, { token: admin.token })).status).toBe(200);
    const gateway = await server.post('/api/gateways', { name: 'Second simulator', kind: 'simulator', config: {} }, { token: admin.token });
    expect(gateway.status).toBe(201);
    expect((await server.delete(`/api/gateways/${gateway.body.gateway.id}`, { token: admin.token })).status).toBe(204);
    expect((await server.put('/api/settings/messaging', { currency: 'EUR' }, { token: admin.token })).status).toBe(200);
    expect(actionsOf((await list('?subject=Brand')).data)).toContain('brand.update');
    expect(actionsOf((await list('?subject=Gateway')).data)).toEqual(['gateway.delete', 'gateway.create']);
    expect(actionsOf((await list('?action=settings.messaging.update')).data)).toEqual(['settings.messaging.update']);
  });

  it('records imports: upload, start, cancel and the error file download', async () => {
    const file = { field: 'file', bytes: Buffer.from('phone,first_name\n+447700900001,Ann\n'), filename: 'audit.csv', type: 'text/csv' };
    const uploaded = await upload<any>(server, '/api/contacts/imports', { token: manager.token, files: [file] });
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.import.id;
    expect(
      (
        await server.post(
          `/api/contacts/imports/${id}/start`,
          { mapping: { '0': 'phone', '1': 'firstName' }, options: { onDuplicate: 'skip' } },
          { token: manager.token },
        )
      ).status,
    ).toBe(202);
    expect((await server.post(`/api/contacts/imports/${id}/cancel`, undefined, { token: manager.token })).status).toBe(200);
    expect((await server.get(`/api/contacts/imports/${id}/errors.csv`, { token: manager.token })).status).toBe(200);
    const entries = (await list(`?subject=Import&search=${id}`)).data;
    expect(actionsOf(entries)).toEqual(['import.errors_export', 'import.cancel', 'import.start', 'import.upload']);
    expect(entries.every((entry: Entry) => entry.actor.id === manager.user.id && entry.subjectId === id)).toBe(true);
    expect(entries[3].details).toMatchObject({ fileName: 'audit.csv', format: 'csv' });
  });

  it('records campaign launches and cancellations, and contact exports', async () => {
    await seedContacts(server, 3);
    const created = await server.post('/api/campaigns', { name: 'Audited launch', body: 'Hello' }, { token: manager.token });
    expect(created.status).toBe(201);
    const id = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: manager.token })).status).toBe(200);
    expect((await server.post(`/api/campaigns/${id}/cancel`, undefined, { token: manager.token })).status).toBe(200);
    const campaign = (await list(`?action=campaign.&search=${id}`)).data;
    expect(actionsOf(campaign)).toEqual(['campaign.cancel', 'campaign.launch', 'campaign.create']);
    expect(campaign[1].details).toMatchObject({ name: 'Audited launch', recipients: 3 });

    const exported = await server.get('/api/contacts/export?format=csv', { token: manager.token });
    expect(exported.status).toBe(200);
    // The export is audited once its stream ends, just after the response.
    await expect.poll(async () => actionsOf((await list('?action=contacts.export')).data)).toEqual(['contacts.export']);
  });
});

describe('filters and paging', () => {
  it('pages newest first with a stable total', async () => {
    const all = await list('?limit=100');
    expect(all.total).toBeGreaterThan(15);
    const times = all.data.map((entry: Entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await list('?limit=5&skip=3');
    expect(page.total).toBe(all.total);
    expect(page.data.map((entry: Entry) => entry.id)).toEqual(all.data.slice(3, 8).map((entry: Entry) => entry.id));
  });

  it('filters by actor, action (exact or area), subject and search', async () => {
    const byActor = await list(`?actor=${manager.user.id}&limit=100`);
    expect(byActor.total).toBeGreaterThan(0);
    expect(byActor.data.every((entry: Entry) => entry.actor?.id === manager.user.id)).toBe(true);
    const exact = await list('?action=user.login');
    expect(exact.data.every((entry: Entry) => entry.action === 'user.login')).toBe(true);
    const area = await list('?action=user.&limit=100');
    expect(new Set(actionsOf(area.data))).toEqual(
      new Set(['user.login', 'user.login_failed', 'user.login_refused', 'user.register', 'user.update', 'user.role_change', 'user.delete']),
    );
    expect((await list('?subject=AuditLog')).total).toBe(0);
    expect(
      (await list(`?search=${encodeURIComponent('MIA manager')}&limit=100`)).data.every(
        (entry: Entry) => entry.actor?.name === 'Mia Manager',
      ),
    ).toBe(true);
    // LIKE wildcards are taken literally.
    expect((await list(`?search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`?action=${encodeURIComponent('user_')}`)).total).toBe(0);
  });

  it('filters by date: date-times, and a date-only upper bound includes its day', async () => {
    const total = (await list()).total;
    const future = new Date(Date.now() + 86_400_000);
    expect((await list(`?from=${encodeURIComponent(future.toISOString())}`)).total).toBe(0);
    expect((await list(`?to=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`)).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(total);
    const lastHour = new Date(Date.now() - 3_600_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(lastHour)}`)).total).toBe(total);
  });

  it('answers 400 naming the field for bad filters', async () => {
    const cases: Array<[string, string]> = [
      ['?actor=someone', 'actor must be a user id'],
      ['?subject=Everything', `subject must be one of ${AUDIT_SUBJECTS.join(', ')}`],
      ['?action=DROP%20TABLE', 'action may contain lower-case letters, digits, _ and . only'],
      ['?from=yesterday', 'from must be a date (YYYY-MM-DD) or an ISO date-time'],
      ['?from=2026-02-01&to=2026-01-01', 'from must be before to'],
      ['?limit=101', 'limit must be at most 100'],
      [`?search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ];
    for (const [query, message] of cases) {
      const response = await server.get(`/api/audit-log${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(message);
    }
    expect((await server.get('/api/audit-log/export?from=2026-02-01&to=2026-01-01', { token: admin.token })).status).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams the filtered entries with neutralised cells, and is audited', async () => {
    const tricky = await server.createUser('viewer', { name: '=HYPERLINK("http://evil.test","x")' });
    expect((await server.post('/api/users/login', { email: tricky.user.email, password: TEST_PASSWORD })).status).toBe(200);
    const response = await fetchBytes(server, `/api/audit-log/export?actor=${tricky.user.id}`, { authorization: `Bearer ${admin.token}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    // UTF-8 with a byte order mark, so spreadsheets read accents.
    expect([...response.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(response.bytes.subarray(3).toString('utf8').trim()).data;
    expect(rows[0]).toEqual(['at', 'actor_name', 'actor_email', 'actor_id', 'action', 'subject', 'subject_id', 'ip', 'details']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[1]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(rows[1]?.[4]).toBe('user.login');
    expect(rows[1]?.[3]).toBe(tricky.user.id);

    await expect
      .poll(async () => (await list('?action=audit_log.export')).data[0]?.details)
      .toEqual({ filter: { actor: tricky.user.id }, rows: 1, completed: true });
  });

  it('exports every matching entry across keyset batches, in list order', async () => {
    const listed = await list('?action=user.&limit=100');
    const response = await server.get('/api/audit-log/export?action=user.', { token: admin.token });
    const rows = Papa.parse<string[]>((response.body as string).trim()).data.slice(1);
    expect(rows).toHaveLength(listed.total);
    expect(rows.map((row) => row[4])).toEqual(actionsOf(listed.data));
  });

  it('continues across batches without losing or repeating entries that share an instant', async () => {
    // 4,500 entries, three per microsecond-precise instant: more than two keyset batches.
    await server.database.db.execute(sql`insert into audit_log (at, action, subject, subject_id)
      select now() - interval '1 hour' - (i / 3) * interval '1.5 microseconds', 'bulk.test', 'Contact', i::text
      from generate_series(1, 4500) as i`);
    const response = await server.get('/api/audit-log/export?action=bulk.test', { token: admin.token });
    const rows = Papa.parse<string[]>((response.body as string).trim()).data.slice(1);
    expect(rows).toHaveLength(4500);
    expect(new Set(rows.map((row) => row[6])).size).toBe(4500);
    expect((await list('?action=bulk.test&limit=1')).total).toBe(4500);
  });
});
