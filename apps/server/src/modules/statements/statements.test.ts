import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { destinationCountry } from '@sms/contracts/phone-destination';
import { messagePrice, messagePriceMicros, roundPrice, type PriceTable } from '@sms/contracts/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { getMessagingSettings } from '../settings/index.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let apiKeyId: string;

const MONTH = '2025-03';
const MISSING = '00000000-0000-4000-8000-000000000000';
const TABLE: PriceTable = {
  pricePerSegment: 0.011,
  pricePerSegmentUcs2: 0.023,
  countryPrices: [{ country: 'FR', gsm7: 0.052, ucs2: 0.0707 }],
};

/** The month's charged messages: phone, encoding, parts (null: one), sent at, API key, sender. */
interface Sent {
  phone: string;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number | null;
  sentAt: string | null;
  apiKey?: boolean;
  byAdmin?: boolean;
}
const MESSAGES: Sent[] = [
  { phone: '+33612345678', encoding: 'GSM-7', segments: 2, sentAt: '2025-03-01T00:00:00Z', byAdmin: true },
  { phone: '+33612345679', encoding: 'UCS-2', segments: 1, sentAt: '2025-03-10T12:00:00Z', byAdmin: true },
  { phone: '+33612345670', encoding: 'GSM-7', segments: 3, sentAt: '2025-03-15T12:00:00Z' },
  { phone: '+447911000001', encoding: 'GSM-7', segments: 3, sentAt: '2025-03-20T08:00:00Z', apiKey: true },
  { phone: '+447911000002', encoding: 'UCS-2', segments: 4, sentAt: '2025-03-21T08:00:00Z', apiKey: true },
  { phone: '+14155550100', encoding: 'UCS-2', segments: null, sentAt: '2025-03-31T23:59:59Z' },
  // Not charged: never sent, or sent outside the month.
  { phone: '+14155550101', encoding: 'GSM-7', segments: 1, sentAt: null },
  { phone: '+14155550102', encoding: 'GSM-7', segments: 1, sentAt: '2025-04-01T00:00:00Z' },
  { phone: '+14155550103', encoding: 'GSM-7', segments: 1, sentAt: '2025-02-28T23:59:59Z' },
];
const inMonth = (message: Sent) => message.sentAt !== null && message.sentAt.startsWith(MONTH);

/** The sum over messages of the one price function: what a statement must total. */
const expectedTotal = (table: PriceTable, keep: (message: Sent) => boolean = () => true) =>
  roundPrice(
    MESSAGES.filter(inMonth)
      .filter(keep)
      .reduce((sum, m) => sum + messagePrice(table, destinationCountry(m.phone), m.encoding, m.segments ?? 1), 0),
  );

const setPrices = (table: PriceTable) => server.put('/api/settings/messaging', table, { token: admin.token });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  expect((await setPrices(TABLE)).status).toBe(200);
  const db = server.database.db;
  const [key] = await queryRows<{ id: string }>(
    db,
    sql`insert into api_keys (name, prefix, secret_hash, scopes, created_by) values ('Billing dept', 'sk_test', 'x', '{messages:send}', ${admin.user.id}) returning id`,
  );
  apiKeyId = key!.id;
  // Priced as the engine prices them when the gateway accepts them (decision 118).
  const { currency } = await getMessagingSettings(db);
  for (const m of MESSAGES) {
    const price = m.sentAt ? messagePriceMicros(TABLE, destinationCountry(m.phone), m.encoding, m.segments ?? 1) : null;
    await db.execute(sql`insert into messages (kind, phone, status, encoding, segments, sent_at, api_key_id, created_by, price_micros, price_currency)
      values (${m.apiKey ? 'api' : 'test'}, ${m.phone}, ${m.sentAt ? 'delivered' : 'queued'}, ${m.encoding}, ${m.segments},
              ${m.sentAt}::timestamptz, ${m.apiKey ? apiKeyId : null}::uuid, ${m.byAdmin ? admin.user.id : null}::uuid,
              ${price}::bigint, ${m.sentAt ? currency : null})`);
  }
});
afterAll(() => server?.close());

