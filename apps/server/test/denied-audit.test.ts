import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { waitFor } from './campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';

// 403 refusals are audited, grouped: one entry per actor (or address), route and minute with a
// count, so a script cannot flood the log.
let server: TestServer;
let admin: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 10_000 });
  admin = await server.createAdmin();
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());

interface DeniedRow {
  actor_id: string | null;
  ip: string;
  route: string;
  count: number;
}
const denied = () =>
  queryRows<DeniedRow>(
    server.database.db,
    sql`select actor_id, ip, details->>'route' as route, (details->>'count')::int as count from audit_log where action = 'access.denied' order by id`,
  );
/** Refusals counted for a route (the audit is written just after each answer). */
const countedFor = (route: string, total: number) =>
  waitFor(
    async () => {
      const rows = (await denied()).filter((row) => row.route === route);
      return rows.reduce((sum, row) => sum + row.count, 0) === total ? rows : undefined;
    },
    15_000,
    `${total} refusals of ${route} audited`,
  );

describe('403 refusals in the audit log', () => {
  it('counts a burst of refusals in one entry per actor, route and minute', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => server.get('/api/users', { token: viewer.token })));
    expect(answers.every((answer) => answer.status === 403)).toBe(true);
    const rows = await countedFor('/api/users', 30);
    // One entry, or two if the burst crossed a minute of the database's clock.
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.every((row) => row.actor_id === viewer.user.id)).toBe(true);

    expect((await server.get(`/api/users/${admin.user.id}`, { token: viewer.token })).status).toBe(403);
    expect(await countedFor('/api/users/:id', 1)).toHaveLength(1);
  });

  it('starts a new entry in the next minute (the database decides the minute)', async () => {
    expect((await server.get('/api/settings/messaging', { token: viewer.token })).status).toBe(403);
    await countedFor('/api/settings/messaging', 1);
    // As if that refusal were a minute older: the next one opens a new entry.
    await server.database.db.execute(
      sql`update audit_log set group_key = replace(group_key, to_char(date_trunc('minute', now() at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI'), 'earlier') where action = 'access.denied' and details->>'route' = '/api/settings/messaging'`,
    );
    await Promise.all([1, 2].map(() => server.get('/api/settings/messaging', { token: viewer.token })));
    const rows = await countedFor('/api/settings/messaging', 3);
    expect(rows.map((row) => row.count)).toEqual([1, 2]);
  });

  it('groups anonymous refusals by address, and admins read them in the audit log', async () => {
    for (const ip of ['192.0.2.10', '192.0.2.10', '192.0.2.11']) {
      expect(
        (
          await server.post(
            '/api/users/register',
            { name: 'Anon', email: 'anon@example.test', password: 'Correct-Horse-42' },
            { headers: { 'x-forwarded-for': ip } },
          )
        ).status,
      ).toBe(403);
    }
    const rows = await countedFor('/api/users/register', 3);
    expect(rows.map((row) => [row.actor_id, row.ip, row.count])).toEqual([
      [null, '192.0.2.10', 2],
      [null, '192.0.2.11', 1],
    ]);
    const log = await server.get('/api/audit-log?action=access.denied&limit=100', { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body.data.length).toBeGreaterThanOrEqual(4);
    expect(log.body.data[0]).toMatchObject({ action: 'access.denied', details: { route: expect.any(String), count: expect.any(Number) } });
  });
});
