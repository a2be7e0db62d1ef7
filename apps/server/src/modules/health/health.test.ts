import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('health endpoints', () => {
  it('GET /api/health answers liveness without authentication', async () => {
    const response = await server.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready reports database, migrations and jobs ok', async () => {
    const response = await server.get('/api/health/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', jobs: 'ok' });
  });

  it('answers 503 naming pending migrations and a stopped job runner', async () => {
    const probe = await startTestServer();
    try {
      // Forget the last applied migration, as if the code were newer than the database.
      await probe.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const pending = await probe.get('/api/health/ready');
      expect(pending.status).toBe(503);
      expect(pending.body).toEqual({
        status: 'not_ready',
        database: 'ok',
        migrations: 'pending',
        jobs: 'ok',
        reason: 'Database migrations are not applied',
      });
      await probe.jobs.stop();
      expect((await probe.get('/api/health/ready')).body.jobs).toBe('error');
    } finally {
      await probe.close();
    }
  });

  it('answers 503 with database error when the database is gone, while liveness stays up', async () => {
    const probe = await startTestServer();
    try {
      await probe.jobs.stop();
      await probe.database.close();
      const response = await probe.get('/api/health/ready');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'not_ready', database: 'error', migrations: 'error' });
      expect((await probe.get('/api/health')).status).toBe(200);
    } finally {
      await probe.close().catch(() => {});
    }
  });
});
