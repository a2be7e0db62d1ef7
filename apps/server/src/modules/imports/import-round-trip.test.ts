import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount, TestServer } from '../../../test/helper.ts';
import { importFile, startImportServer } from '../../../test/import-fixtures.ts';
import { queryRows } from '../../db/client.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let admin: TestAccount;

/** Contacts as the product holds them: formula-like values, accents, right-to-left text, custom fields, opted-out contacts. */
const CONTACTS: Array<Record<string, unknown>> = [
  {
    phone: '+447400100001',
    firstName: '+SUM(1,2)',
    lastName: '=1+2',
    email: 'ann@example.com',
    tag1: '-5',
    tag2: '@home',
    tag3: 'plain',
    notes: '=cmd|calc\nsecond line, with "quotes"',
    customFields: { Notes: 'a custom field called Notes', city: '=Leeds', Région: 'Île-de-France' },
  },
  { phone: '+33612345678', firstName: 'Zoë', lastName: 'José-María Ñúñez', tag1: 'Crème brûlée', customFields: { Région: 'Provence' } },
  {
    phone: '+971501234567',
    firstName: 'مريم',
    lastName: 'العلي',
    tag1: 'الرياض',
    notes: 'ملاحظة: اتصل مساءً',
    customFields: { city: 'دبي' },
  },
  { phone: '+972502345678', firstName: 'עדי', lastName: 'כהן', tag2: 'ירושלים' },
  { phone: '+8613800138000', firstName: '伟', lastName: '王', tag1: '北京', customFields: { '+1 score': '-3' } },
  { phone: '+12015550123', firstName: 'Opted', lastName: 'Out', tag1: '-north', status: 'opted_out', notes: 'asked to stop' },
  { phone: '+447400100002', firstName: "O'Brien", status: 'opted_out', customFields: { Notes: '@later' } },
  { phone: '+14155552671' },
];

/** Every column of every contact, in phone order: what must not change. */
const snapshot = async (target: TestServer) =>
  queryRows<Record<string, unknown>>(
    target.database.db,
    sql`select id, phone, first_name, last_name, email, tag1, tag2, tag3, custom_fields, status, opted_out_at, opt_out_source, notes, source, import_id, created_by, created_at, updated_at from contacts order by phone`,
  );

const exportFile = async (format: 'csv' | 'xlsx') => {
  const response = await fetch(`${server.baseUrl}/api/contacts/export?format=${format}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

beforeAll(async () => {
  server = await startImportServer();
  admin = await server.createAdmin();
  for (const contact of CONTACTS) {
    const response = await server.post('/api/contacts', contact, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
});
afterAll(() => server?.close());

describe('export then import with overwrite', () => {
  it.each(['csv', 'xlsx'] as const)('changes nothing (%s)', async (format) => {
    const before = await snapshot(server);
    expect(before).toHaveLength(CONTACTS.length);
    const { summary, preview } = await importFile(
      server,
      admin.token,
      await exportFile(format),
      { onDuplicate: 'overwrite' },
      `contacts.${format}`,
    );
    // The export's own columns map back to their fields; the ones the app keeps are left out, and said so.
    expect(preview.suggestedMapping).toMatchObject({
      '0': 'phone',
      '1': 'firstName',
      '2': 'lastName',
      '3': 'email',
      '4': 'tag1',
      '5': 'tag2',
      '6': 'tag3',
      '7': 'status',
      '8': 'ignore',
      '9': 'ignore',
      '10': 'notes',
      '11': 'ignore',
      '12': 'ignore',
      '13': 'ignore',
    });
    expect(
      Object.values(preview.suggestedMapping)
        .filter((target: any) => target.startsWith('custom:'))
        .sort(),
    ).toEqual(['custom:+1 score', 'custom:Notes', 'custom:Région', 'custom:city']);
    expect(preview.notes).toEqual([
      {
        code: 'contacts_export',
        ignored: ['opted_out_at', 'opt_out_source', 'source', 'created_at', 'updated_at'],
        message: expect.stringContaining('contacts export of this app'),
      },
    ]);
    expect(summary).toMatchObject({
      status: 'completed',
      counts: { rowsRead: CONTACTS.length, created: 0, updated: 0, duplicates: CONTACTS.length, rejected: 0 },
      warnings: [],
    });
    expect(await snapshot(server)).toEqual(before);
  });

  it('into an empty installation, brings back every field people edit, opted-out contacts opted out', async () => {
    const csv = await exportFile('csv');
    const other = await startImportServer();
    try {
      const otherAdmin = await other.createAdmin();
      const { summary } = await importFile(other, otherAdmin.token, csv, { onDuplicate: 'overwrite' });
      expect(summary.counts).toMatchObject({ rowsRead: CONTACTS.length, created: CONTACTS.length, rejected: 0 });
      const editable = (rows: Array<Record<string, unknown>>) =>
        rows.map(({ phone, first_name, last_name, email, tag1, tag2, tag3, custom_fields, status, notes }) => ({
          phone,
          first_name,
          last_name,
          email,
          tag1,
          tag2,
          tag3,
          custom_fields,
          status,
          notes,
        }));
      const [source, copy] = [await snapshot(server), await snapshot(other)];
      expect(editable(copy)).toEqual(editable(source));
      // The opt-out time and source are the app's own: the import's time, source 'import'.
      for (const row of copy.filter((contact) => contact.status === 'opted_out'))
        expect(row).toMatchObject({ opt_out_source: 'import', opted_out_at: expect.anything() });
      expect(
        copy
          .filter((contact) => contact.status === 'active')
          .every((contact) => contact.opted_out_at === null && contact.opt_out_source === null),
      ).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('a status column', () => {
  it('opts contacts out (fill and overwrite) but never back in', async () => {
    const csv = ['phone,status,notes', '+14155552671,opted out,', '+12015550123,active,', '+447400100009,OPTED_OUT,new one'].join('\n');
    const { summary } = await importFile(server, admin.token, csv, { onDuplicate: 'fill' }, 'status.csv', {
      '0': 'phone',
      '1': 'status',
      '2': 'notes',
    });
    expect(summary.counts).toMatchObject({ rowsRead: 3, created: 1, updated: 1, duplicates: 1, rejected: 0 });
    const rows = await queryRows<Record<string, unknown>>(
      server.database.db,
      sql`select phone, status, opt_out_source, notes from contacts where phone in ('+14155552671', '+12015550123', '+447400100009') order by phone`,
    );
    expect(rows).toEqual([
      // Opted out already (by staff): kept as it was, 'active' in the file opts nobody back in.
      { phone: '+12015550123', status: 'opted_out', opt_out_source: 'admin', notes: 'asked to stop' },
      { phone: '+14155552671', status: 'opted_out', opt_out_source: 'import', notes: null },
      { phone: '+447400100009', status: 'opted_out', opt_out_source: 'import', notes: 'new one' },
    ]);
    const bad = await importFile(server, admin.token, 'phone,status\n+447400100010,unsubscribed\n', {}, 'bad.csv', {
      '0': 'phone',
      '1': 'status',
    });
    expect(bad.summary.counts).toMatchObject({ rowsRead: 1, rejected: 1 });
  });
});
