import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, queryRows } from '../../db/client.ts';
import { addSimulator, auditOf, createCampaign, launchCampaign, localInDays, waitForCampaign } from '../../../test/campaign-api.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { freshDatabase, startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

// The reasons a campaign fails with, as codes and parameters; and migration 0018, which reads the
// English sentences stored before it back into codes.
let server: TestServer;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer({ engine: true });
  admin = await server.createAdmin();
  await configureSimulator(server, admin.token, {});
  await seedContacts(server, 5);
});
afterAll(() => server?.close());

const messageErrors = (campaignId: string) =>
  queryRows<{ status: string; error_code: string | null; error_text: string | null; n: number }>(
    server.database.db,
    sql`select status, error_code, error_text, count(*)::int as n from messages where campaign_id = ${campaignId} group by 1, 2, 3`,
  );

describe('a campaign whose gateway can never send', () => {
  it("fails with GATEWAY_UNUSABLE and the gateway's own words when its settings no longer read", async () => {
    const gatewayId = await addSimulator(server, admin.token, 'Misconfigured', {});
    // Settings an earlier version let through and this one refuses.
    await server.database.db.execute(
      sql`update gateways set config = config || '{"acceptPerSecond": 0}'::jsonb, version = version + 1 where id = ${gatewayId}`,
    );
    const campaign = await createCampaign(server, admin.token, { name: 'On a misconfigured gateway', body: 'Hi', gatewayId });
    await launchCampaign(server, admin.token, campaign.id);

    const failed = await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'failed', 'the failure');
    const detail = failed.statusReason?.code === 'GATEWAY_UNUSABLE' ? failed.statusReason.params.detail : '';
    expect(detail).toMatch(/^The gateway settings are invalid: .*acceptPerSecond/);
    expect(failed.statusReason).toEqual({ code: 'GATEWAY_UNUSABLE', params: { detail }, message: `The gateway cannot send: ${detail}` });
    expect(await messageErrors(campaign.id)).toEqual([{ status: 'failed', error_code: 'GATEWAY_UNUSABLE', error_text: detail, n: 5 }]);
    const fail = (await auditOf(server, campaign.id)).filter((entry) => entry.action === 'campaign.fail');
    expect(fail.map((entry) => entry.details)).toEqual([{ reason: `The gateway cannot send: ${detail}`, reasonCode: 'GATEWAY_UNUSABLE' }]);
  });

  it('fails with GATEWAY_DELETED when its gateway row is gone by the time it is due', async () => {
    const gatewayId = await addSimulator(server, admin.token, 'Vanishing', {});
    const campaign = await createCampaign(server, admin.token, {
      name: 'On a vanished gateway',
      body: 'Hi',
      gatewayId,
      scheduledLocal: localInDays(1),
      timeZone: 'UTC',
    });
    expect((await launchCampaign(server, admin.token, campaign.id)).status).toBe('scheduled');
    // The API refuses to delete a gateway a live campaign uses; a row can still vanish under it.
    await server.database.db.execute(sql`delete from gateways where id = ${gatewayId}`);
    await server.database.db.execute(sql`update campaigns set scheduled_at = now() where id = ${campaign.id}`);

    const failed = await waitForCampaign(server, admin.token, campaign.id, (c) => c.status === 'failed', 'the failure');
    expect(failed.statusReason).toEqual({ code: 'GATEWAY_DELETED', params: {}, message: 'The gateway cannot send: it was deleted' });
    const progress = await server.get(`/api/campaigns/${campaign.id}/progress`, { token: admin.token });
    expect(progress.body.statusReason).toEqual(failed.statusReason);
  });
});

describe('a reason the engine reads back', () => {
  it('clears GATEWAY_UNAVAILABLE, by its code, as soon as the gateway takes a message again', async () => {
    // One message a second: still sending seconds after the reason is set.
    const campaign = await createCampaign(server, admin.token, { name: 'Back from an outage', body: 'Hi', rateLimit: 1 });
    await launchCampaign(server, admin.token, campaign.id);
    const outage = { code: 'GATEWAY_UNAVAILABLE', params: { detail: 'Twilio asked us to wait 30 s before sending again' } };
    // Read back in the same statement: the engine may clear it before any later read (it did, on
    // PostgreSQL under load, when the API was asked for it afterwards).
    const [set] = await queryRows<{ status: string; status_reason: unknown }>(
      server.database.db,
      sql`update campaigns set status_reason = ${JSON.stringify(outage)}::jsonb where id = ${campaign.id} returning status, status_reason`,
    );
    expect(set).toEqual({ status: 'sending', status_reason: outage });

    const cleared = await waitForCampaign(
      server,
      admin.token,
      campaign.id,
      (c) => c.statusReason === null || c.status !== 'sending',
      'the reason cleared',
    );
    expect(cleared).toMatchObject({ status: 'sending', statusReason: null });
  });
});