const create = (body: unknown, token = admin.token) => server.post('/api/statements', body, { token });

describe('statements: access and input', () => {
  it('401 without a session, 403 for an agent, managers read but do not keep statements', async () => {
    expect((await server.get('/api/statements')).status).toBe(401);
    expect((await server.get('/api/statements', { token: agent.token })).status).toBe(403);
    expect((await server.get('/api/statements', { token: manager.token })).status).toBe(200);
    expect((await create({ month: MONTH, scope: 'organisation' }, manager.token)).status).toBe(403);
  });

  it('400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ month: '2025-13', scope: 'organisation' }, 'month'],
      [{ month: MONTH, scope: 'team' }, 'scope'],
      [{ month: MONTH, scope: 'apiKey' }, 'scopeId'],
      [{ month: MONTH, scope: 'user', scopeId: 'nope' }, 'scopeId'],
      [{ month: MONTH, scope: 'apiKey', scopeId: MISSING }, 'scopeId'],
    ];
    for (const [body, field] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await server.get('/api/statements/nope', { token: admin.token })).body.field).toBe('id');
    expect((await server.get('/api/statements?scope=team', { token: admin.token })).body.field).toBe('scope');
  });

  it('404 for a statement that does not exist', async () => {
    expect((await server.get(`/api/statements/${MISSING}`, { token: admin.token })).status).toBe(404);
    expect(
      (await server.post(`/api/statements/${MISSING}/adjustments`, { kind: 'credit', amount: 1, reason: 'x' }, { token: admin.token }))
        .status,
    ).toBe(404);
  });
});

