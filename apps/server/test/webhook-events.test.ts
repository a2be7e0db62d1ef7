import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLimits, startImportWorker, uploadStoreFor } from '../src/modules/imports/index.ts';
import { createCampaign, launchCampaign } from './campaign-api.ts';
import { configureSimulator, seedContacts, waitFor } from './campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './helper.ts';
import { importFile } from './import-fixtures.ts';
import { startReceiver, undocumented } from './webhook-receiver.ts';

// Events of other modules' state machines, through the webhooks outbox (issue 20).
describe('campaign.completed and import.completed', () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine: true, config: { allowPrivateWebhookUrls: true } });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await startImportWorker(
      server.jobs,
      {
        database: server.database,
        limits: importLimits({}),
        logger: { error: () => {} },
        uploads: uploadStoreFor(server.database, server.config.dataDir),
        batchRows: 1000,
      },
      { pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(() => server?.close());

  it('are delivered once each, with the campaign and the import counts', async () => {
    const receiver = await startReceiver(0);
    try {
      const created = await server.post(
        '/api/webhooks',
        { url: receiver.url, events: ['campaign.completed', 'import.completed'] },
        { token: admin.token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await seedContacts(server, 3);
      const campaign = await createCampaign(server, admin.token, { name: 'Hooked', body: 'Hi', audience: { type: 'all' } });
      await launchCampaign(server, admin.token, campaign.id);
      const imported = await importFile(server, admin.token, 'phone,first_name\n+447400557001,Ann\n+447400557002,Bo\nnot-a-number,Cy\n', {
        defaultCountry: 'GB',
      });
      expect(imported.summary.status).toBe('completed');

      const byType = (type: string) => receiver.received.filter((message) => message.event.type === type);
      await waitFor(
        async () => (byType('campaign.completed').length > 0 && byType('import.completed').length > 0 ? true : undefined),
        30_000,
        'both events',
      );
      expect(byType('campaign.completed')).toHaveLength(1);
      expect(byType('campaign.completed')[0]?.event.data).toMatchObject({ campaignId: campaign.id, name: 'Hooked' });
      expect(byType('import.completed')).toHaveLength(1);
      expect(byType('import.completed')[0]?.event.data).toMatchObject({
        importId: imported.id,
        counts: { rowsRead: 3, created: 2, rejected: 1 },
      });
      // As the OpenAPI document's webhooks describe them (decision 094).
      for (const { event } of receiver.received) expect(undocumented(event), JSON.stringify(event)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
