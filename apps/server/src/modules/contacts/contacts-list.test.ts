import { CONTACT_COUNT_CAP } from '@sms/contracts/contacts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, contacts } from '../../db/schema.ts';

let server: TestServer;
let admin: TestAccount;
let agent: TestAccount;

type Seed = Partial<typeof contacts.$inferInsert> & { phone: string };
const seeds: Seed[] = [
  {
    phone: '+447400000001',
    firstName: 'Alice',
    lastName: 'Smith',
    email: 'alice@example.com',
    tag1: 'North',
    tag2: 'VIP',
    createdAt: new Date('2026-01-01T10:00:00Z'),
  },
  {
    phone: '+447400000002',
    firstName: 'alan',
    lastName: 'Jones',
    email: 'aj@example.org',
    tag1: 'North',
    createdAt: new Date('2026-01-02T10:00:00Z'),
  },
  {
    phone: '+447500000003',
    firstName: 'Bob',
    lastName: 'Smithers',
    email: 'bob@example.com',
    tag1: 'South',
    status: 'opted_out',
    optedOutAt: new Date('2026-01-05T00:00:00Z'),
    optOutSource: 'keyword',
    createdAt: new Date('2026-01-03T10:00:00Z'),
  },
  {
    phone: '+33612345678',
    firstName: 'Chloé',
    lastName: 'Martin',
    email: 'chloe@example.fr',
    tag1: 'South',
    tag3: 'fr',
    createdAt: new Date('2026-01-04T10:00:00Z'),
  },
  { phone: '+14155552671', firstName: '50% off', lastName: 'Under_score', email: null, createdAt: new Date('2026-01-05T10:00:00Z') },
  {
    phone: '+447400000006',
    firstName: null,
    lastName: null,
    email: 'smith@corp.com',
    tag1: 'north',
    createdAt: new Date('2026-01-06T10:00:00Z'),
  },
];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  agent = await server.createUser('agent');
  await server.database.db.insert(contacts).values(seeds);
});
afterAll(() => server?.close());

