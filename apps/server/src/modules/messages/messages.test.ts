import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, createCampaign, poll } from '../../../test/campaign-api.ts';
import { configureSimulator } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;
let campaignId: string;
let zoe: { id: string };

beforeAll(async () => {
  server = await startTestServer({ engine: true });
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
  await configureSimulator(server, admin.token, {});
  zoe = (
    await server.post('/api/contacts', { phone: '+447400500001', firstName: 'Zoe', customFields: { city: 'Bath' } }, { token: admin.token })
  ).body.contact;
  await server.post('/api/contacts', { phone: '+447400500002', firstName: 'Olly', status: 'opted_out' }, { token: admin.token });
  campaignId = (
    await createCampaign(server, admin.token, { name: 'Composer', body: 'Hi {{first_name|there}} from {{city|here}}', senderId: 'ACME' })
  ).id;
});
afterAll(() => server?.close());

const testSend = (body: unknown, token = manager.token, id = campaignId) => server.post(`/api/campaigns/${id}/test-send`, body, { token });
const waitDelivered = (id: string) =>
  poll(
    async () => {
      const { body } = await server.get(`/api/messages/${id}`, { token: admin.token });
      return body.message.status === 'delivered' ? body.message : undefined;
    },
    15_000,
    'the test message to be delivered',
  );

