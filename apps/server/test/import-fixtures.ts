import { expect } from 'vitest';
import { importLimits, type ImportLimits, startImportWorker, uploadStoreFor } from '../src/modules/imports/index.ts';
import { startTestServer, type TestServer } from './helper.ts';
import { upload } from './upload.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

/** A test server whose import jobs (and upload expiry sweep) run in this process. */
export async function startImportServer(
  limits: Partial<ImportLimits> = {},
): Promise<TestServer & { expireUploadsNow: () => Promise<void> }> {
  const started = await startTestServer({ config: { importLimits: limits } });
  const logger = { error: (details: object, message: string) => console.error(message, details) };
  const worker = await startImportWorker(
    started.jobs,
    {
      database: started.database,
      limits: importLimits(limits),
      logger,
      uploads: uploadStoreFor(started.database, started.config.dataDir),
      batchRows: 1000,
    },
    { pollingIntervalSeconds: 0.5 },
  );
  return Object.assign(started, { expireUploadsNow: worker.expireUploadsNow });
}

/** Uploads a file as a browser would. */
export const uploadFile = (server: TestServer, token: string, bytes: Uint8Array | string, filename = 'contacts.csv') =>
  upload<any>(server, '/api/contacts/imports', {
    token,
    files: [{ field: 'file', bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes, filename, type: 'application/octet-stream' }],
  });

/** Polls an import until it has finished (generous: the host is shared). */
export async function waitFinished(server: TestServer, token: string, id: string): Promise<any> {
  const started = Date.now();
  for (;;) {
    const response = await server.get<any>(`/api/contacts/imports/${id}`, { token });
    expect(response.status).toBe(200);
    const summary = response.body.import;
    if (['completed', 'failed', 'cancelled', 'expired'].includes(summary.status)) return summary;
    if (Date.now() - started > 60_000) throw new Error(`import ${id} still ${summary.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads, starts with the suggested mapping (or the given one) and waits for the end. */
export async function importFile(
  server: TestServer,
  token: string,
  bytes: Uint8Array | string,
  options: Record<string, unknown> = {},
  filename = 'contacts.csv',
  mapping?: Record<string, string>,
) {
  const uploaded = await uploadFile(server, token, bytes, filename);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const id = uploaded.body.import.id as string;
  const started = await server.post<any>(
    `/api/contacts/imports/${id}/start`,
    { mapping: mapping ?? uploaded.body.preview.suggestedMapping, options: { onDuplicate: 'skip', ...options } },
    { token },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return { summary: await waitFinished(server, token, id), preview: uploaded.body.preview, id };
}
