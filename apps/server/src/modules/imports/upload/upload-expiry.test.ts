import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../../test/helper.ts';
import { startImportServer, uploadFile } from '../../../../test/import-fixtures.ts';
import { uploadStoreFor } from './upload-store.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: Awaited<ReturnType<typeof startImportServer>>;
let manager: TestAccount;

beforeAll(async () => {
  server = await startImportServer();
  manager = await server.createUser('manager');
});
afterAll(() => server?.close());

describe('uploads never started', () => {
  it('are removed by housekeeping after 24 hours and shown as expired', async () => {
    const stale = (await uploadFile(server, manager.token, 'phone\n+447400500001\n')).body.import.id as string;
    const fresh = (await uploadFile(server, manager.token, 'phone\n+447400500002\n')).body.import.id as string;
    // 24 hours and a minute ago by the database's clock (the one the sweep reads).
    await server.database.db.execute(sql`update imports set created_at = now() - interval '24 hours 1 minute' where id = ${stale}`);
    const uploads = uploadStoreFor(server.database, server.config.dataDir);
    expect(await uploads.has(stale)).toBe(true);

    await server.expireUploadsNow();
    const deadline = Date.now() + 30_000;
    let summary: any;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      summary = (await server.get<any>(`/api/contacts/imports/${stale}`, { token: manager.token })).body.import;
    } while (summary.status !== 'expired' && Date.now() < deadline);
    expect(summary).toMatchObject({
      status: 'expired',
      errorMessage: 'Not started within 24 hours: the uploaded file was removed; upload it again',
      finishedAt: expect.any(String),
    });
    expect(await uploads.has(stale)).toBe(false);

    // The other upload waits on; the expired one can no longer be previewed or started.
    expect((await server.get<any>(`/api/contacts/imports/${fresh}`, { token: manager.token })).body.import.status).toBe('uploaded');
    expect(await uploads.has(fresh)).toBe(true);
    for (const response of [
      await server.get<any>(`/api/contacts/imports/${stale}/preview`, { token: manager.token }),
      await server.post<any>(`/api/contacts/imports/${stale}/start`, { mapping: { '0': 'phone' } }, { token: manager.token }),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'IMPORT_EXPIRED', message: expect.stringContaining('not started within 24 hours') });
    }
    const history = await server.get<any>('/api/contacts/imports', { token: manager.token });
    expect(history.body.data.find((row: any) => row.id === stale)).toMatchObject({ status: 'expired' });
  });
});