const list = async (query: string, token = admin.token) => {
  const response = await server.get(`/api/contacts?${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: Array<{ id: string; phone: string; firstName: string | null }>; total: number; totalCapped: boolean };
};
const phones = (body: { data: Array<{ phone: string }> }) => body.data.map((contact) => contact.phone);

describe('GET /api/contacts', () => {
  it('lists newest first as { data, total } and pages with limit and skip', async () => {
    const all = await list('limit=100');
    expect(all.total).toBe(6);
    expect(all.totalCapped).toBe(false);
    expect(phones(all)).toEqual(['+447400000006', '+14155552671', '+33612345678', '+447500000003', '+447400000002', '+447400000001']);
    const page = await list('limit=2&skip=2');
    expect(page.total).toBe(6);
    expect(phones(page)).toEqual(['+33612345678', '+447500000003']);
  });

  it('sorts by each field in both directions, empty values last', async () => {
    expect(phones(await list('sort=phone&order=asc&limit=100'))).toEqual([
      '+14155552671',
      '+33612345678',
      '+447400000001',
      '+447400000002',
      '+447400000006',
      '+447500000003',
    ]);
    expect(phones(await list('sort=phone&order=desc&limit=3'))).toEqual(['+447500000003', '+447400000006', '+447400000002']);
    expect(phones(await list('sort=createdAt&order=asc&limit=2'))).toEqual(['+447400000001', '+447400000002']);
    const byLast = (await list('sort=lastName&order=asc&limit=100')).data.map((contact) => contact.phone);
    expect(byLast.at(-1)).toBe('+447400000006');
    const byTag = await list('sort=tag1&order=desc&limit=100');
    expect(phones(byTag).slice(-1)).toEqual(['+14155552671']);
    for (const sort of ['updatedAt', 'firstName']) expect((await list(`sort=${sort}&order=asc`)).total).toBe(6);
  });

  it('filters by tags (exact), status and created range', async () => {
    expect(phones(await list('tag1=North&limit=100')).sort()).toEqual(['+447400000001', '+447400000002']);
    expect(phones(await list('tag1=North&tag2=VIP'))).toEqual(['+447400000001']);
    expect(phones(await list('tag3=fr'))).toEqual(['+33612345678']);
    // A filter matching few contacts gathers them before sorting: the order and paging still hold.
    expect(phones(await list('tag1=South&sort=createdAt&order=asc'))).toEqual(['+447500000003', '+33612345678']);
    expect(phones(await list('tag1=South&sort=createdAt&order=desc'))).toEqual(['+33612345678', '+447500000003']);
    expect(phones(await list('search=smith&sort=phone&order=desc&limit=1&skip=1'))).toEqual(['+447400000006']);
    expect(phones(await list('status=opted_out'))).toEqual(['+447500000003']);
    expect((await list('status=active')).total).toBe(5);
    expect(phones(await list('createdFrom=2026-01-02&createdTo=2026-01-03&sort=createdAt&order=asc'))).toEqual([
      '+447400000002',
      '+447500000003',
    ]);
    expect(phones(await list('createdFrom=2026-01-05T09:00:00Z'))).toEqual(['+447400000006', '+14155552671']);
    expect((await list('createdTo=2026-01-01T09:59:59Z')).total).toBe(0);
  });

  it('searches phones by prefix, in any common writing', async () => {
    expect(phones(await list('search=%2B447400&limit=100')).sort()).toEqual(['+447400000001', '+447400000002', '+447400000006']);
    expect(phones(await list(`search=${encodeURIComponent('44 75')}`))).toEqual(['+447500000003']);
    expect(phones(await list(`search=${encodeURIComponent('0033 6 12')}`))).toEqual(['+33612345678']);
    expect(phones(await list(`search=${encodeURIComponent('07500 000')}&country=GB`))).toEqual(['+447500000003']);
    expect(phones(await list(`search=${encodeURIComponent('(415) 555-2671')}&country=US`))).toEqual(['+14155552671']);
    expect((await list('search=07500')).total).toBe(0);
  });

  it('searches the start of first name, last name or email, case-insensitively, wildcards literal', async () => {
    expect(phones(await list('search=AL&limit=100')).sort()).toEqual(['+447400000001', '+447400000002']);
    expect(phones(await list('search=smith&limit=100')).sort()).toEqual(['+447400000001', '+447400000006', '+447500000003']);
    expect(phones(await list(`search=${encodeURIComponent('chloé')}`))).toEqual(['+33612345678']);
    expect(phones(await list(`search=${encodeURIComponent('alice smi')}`))).toEqual(['+447400000001']);
    expect(phones(await list(`search=${encodeURIComponent('50%')}`))).toEqual(['+14155552671']);
    expect((await list(`search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect(phones(await list(`search=${encodeURIComponent('under_')}`))).toEqual(['+14155552671']);
    expect((await list(`search=${encodeURIComponent('lice')}`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent("' or 1=1 --")}`)).total).toBe(0);
    expect(phones(await list('search=smith&tag1=South'))).toEqual(['+447500000003']);
  });

  it('answers 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['skip=-1', 'skip'],
      ['sort=email', 'sort'],
      ['order=up', 'order'],
      ['status=gone', 'status'],
      ['createdFrom=soon', 'createdFrom'],
      ['country=XX', 'country'],
    ];
    for (const [query, field] of cases) {
      const response = await server.get(`/api/contacts?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(response.body.field, query).toBe(field);
      expect(response.body.message, query).toContain(field);
    }
  });
});