describe('migration 0018', () => {
  const ENGLISH_BEFORE_0018 = {
    quiet: 'Quiet hours: sending resumes at 07:30 (Europe/Paris)',
    unavailable: 'Gateway unavailable: Twilio asked us to wait 30 s before sending again. Retrying.',
    errors: 'Paused automatically after 20 errors in a row. Last error: Simulated: number rejected by the carrier',
    errorsUnknown: 'Paused automatically after 7 errors in a row. Last error: unknown',
    stayedUnavailable: 'Paused automatically: the gateway stayed unavailable (The SMPP gateway is closed)',
    disabled: 'The gateway Night (backup) is disabled: enable it, then resume',
    deleted: 'The gateway cannot send: The gateway was deleted',
    unusable: 'The gateway cannot send: The SMSC refused the bind: ESME_RINVPASWD (0x0000000e)',
    other: 'Stopped by hand in the database',
  } as const;

  it('reads the English reasons stored before it back into codes with their parameters, and keeps an unknown one whole', async () => {
    const { database, dispose } = await freshDatabase();
    try {
      const db = database.db;
      // The column as every version before 0018 had it.
      await db.execute(sql`alter table campaigns drop constraint campaigns_status_reason_check`);
      await db.execute(sql`alter table campaigns alter column status_reason type text using null`);
      for (const [name, reason] of Object.entries(ENGLISH_BEFORE_0018)) {
        await db.execute(
          sql`insert into campaigns (name, audience, status, status_reason) values (${name}, '{"type":"all"}'::jsonb, 'paused', ${reason})`,
        );
      }
      await db.execute(sql`insert into campaigns (name, audience, status) values ('none', '{"type":"all"}'::jsonb, 'draft')`);
      const migration = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).find((file) => file.folderMillis === 1795830000000);
      expect(migration?.sql.length).toBeGreaterThan(0);
      for (const statement of migration?.sql ?? []) await db.execute(sql.raw(statement));

      const rows = await queryRows<{ name: string; status_reason: unknown }>(db, sql`select name, status_reason from campaigns`);
      expect(Object.fromEntries(rows.map((row) => [row.name, row.status_reason]))).toEqual({
        quiet: { code: 'QUIET_HOURS', params: { time: '07:30', timeZone: 'Europe/Paris' } },
        unavailable: { code: 'GATEWAY_UNAVAILABLE', params: { detail: 'Twilio asked us to wait 30 s before sending again' } },
        errors: { code: 'AUTO_PAUSED_ERRORS', params: { errors: 20, lastError: 'Simulated: number rejected by the carrier' } },
        errorsUnknown: { code: 'AUTO_PAUSED_ERRORS', params: { errors: 7, lastError: null } },
        stayedUnavailable: { code: 'AUTO_PAUSED_GATEWAY_UNAVAILABLE', params: { detail: 'The SMPP gateway is closed' } },
        disabled: { code: 'GATEWAY_DISABLED', params: { gateway: 'Night (backup)' } },
        deleted: { code: 'GATEWAY_DELETED', params: {} },
        unusable: { code: 'GATEWAY_UNUSABLE', params: { detail: 'The SMSC refused the bind: ESME_RINVPASWD (0x0000000e)' } },
        other: { code: 'LEGACY_TEXT', params: { text: 'Stopped by hand in the database' } },
        none: null,
      });
      // The check holds from now on: a reason is an object with a code and parameters.
      for (const bad of ['"Quiet hours"', '{"code": "QUIET_HOURS"}', '{"params": {}}', '[]']) {
        await expect(db.execute(sql`update campaigns set status_reason = ${bad}::jsonb where name = 'none'`), bad).rejects.toThrow();
      }
    } finally {
      await dispose();
    }
  });
});