describe('POST /api/campaigns/{id}/test-send', () => {
  it('answers 202 with the queued message, filled from the contact holding the number, then delivers it', async () => {
    const response = await testSend({ phone: '+44 7400 500001' });
    expect(response.status).toBe(202);
    expect(response.body.message).toEqual({
      id: expect.stringMatching(/^\d+$/),
      kind: 'test',
      campaignId: null,
      contactId: zoe.id,
      phone: '+447400500001',
      body: 'Hi Zoe from Bath',
      // The dispatcher is woken before the answer is written, so it may already have claimed it.
      status: expect.stringMatching(/^(queued|sending)$/),
      errorCode: null,
      errorText: null,
      attempts: response.body.message.status === 'queued' ? 0 : 1,
      segments: null,
      encoding: null,
      queuedAt: expect.any(String),
      sentAt: null,
      deliveredAt: null,
      failedAt: null,
    });
    const delivered = await waitDelivered(response.body.message.id);
    expect(delivered).toMatchObject({
      status: 'delivered',
      attempts: 1,
      encoding: 'GSM-7',
      segments: 1,
      body: 'Hi Zoe from Bath',
      errorCode: null,
    });
    expect(Date.parse(delivered.deliveredAt)).toBeGreaterThanOrEqual(Date.parse(delivered.sentAt));
    const audit = (await auditOf(server, campaignId)).filter((entry) => entry.action === 'campaign.test_send');
    expect(audit.map((entry) => [entry.actorId, entry.details])).toEqual([
      [manager.user.id, { phone: '+447400500001', messageId: response.body.message.id }],
    ]);
  });

  it('uses the fallbacks for an unknown number, and a chosen contact when given', async () => {
    const stranger = await testSend({ phone: '07400 500009', defaultCountry: 'gb' });
    expect(stranger.status).toBe(202);
    expect(stranger.body.message).toMatchObject({ phone: '+447400500009', contactId: null, body: 'Hi there from here' });
    const chosen = await testSend({ phone: '+447400500010', contactId: zoe.id });
    expect(chosen.status).toBe(202);
    expect(chosen.body.message).toMatchObject({ phone: '+447400500010', contactId: null, body: 'Hi Zoe from Bath' });
    await waitDelivered(chosen.body.message.id);
  });

  it('reads local numbers in the default country of the messaging settings', async () => {
    const without = await testSend({ phone: '07400 500011' });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ field: 'phone', message: 'Phone number needs a country code (such as +44) or a default country' });
    await server.put('/api/settings/messaging', { defaultCountry: 'GB' }, { token: admin.token });
    try {
      const local = await testSend({ phone: '07400 500011' });
      expect(local.status).toBe(202);
      expect(local.body.message.phone).toBe('+447400500011');
    } finally {
      await server.put('/api/settings/messaging', { defaultCountry: null }, { token: admin.token });
    }
  });

  it('refuses unreadable numbers, opted-out numbers, unknown contacts and empty texts', async () => {
    const empty = await createCampaign(server, admin.token, { name: 'Empty' });
    const cases: Array<[unknown, string, number, Record<string, unknown>]> = [
      [{}, campaignId, 400, { code: 'VALIDATION_ERROR', field: 'phone' }],
      [{ phone: '' }, campaignId, 400, { code: 'VALIDATION_ERROR', field: 'phone' }],
      [{ phone: 'not a number' }, campaignId, 400, { code: 'VALIDATION_ERROR', field: 'phone' }],
      [{ phone: '+4474005000010000' }, campaignId, 400, { code: 'VALIDATION_ERROR', field: 'phone' }],
      // Written the US way: an invalid US number, not a German one (+49...).
      [
        { phone: '490-470-9774', defaultCountry: 'US' },
        campaignId,
        400,
        { code: 'VALIDATION_ERROR', field: 'phone', message: 'Invalid phone number for country US' },
      ],
      [{ phone: '+447400500001', defaultCountry: 'ZZ' }, campaignId, 400, { code: 'VALIDATION_ERROR', field: 'defaultCountry' }],
      [{ phone: '+447400500001', contactId: 'x' }, campaignId, 400, { code: 'VALIDATION_ERROR', field: 'contactId' }],
      [
        { phone: '+447400500001', contactId: '00000000-0000-4000-8000-000000000000' },
        campaignId,
        400,
        { code: 'VALIDATION_ERROR', field: 'contactId' },
      ],
      [
        { phone: '+447400500002' },
        campaignId,
        422,
        { code: 'OPTED_OUT', field: 'phone', message: 'This number has opted out of messages' },
      ],
      [{ phone: '+447400500001' }, empty.id, 400, { code: 'VALIDATION_ERROR', field: 'body' }],
    ];
    for (const [body, id, status, error] of cases) {
      const response = await testSend(body, admin.token, id);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body).toMatchObject(error);
    }
  });

  it('lets managers and admins test-send, not agents or viewers', async () => {
    for (const [account, status] of [
      [admin, 202],
      [manager, 202],
      [agent, 403],
      [viewer, 403],
    ] as const) {
      const response = await testSend({ phone: '+447400500020' }, account.token);
      expect(response.status, account.user.role).toBe(status);
    }
    expect((await server.post(`/api/campaigns/${campaignId}/test-send`, { phone: '+447400500020' })).status).toBe(401);
  });
});

describe('GET /api/messages/{id}', () => {
  it('shows a message to admins, managers and agents; 403 viewers, 401 anonymous; 404 unknown; 400 malformed', async () => {
    const id = (await testSend({ phone: '+447400500030' })).body.message.id;
    for (const [account, status] of [
      [admin, 200],
      [manager, 200],
      [agent, 200],
      [viewer, 403],
    ] as const) {
      const response = await server.get(`/api/messages/${id}`, { token: account.token });
      expect(response.status, account.user.role).toBe(status);
      if (status === 200) expect(response.body.message).toMatchObject({ id, kind: 'test', phone: '+447400500030' });
      else expect(response.body.code).toBe('FORBIDDEN');
    }
    expect((await server.get(`/api/messages/${id}`)).status).toBe(401);
    const missing = await server.get('/api/messages/999999999', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
    for (const bad of ['abc', '-1', '1.5', '1234567890123456789']) {
      const response = await server.get(`/api/messages/${bad}`, { token: admin.token });
      expect(response.status, bad).toBe(400);
      expect(response.body.field).toBe('id');
    }
  });
});
