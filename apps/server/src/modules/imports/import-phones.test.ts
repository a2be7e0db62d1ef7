import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, startImportServer, uploadFile, waitFinished } from '../../../test/import-fixtures.ts';
import type { TestAccount, TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';
import { xlsxFile } from '../../../test/import-files.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let manager: TestAccount;

beforeAll(async () => {
  server = await startImportServer();
  manager = await server.createUser('manager');
});
afterAll(() => server?.close());

const stored = async (phones: string[]) =>
  (
    await queryRows<{ phone: string }>(
      server.database.db,
      sql`select phone from contacts where phone = any(${sql.param(phones)}::text[]) order by phone`,
    )
  ).map((row) => row.phone);

describe('imports with a default country', () => {
  it("rejects numbers written the country's way that are not its numbers, and says which were read as international", async () => {
    const csv = [
      'phone,first_name',
      // The four rows of the issue: invalid US numbers, never stored as foreign ones.
      '(436) 607-4252,Austria?',
      '490-470-9774,Germany?',
      '261.232.0099,Madagascar?',
      '6486801014,New Zealand?',
      // Valid US numbers.
      '(201) 555-0123,Local',
      '201.555.0124,Local',
      // Digits that cannot be a US number: read as international, and said so.
      '447400123456,UK',
      '919876543210,India',
    ].join('\n');
    const { summary, id } = await importFile(server, manager.token, csv, { defaultCountry: 'US' });
    expect(summary).toMatchObject({ status: 'completed', counts: { rowsRead: 8, created: 4, rejected: 4 } });
    expect(await stored(['+4366074252', '+494709774', '+261202320099', '+6486801014'])).toEqual([]);
    expect(await stored(['+12015550123', '+12015550124', '+447400123456', '+919876543210'])).toHaveLength(4);

    const response = await fetch(`${server.baseUrl}/api/contacts/imports/${id}/errors.csv`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    const reasons = (await response.text()).trim().split('\r\n').slice(1);
    expect(reasons).toEqual([
      '2,"(436) 607-4252,Austria?",Invalid phone number for country US',
      '3,"490-470-9774,Germany?",Invalid phone number for country US',
      '4,"261.232.0099,Madagascar?",Invalid phone number for country US',
      '5,"6486801014,New Zealand?",Invalid phone number for country US',
    ]);

    // The API says what the screen says: half the rows rejected, two read as international.
    expect(summary.warnings).toEqual([
      {
        code: 'read_as_international',
        message:
          '2 numbers were read as international numbers although the default country is US: if they are local numbers, the default country is wrong',
        count: 2,
        defaultCountry: 'US',
        examples: [
          { row: 8, input: '447400123456', e164: '+447400123456', country: 'GB' },
          { row: 9, input: '919876543210', e164: '+919876543210', country: 'IN' },
        ],
      },
      {
        code: 'mostly_rejected',
        message: '4 of 8 rows were rejected: check that the phone number column is mapped and that the default country (US) is right',
        rejected: 4,
        rowsRead: 8,
        defaultCountry: 'US',
      },
    ]);
    // The history shows the same resource.
    const history = await server.get<any>('/api/contacts/imports?limit=5', { token: manager.token });
    expect(history.body.data.find((row: any) => row.id === id).warnings).toEqual(summary.warnings);
  });

  it('keeps a few examples across batches and counts every international reading', async () => {
    // 2,500 rows over three batches of 1,000: every number read as international.
    const rows = Array.from({ length: 2500 }, (_, index) => `4474009${String(index).padStart(5, '0')}`);
    const { summary } = await importFile(server, manager.token, ['phone', ...rows].join('\n'), { defaultCountry: 'FR' });
    expect(summary.counts).toMatchObject({ rowsRead: 2500, created: 2500 });
    const warning = summary.warnings.find((item: any) => item.code === 'read_as_international');
    expect(warning).toMatchObject({
      count: 2500,
      defaultCountry: 'FR',
      message: expect.stringContaining('2,500 numbers were read as international'),
    });
    expect(warning.examples.map((example: any) => example.row)).toEqual([2, 3, 4, 5, 6]);
    expect(summary.warnings.map((item: any) => item.code)).toEqual(['read_as_international']);
  });

  it('has no warnings for a clean import, nor an international one without a default country', async () => {
    const { summary } = await importFile(server, manager.token, 'phone\n447400200001\n+33612000001\n');
    expect(summary).toMatchObject({ status: 'completed', counts: { created: 2 }, warnings: [] });
  });
});

describe('workbooks with several sheets', () => {
  it('open on the first sheet with a phone column, say why, and import that sheet', async () => {
    const workbook = await xlsxFile({
      Summary: [
        ['Report', 'Total'],
        ['Contacts', 2],
      ],
      Notes: [['Remark'], ['Imported from the CRM']],
      Contacts: [
        ['Name', 'Mobile'],
        ['Ann', '+447400300001'],
        ['Bob', '+447400300002'],
      ],
      Archive: [['Phone'], ['+447400300009']],
    });
    const uploaded = await uploadFile(server, manager.token, workbook, 'crm.xlsx');
    expect(uploaded.status).toBe(201);
    const { preview } = uploaded.body;
    expect(preview).toMatchObject({
      sheets: ['Summary', 'Notes', 'Contacts', 'Archive'],
      sheet: 'Contacts',
      headers: ['Name', 'Mobile'],
      suggestedMapping: { '0': 'firstName', '1': 'phone' },
    });
    expect(preview.notes).toEqual([
      {
        code: 'sheet_with_phone',
        sheet: 'Contacts',
        skipped: ['Summary', 'Notes'],
        message: 'Showing sheet "Contacts": the first sheet with a phone number column ("Summary", "Notes" have none)',
      },
    ]);
    // The preview the wizard reloads says the same; another sheet on request, without a note.
    const again = await server.get<any>(`/api/contacts/imports/${uploaded.body.import.id}/preview`, { token: manager.token });
    expect(again.body).toMatchObject({ sheet: 'Contacts', notes: preview.notes });
    const summarySheet = await server.get<any>(`/api/contacts/imports/${uploaded.body.import.id}/preview?sheet=Summary`, {
      token: manager.token,
    });
    expect(summarySheet.body).toMatchObject({ sheet: 'Summary', notes: [] });
    // Started without naming a sheet: the chosen one is imported.
    const started = await server.post<any>(
      `/api/contacts/imports/${uploaded.body.import.id}/start`,
      { mapping: preview.suggestedMapping },
      { token: manager.token },
    );
    expect(started.status).toBe(202);
    expect(started.body.import.options.sheet).toBe('Contacts');
    expect((await waitFinished(server, manager.token, uploaded.body.import.id)).counts).toMatchObject({ rowsRead: 2, created: 2 });
    expect(await stored(['+447400300001', '+447400300002', '+447400300009'])).toEqual(['+447400300001', '+447400300002']);
  });

  it('say so when no sheet has a phone column, showing the first', async () => {
    const workbook = await xlsxFile({
      First: [
        ['A', 'B'],
        ['x', 'y'],
      ],
      Second: [['C'], ['z']],
    });
    const uploaded = await uploadFile(server, manager.token, workbook, 'none.xlsx');
    expect(uploaded.body.preview).toMatchObject({ sheet: 'First' });
    expect(uploaded.body.preview.notes).toEqual([
      { code: 'no_phone_sheet', sheet: 'First', message: expect.stringContaining('No sheet has a column of phone numbers') },
    ]);
  });
});