describe('statements: a month equals the sum of its messages priced by the one price function', () => {
  let id: string;

  it('keeps the organisation statement of a month: lines by destination and encoding, the total', async () => {
    const response = await create({ month: MONTH, scope: 'organisation' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const statement = response.body.statement;
    id = statement.id;
    expect(statement).toMatchObject({ month: MONTH, scope: 'organisation', status: 'open', currency: 'USD', timeZone: 'UTC' });
    expect(statement.total).toBe(expectedTotal(TABLE));
    expect(statement.usageTotal).toBe(expectedTotal(TABLE));
    expect(statement.messages).toBe(MESSAGES.filter(inMonth).length);
    const fr = statement.lines.find((line: any) => line.country === 'FR' && line.encoding === 'GSM-7');
    expect(fr).toMatchObject({ messages: 2, parts: 5, unitPrice: 0.052, amount: roundPrice(5 * 0.052) });
    expect(statement.lines.map((line: any) => `${line.country}/${line.encoding}`)).toEqual([
      'FR/GSM-7',
      'FR/UCS-2',
      'GB/GSM-7',
      'GB/UCS-2',
      'US/UCS-2',
    ]);
    const again = await create({ month: MONTH, scope: 'organisation' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'STATEMENT_EXISTS', existingId: id });
  });

  it('per API key and per user: only their messages', async () => {
    const byKey = await create({ month: MONTH, scope: 'apiKey', scopeId: apiKeyId });
    expect(byKey.status).toBe(201);
    expect(byKey.body.statement.scopeName).toBe('Billing dept');
    expect(byKey.body.statement.total).toBe(expectedTotal(TABLE, (m) => m.apiKey === true));
    const byUser = await create({ month: MONTH, scope: 'user', scopeId: admin.user.id });
    expect(byUser.status).toBe(201);
    expect(byUser.body.statement.total).toBe(expectedTotal(TABLE, (m) => m.byAdmin === true));
    const list = await server.get('/api/statements', { token: manager.token });
    expect(list.body.total).toBe(3);
    expect(list.body.data.find((row: any) => row.id === id).total).toBe(expectedTotal(TABLE));
  });

  it('adjustments add (charge) or take off (credit), are edited and removed, and are audited', async () => {
    const credit = await server.post(
      `/api/statements/${id}/adjustments`,
      { kind: 'credit', amount: 0.05, reason: 'Outage refund' },
      { token: admin.token },
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.statement.total).toBe(roundPrice(expectedTotal(TABLE) - 0.05));
    const charge = await server.post(
      `/api/statements/${id}/adjustments`,
      { kind: 'charge', amount: 1.25, reason: '=HYPERLINK("http://evil")' },
      { token: admin.token },
    );
    expect(charge.body.statement.total).toBe(roundPrice(expectedTotal(TABLE) - 0.05 + 1.25));
    const [first, second] = charge.body.statement.adjustments;
    expect(first).toMatchObject({ kind: 'credit', amount: 0.05, reason: 'Outage refund', createdBy: { id: admin.user.id } });
    const bad = await server.post(`/api/statements/${id}/adjustments`, { kind: 'credit', amount: -1, reason: 'x' }, { token: admin.token });
    expect(bad.body.field).toBe('amount');
    expect(
      (await server.post(`/api/statements/${id}/adjustments`, { kind: 'credit', amount: 1, reason: ' ' }, { token: admin.token })).body
        .field,
    ).toBe('reason');
    expect(
      (await server.post(`/api/statements/${id}/adjustments`, { kind: 'credit', amount: 1, reason: 'x' }, { token: manager.token })).status,
    ).toBe(403);
    const edited = await server.put(
      `/api/statements/${id}/adjustments/${first.id}`,
      { kind: 'credit', amount: 0.1, reason: 'Outage refund, 2 days' },
      { token: admin.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.statement.total).toBe(roundPrice(expectedTotal(TABLE) - 0.1 + 1.25));
    const extra = await server.post(
      `/api/statements/${id}/adjustments`,
      { kind: 'charge', amount: 3, reason: 'Mistake' },
      { token: admin.token },
    );
    const mistake = extra.body.statement.adjustments.at(-1);
    const removed = await server.delete(`/api/statements/${id}/adjustments/${mistake.id}`, { token: admin.token });
    expect(removed.body.statement.adjustments).toHaveLength(2);
    expect((await server.delete(`/api/statements/${id}/adjustments/${MISSING}`, { token: admin.token })).status).toBe(404);
    expect(second.reason).toBe('=HYPERLINK("http://evil")');
    const audit = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject = 'Statement' and subject_id = ${id} order by at`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'statement.create',
      'statement.adjustment_add',
      'statement.adjustment_add',
      'statement.adjustment_update',
      'statement.adjustment_add',
      'statement.adjustment_delete',
    ]);
  });

  it('CSV: lines, adjustments (credits negative), total; text cells guarded against formulas', async () => {
    const response = await server.get(`/api/statements/${id}/csv`, { token: manager.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain(`statement-${MONTH}`);
    const rows = String(response.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Type,Country,Encoding,Messages,Parts,Unit price,Amount,Reason,Currency');
    expect(rows).toContain(`usage,FR,GSM-7,2,5,0.052,${roundPrice(5 * 0.052)},,USD`);
    expect(rows).toContain('credit,,,,,,-0.1,"Outage refund, 2 days",USD');
    expect(rows).toContain(`charge,,,,,,1.25,"'=HYPERLINK(""http://evil"")",USD`);
    expect(rows.at(-1)).toBe(`total,,,${MESSAGES.filter(inMonth).length},14,,${roundPrice(expectedTotal(TABLE) - 0.1 + 1.25)},,USD`);
    expect((await server.get(`/api/statements/${id}/csv`, { token: agent.token })).status).toBe(403);
  });

  it('PDF: read back by an independent reader (Python, standard library), it names the month and the total', async () => {
    const response = await fetch(`${server.baseUrl}/api/statements/${id}/pdf`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(mkdtempSync(join(tmpdir(), 'statement-')), 'statement.pdf');
    writeFileSync(file, bytes);
    const { stdout } = await promisify(execFile)('python3', [join(REPO_ROOT, 'apps/server/test/pdf-text.py'), file]);
    const total = (expectedTotal(TABLE) - 0.1 + 1.25).toFixed(2);
    expect(stdout).toContain(`Statement ${MONTH}`);
    expect(stdout).toContain('Whole organisation');
    expect(stdout).toContain(`${total} USD`);
    expect(stdout).toContain('Credit: Outage refund, 2 days');
  });

  it('PDF: text the standard font cannot write shows as ?, the rest (accents, typographic quotes) whole', async () => {
    const [user] = (await server.get('/api/statements?scope=user', { token: admin.token })).body.data;
    await server.post(
      `/api/statements/${user.id}/adjustments`,
      { kind: 'charge', amount: 2, reason: 'Équipe d’accueil – مرحبا 你好' },
      { token: admin.token },
    );
    const response = await fetch(`${server.baseUrl}/api/statements/${user.id}/pdf`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'statement-')), 'statement.pdf');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const { stdout } = await promisify(execFile)('python3', [join(REPO_ROOT, 'apps/server/test/pdf-text.py'), file]);
    expect(stdout).toContain(`User: ${admin.user.name}`);
    expect(stdout).toContain('Charge: Équipe d’accueil – ????? ??');
  });

  it('closing freezes the lines: a later price table changes nothing; a closed statement refuses changes (409 STATEMENT_CLOSED)', async () => {
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const open = await create({ month: current, scope: 'organisation' });
    const early = await server.post(`/api/statements/${open.body.statement.id}/close`, {}, { token: admin.token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('STATEMENT_MONTH_NOT_ENDED');

    expect((await server.post(`/api/statements/${id}/close`, {}, { token: manager.token })).status).toBe(403);
    const closed = await server.post(`/api/statements/${id}/close`, {}, { token: admin.token });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const frozen = closed.body.statement;
    expect(frozen).toMatchObject({ status: 'closed', closedBy: { id: admin.user.id } });
    expect(frozen.total).toBe(roundPrice(expectedTotal(TABLE) - 0.1 + 1.25));

    const dearer: PriceTable = { pricePerSegment: 0.5, pricePerSegmentUcs2: 0.9, countryPrices: [] };
    expect((await setPrices(dearer)).status).toBe(200);
    const after = await server.get(`/api/statements/${id}`, { token: admin.token });
    expect(after.body.statement.lines).toEqual(frozen.lines);
    expect(after.body.statement.total).toBe(frozen.total);
    // An open statement does not move either: its messages keep the price they were charged (decision 118).
    const list = await server.get('/api/statements?scope=apiKey', { token: admin.token });
    expect(list.body.data[0].total).toBe(expectedTotal(TABLE, (m) => m.apiKey === true));
    expect((await server.get('/api/statements', { token: admin.token })).body.data.find((row: any) => row.id === id).total).toBe(
      frozen.total,
    );

    const adjustment = frozen.adjustments[0];
    const refusals = [
      await server.post(`/api/statements/${id}/adjustments`, { kind: 'credit', amount: 1, reason: 'late' }, { token: admin.token }),
      await server.put(
        `/api/statements/${id}/adjustments/${adjustment.id}`,
        { kind: 'credit', amount: 1, reason: 'late' },
        { token: admin.token },
      ),
      await server.delete(`/api/statements/${id}/adjustments/${adjustment.id}`, { token: admin.token }),
      await server.post(`/api/statements/${id}/close`, {}, { token: admin.token }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(409);
      expect(refusal.body.code).toBe('STATEMENT_CLOSED');
    }
    expect((await server.get(`/api/statements/${id}`, { token: admin.token })).body.statement.total).toBe(frozen.total);
    await setPrices(TABLE);
  });
});
