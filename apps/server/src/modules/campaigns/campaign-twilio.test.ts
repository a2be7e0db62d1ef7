import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { countMessageRows, nonZero, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startFakeTwilio, TWILIO_REFUSALS, type FakeTwilio } from '../../../test/fake-twilio.ts';
import { freePort, startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

describe('a campaign through the Twilio gateway (fake Twilio REST on loopback, signed webhooks back)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let twilio: FakeTwilio;
  let gatewayId: string;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    const port = await freePort();
    server = await startTestServer({
      engine: { batchSize: 50 },
      config: { port, publicUrl: `http://127.0.0.1:${port}`, twilioApiBaseUrl: twilio.baseUrl },
    });
    admin = await server.createAdmin();
    const created = await server.post(
      '/api/gateways',
      {
        name: 'Twilio',
        kind: 'twilio',
        config: { accountSid: twilio.accountSid, from: '+15005550006' },
        secrets: { authToken: twilio.authToken },
      },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain(twilio.authToken);
    gatewayId = created.body.gateway.id;
    await seedContacts(server, 20);
  });
  afterAll(async () => {
    await server?.close();
    await twilio?.close();
  });

  it('sends, maps refusals, opts out unsubscribed recipients and applies signed status callbacks', async () => {
    twilio.behave('+447700000003', TWILIO_REFUSALS.unsubscribed);
    twilio.behave('+447700000004', TWILIO_REFUSALS.invalidNumber);
    const created = await server.post(
      '/api/campaigns',
      { name: 'Via Twilio', body: 'Hi {{first_name}}', gatewayId },
      { token: admin.token },
    );
    const id = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token })).status).toBe(200);
    await waitFor(
      async () =>
        (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign.status === 'completed' ? true : undefined,
      30_000,
      'completion',
    );

    expect(twilio.messages).toHaveLength(18);
    expect(twilio.messages[0]?.form.StatusCallback).toBe(`${server.config.publicUrl}/api/gateways/twilio/${gatewayId}/status`);
    for (const message of twilio.messages) expect((await twilio.deliver(message.sid, 'delivered')).status).toBe(204);

    const counts = await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        return body.campaign.counts.delivered === 18 ? body.campaign.counts : undefined;
      },
      10_000,
      'receipts',
    );
    expect(nonZero(counts)).toEqual({ delivered: 18, failed: 2 });
    expect(nonZero(counts)).toEqual(await countMessageRows(server, id));
    const [unsubscribed] = await queryRows<{ status: string; opt_out_source: string }>(
      server.database.db,
      sql`select status, opt_out_source from contacts where phone = '+447700000003'`,
    );
    expect(unsubscribed).toEqual({ status: 'opted_out', opt_out_source: 'provider' });
    const [refused] = await queryRows<{ error_code: string }>(
      server.database.db,
      sql`select error_code from messages where phone = '+447700000004'`,
    );
    expect(refused?.error_code).toBe('TWILIO_21211');
  });

  it('refuses a status callback with a wrong signature', async () => {
    const response = await fetch(`${server.baseUrl}/api/gateways/twilio/${gatewayId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      body: 'MessageSid=SM00000000000000000000000000000000&MessageStatus=delivered',
    });
    expect(response.status).toBe(403);
  });
});
