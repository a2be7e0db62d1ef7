import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createCampaign, launchCampaign } from './campaign-api.ts';
import { configureSimulator, seedContacts, waitFor } from './campaign-fixtures.ts';
import { onPostgres, startTestServer, TEST_PASSWORD } from './helper.ts';
import { uploadFile } from './import-fixtures.ts';
import { scratchDir } from './scratch-dir.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { importLimits, startImportWorker, uploadStoreFor } from '../src/modules/imports/index.ts';
import { backupToFile, restoreBackup } from '../src/modules/backups/index.ts';
import { emptyPglite, emptyPostgres, serveOn } from './backup-fixtures.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const IMPORT_ROWS = 200_000;
const SEEDED = 20_000;

/** Status counts of a campaign's message rows. */
async function messageRows(database: Database, campaignId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    database.db,
    sql`select status, count(*)::int as n from messages where campaign_id = ${campaignId} group by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

describe('a backup taken while an import and a campaign run', () => {
  it(
    `restores to a consistent state: the ${IMPORT_ROWS}-row import's counts match its contacts, the campaign's counters its messages`,
    { timeout: 600_000 },
    async () => {
      const server = await startTestServer({ engine: true });
      cleanups.push(() => server.close());
      await startImportWorker(
        server.jobs,
        {
          database: server.database,
          limits: importLimits({}),
          logger: { error: (details: object, message: string) => console.error(message, details) },
          uploads: uploadStoreFor(server.database, server.config.dataDir),
        },
        { pollingIntervalSeconds: 0.5 },
      );
      const admin = await server.createAdmin();
      // Slow enough that the campaign is still sending when the backup is taken.
      await configureSimulator(server, admin.token, { acceptPerSecond: 500 });
      await seedContacts(server, SEEDED);
      const campaign = await createCampaign(server, admin.token, { name: 'Running during the backup', body: 'Hi {{first_name}}' });
      await launchCampaign(server, admin.token, campaign.id);

      const lines = ['phone,first_name'];
      for (let index = 0; index < IMPORT_ROWS; index++) lines.push(`+447911${String(index).padStart(6, '0')},Imported ${index}`);
      const uploaded = await uploadFile(server, admin.token, `${lines.join('\n')}\n`);
      expect(uploaded.status).toBe(201);
      const importId = uploaded.body.import.id as string;
      const started = await server.post(
        `/api/contacts/imports/${importId}/start`,
        { mapping: uploaded.body.preview.suggestedMapping, options: { onDuplicate: 'skip' } },
        { token: admin.token },
      );
      expect(started.status).toBe(202);

      // Both under way: some contacts imported, some messages sent, neither finished.
      await waitFor(
        async () => {
          const summary = (await server.get(`/api/contacts/imports/${importId}`, { token: admin.token })).body.import;
          const sent = (await server.get(`/api/campaigns/${campaign.id}`, { token: admin.token })).body.campaign.counts;
          return summary.counts.created > 0 && sent.sent + sent.delivered > 0 ? true : undefined;
        },
        240_000,
        'the import and the campaign to be under way',
      );
      const file = join(scratchDir('sms-backup-'), 'busy.sms.gz');
      await backupToFile(server.database, file);
      const running = (await server.get(`/api/contacts/imports/${importId}`, { token: admin.token })).body.import;

      const target = onPostgres ? await emptyPostgres(process.env.TEST_DATABASE_URL as string) : await emptyPglite();
      cleanups.push(() => target.dispose());
      await restoreBackup(target.database, file);

      const [imported] = await queryRows<{
        created: number;
        rows_read: number;
        updated: number;
        duplicates: number;
        rejected: number;
        contacts: number;
        all: number;
      }>(
        target.database.db,
        sql`select i.created, i.rows_read, i.updated, i.duplicates, i.rejected,
            (select count(*)::int from contacts c where c.import_id = i.id) as contacts, (select count(*)::int from contacts) as "all"
          from imports i where i.id = ${importId}`,
      );
      expect(imported!.created).toBeGreaterThan(0);
      expect(imported!.contacts).toBe(imported!.created);
      expect(imported!.all).toBe(SEEDED + imported!.created);
      expect(imported!.rows_read).toBe(imported!.created + imported!.updated + imported!.duplicates + imported!.rejected);
      // Taken mid-way (or the file would not test much): the live import went on past the backup.
      expect(imported!.created).toBeLessThanOrEqual(running.counts.created);

      const served = await serveOn(target);
      cleanups.push(() => served.close());
      const login = await fetch(`${served.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.user.email, password: TEST_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const restored = (await (
        await fetch(`${served.baseUrl}/api/campaigns/${campaign.id}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        campaign: { counts: Record<string, number> };
      };
      const rows = await messageRows(target.database, campaign.id);
      const { total, replied, ...byStatus } = restored.campaign.counts;
      expect(Object.fromEntries(Object.entries(byStatus).filter(([, value]) => value !== 0))).toEqual(rows);
      expect(total).toBe(Object.values(rows).reduce((sum, value) => sum + value, 0));
      expect(replied).toBe(0);
    },
  );
});