describe('GET /api/contacts/tags', () => {
  it('answers distinct values in order, optionally by prefix', async () => {
    const tag1 = await server.get('/api/contacts/tags?field=tag1', { token: agent.token });
    expect(tag1.status).toBe(200);
    expect([...tag1.body.values].sort()).toEqual(['North', 'South', 'north']);
    expect(new Set(tag1.body.values).size).toBe(3);
    expect((await server.get('/api/contacts/tags?field=tag1&search=NO', { token: agent.token })).body.values.sort()).toEqual([
      'North',
      'north',
    ]);
    expect((await server.get('/api/contacts/tags?field=tag1&limit=1', { token: agent.token })).body.values).toHaveLength(1);
    expect((await server.get('/api/contacts/tags?field=tag2', { token: agent.token })).body.values).toEqual(['VIP']);
    expect((await server.get('/api/contacts/tags?field=tag1&search=%25', { token: agent.token })).body.values).toEqual([]);
    const bad = await server.get('/api/contacts/tags?field=tag9', { token: agent.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('field');
  });
});

describe('POST /api/contacts/bulk', () => {
  const idsOf = async (query: string) => (await list(`${query}&limit=100`)).data.map((contact) => contact.id);

  it('sets and clears a tag on listed ids, counting only changed contacts', async () => {
    const ids = await idsOf('tag1=North');
    const set = await server.post(
      '/api/contacts/bulk',
      { action: 'setTag', target: { ids }, tag: { field: 'tag3', value: 'wave-1' } },
      { token: agent.token },
    );
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ affected: 2 });
    expect(
      (
        await server.post(
          '/api/contacts/bulk',
          { action: 'setTag', target: { ids }, tag: { field: 'tag3', value: 'wave-1' } },
          { token: agent.token },
        )
      ).body.affected,
    ).toBe(0);
    expect((await list('tag3=wave-1')).total).toBe(2);
    const cleared = await server.post(
      '/api/contacts/bulk',
      { action: 'setTag', target: { filter: { tag3: 'wave-1' } }, tag: { field: 'tag3', value: null } },
      { token: agent.token },
    );
    expect(cleared.body.affected).toBe(2);
    expect((await list('tag3=wave-1')).total).toBe(0);
  });

  it('opts out by filter keeping earlier opt-outs, opts back in', async () => {
    const before = (await list('status=opted_out')).data[0] as unknown as { optedOutAt: string; optOutSource: string };
    const out = await server.post(
      '/api/contacts/bulk',
      { action: 'optOut', target: { filter: { search: '+4475' } } },
      { token: admin.token },
    );
    expect(out.body.affected).toBe(0);
    const north = await server.post(
      '/api/contacts/bulk',
      { action: 'optOut', target: { filter: { tag1: 'North' } } },
      { token: admin.token },
    );
    expect(north.body.affected).toBe(2);
    const optedOut = (await list('status=opted_out&limit=100')).data as unknown as Array<{
      phone: string;
      optedOutAt: string;
      optOutSource: string;
    }>;
    expect(optedOut).toHaveLength(3);
    const kept = optedOut.find((contact) => contact.phone === '+447500000003');
    expect(kept).toMatchObject({ optedOutAt: before.optedOutAt, optOutSource: 'keyword' });
    expect(optedOut.filter((contact) => contact.optOutSource === 'admin')).toHaveLength(2);
    const back = await server.post(
      '/api/contacts/bulk',
      { action: 'optIn', target: { filter: { tag1: 'North' } }, consentNote: 'Asked again at the site visit' },
      { token: admin.token },
    );
    expect(back.body.affected).toBe(2);
    expect((await list('status=opted_out')).total).toBe(1);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contacts.bulk')));
    expect(audit.map((entry) => entry.details)).toContainEqual({ action: 'optOut', filter: { tag1: 'North' }, affected: 2 });
  });

  it('deletes by ids and by filter', async () => {
    await server.database.db.insert(contacts).values([
      { phone: '+447700900001', tag2: 'temp' },
      { phone: '+447700900002', tag2: 'temp' },
      { phone: '+447700900003', tag2: 'temp' },
    ]);
    const [first] = await idsOf('tag2=temp');
    const one = await server.post('/api/contacts/bulk', { action: 'delete', target: { ids: [first] } }, { token: admin.token });
    expect(one.body.affected).toBe(1);
    const rest = await server.post(
      '/api/contacts/bulk',
      { action: 'delete', target: { filter: { tag2: 'temp' } } },
      { token: admin.token },
    );
    expect(rest.body.affected).toBe(2);
    expect((await list('tag2=temp')).total).toBe(0);
    expect((await list('limit=1')).total).toBe(6);
  });

  it('answers 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ action: 'explode', target: { ids: [] } }, 'action'],
      [{ action: 'setTag', target: { filter: {} } }, 'tag'],
      [{ action: 'setTag', target: { filter: {} }, tag: { field: 'tag7', value: 'x' } }, 'tag.field'],
      [{ action: 'delete', target: { filter: { status: 'gone' } } }, 'target'],
    ];
    for (const [body, field] of cases) {
      const response = await server.post('/api/contacts/bulk', body, { token: admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field, JSON.stringify(body)).toContain(field);
    }
  });
});

describe('GET /api/contacts with more matches than it counts', () => {
  it('counts up to the cap and says so; narrower filters are counted exactly; the page is unaffected', async () => {
    await server.database.db.execute(
      sql`insert into contacts (phone, first_name, tag1) select '+4479' || lpad(n::text, 8, '0'), 'Many', case when n <= 42 then 'few' else 'bulk' end from generate_series(1, ${CONTACT_COUNT_CAP + 5}) as n`,
    );
    const many = await list('search=Many&limit=5');
    expect(many).toMatchObject({ total: CONTACT_COUNT_CAP, totalCapped: true });
    expect(many.data).toHaveLength(5);
    expect(await list('tag1=few&limit=5')).toMatchObject({ total: 42, totalCapped: false });
    expect(await list(`search=Many&limit=5&skip=${CONTACT_COUNT_CAP}`)).toMatchObject({
      total: CONTACT_COUNT_CAP,
      totalCapped: true,
      data: expect.arrayContaining([expect.objectContaining({ firstName: 'Many' })]),
    });
    await server.database.db.execute(sql`delete from contacts where first_name = 'Many'`);
    expect(await list('limit=1')).toMatchObject({ total: 6, totalCapped: false });
  });

  it('pages matches that sit behind many newer contacts the same as the database orders them', async () => {
    // 10,050 old contacts (one import) behind 20,050 newer ones: more than the newest rows a page is first looked for in.
    await server.database.db.execute(
      sql`insert into contacts (phone, first_name, tag1, created_at) select '+4478' || lpad(n::text, 8, '0'), 'Old', 'old-import', '2025-01-01'::timestamptz + n * interval '1 second' from generate_series(1, ${CONTACT_COUNT_CAP + 50}) as n`,
    );
    await server.database.db.execute(
      sql`insert into contacts (phone, first_name, tag1, created_at) select '+4477' || lpad(n::text, 8, '0'), 'New', 'recent', '2026-06-01'::timestamptz + n * interval '1 second' from generate_series(1, 20050) as n`,
    );
    const expected = async (where: ReturnType<typeof sql>, limit: number, skip: number) =>
      (
        await queryRows<{ phone: string }>(
          server.database.db,
          sql`select phone from contacts where ${where} order by created_at desc, id desc limit ${limit} offset ${skip}`,
        )
      ).map((row) => row.phone);
    const cases: Array<[string, ReturnType<typeof sql>, number, number, { total: number; totalCapped: boolean }]> = [
      ['search=%2B4478', sql`phone like '+4478%'`, 5, 0, { total: CONTACT_COUNT_CAP, totalCapped: true }],
      ['search=%2B4478', sql`phone like '+4478%'`, 5, CONTACT_COUNT_CAP + 40, { total: CONTACT_COUNT_CAP, totalCapped: true }],
      ['tag1=old-import', sql`tag1 = 'old-import'`, 5, 5, { total: CONTACT_COUNT_CAP, totalCapped: true }],
      ['tag1=recent', sql`tag1 = 'recent'`, 5, 0, { total: CONTACT_COUNT_CAP, totalCapped: true }],
      [
        'search=%2B44780000&tag1=old-import',
        sql`phone like '+44780000%' and tag1 = 'old-import'`,
        3,
        7,
        { total: 9999, totalCapped: false },
      ],
      ['search=%2B44780000', sql`phone like '+44780000%'`, 5, 20_000, { total: 9999, totalCapped: false }],
    ];
    for (const [query, where, limit, skip, counts] of cases) {
      const page = await list(`${query}&limit=${limit}&skip=${skip}`);
      expect(page, query).toMatchObject(counts);
      expect(phones(page), `${query} skip ${skip}`).toEqual(await expected(where, limit, skip));
    }
    expect(phones(await list('search=%2B44780000&limit=2&skip=20000'))).toEqual([]);
    await server.database.db.execute(sql`delete from contacts where first_name in ('Old', 'New')`);
  });
});
