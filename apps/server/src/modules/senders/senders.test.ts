import { API_SCOPES } from '@sms/contracts/policy';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { configureSimulator } from '../../../test/campaign-fixtures.ts';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fake-twilio.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const PUBLIC_URL = 'https://sms.example.test';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('numbers and sender IDs API', () => {
  let twilio: FakeTwilio;
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let agent: TestAccount;
  let gatewayId = '';

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    // Twilio's address is fixed; only the environment (here: the test config) points it at the fake.
    server = await startTestServer({ engine: true, config: { twilioApiBaseUrl: twilio.baseUrl, publicUrl: PUBLIC_URL } });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    agent = await server.createUser('agent');
    await configureSimulator(server, admin.token, {});
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
    gatewayId = created.body.gateway.id;
  });
  afterAll(async () => {
    await server?.close();
    await twilio?.close();
  });

  const search = (query: string, token = admin.token) => server.get(`/api/senders/available?gatewayId=${gatewayId}&${query}`, { token });

  it('searches the numbers Twilio offers, by country, type and pattern, with the monthly price', async () => {
    const local = await search('country=US&type=local&contains=415');
    expect(local.status).toBe(200);
    expect(local.body.data.map((n: any) => n.phoneNumber)).toEqual(['+14155550142', '+14155550177']);
    expect(local.body.data[0]).toMatchObject({ friendlyName: '(415) 555-0142', locality: 'San Francisco', capabilities: { sms: true } });
    expect(local.body.price).toEqual({ monthly: '1.15', unit: 'USD' });
    const tollFree = await search('country=US&type=toll-free');
    expect(tollFree.body.data).toHaveLength(2);
    expect(tollFree.body.price).toEqual({ monthly: '2.15', unit: 'USD' });
    // Not sold by Twilio there: its 404 is the provider's refusal, in its words.
    const nowhere = await search('country=ZZ&type=local');
    expect(nowhere.status).toBe(422);
    expect(nowhere.body).toMatchObject({ code: 'PROVIDER_REFUSED', field: 'country' });
  });

  it('answers 400 naming the field for a bad search, and refuses it to other roles', async () => {
    expect((await search('country=USA&type=local')).body.field).toBe('country');
    expect((await search('country=US&type=landline')).body.field).toBe('type');
    expect((await search('country=US&type=local&contains=4')).body.field).toBe('contains');
    const simulator = await server.get('/api/senders/available?gatewayId=00000000-0000-4000-8000-000000000001&country=US&type=local', {
      token: admin.token,
    });
    expect(simulator).toMatchObject({ status: 400, body: { field: 'gatewayId' } });
    expect((await search('country=US&type=local', manager.token)).status).toBe(403);
    expect((await server.get('/api/senders')).status).toBe(401);
  });

  it('buys a number with its webhooks pointed here, lists it approved with its price, and audits it', async () => {
    const bought = await server.post(
      '/api/senders/purchase',
      { gatewayId, phoneNumber: '+14155550142', country: 'US', type: 'local' },
      { token: admin.token },
    );
    expect(bought.status).toBe(201);
    expect(bought.body.sender).toMatchObject({
      kind: 'number',
      value: '+14155550142',
      status: 'approved',
      origin: 'bought',
      monthlyPrice: '1.15',
      priceUnit: 'USD',
      gateway: { id: gatewayId, name: 'Twilio' },
    });
    const [purchase] = twilio.bought;
    expect(purchase?.form).toMatchObject({
      PhoneNumber: '+14155550142',
      SmsUrl: `${PUBLIC_URL}/api/gateways/twilio/${gatewayId}/inbound`,
      StatusCallback: `${PUBLIC_URL}/api/gateways/twilio/${gatewayId}/status`,
    });
    expect(bought.body.sender.providerSid).toBe(purchase?.sid);
    // Sold: Twilio no longer offers it.
    expect((await search('country=US&type=local&contains=415')).body.data.map((n: any) => n.phoneNumber)).toEqual(['+14155550177']);
    const [audit] = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject = 'Sender' and subject_id = ${bought.body.sender.id}`,
    );
    expect(audit?.action).toBe('sender.purchase');
    // Listed once: buying it again is refused before Twilio is asked.
    const again = await server.post(
      '/api/senders/purchase',
      { gatewayId, phoneNumber: '+14155550142', country: 'US', type: 'local' },
      { token: admin.token },
    );
    expect(again).toMatchObject({ status: 409, body: { code: 'SENDER_EXISTS', field: 'phoneNumber' } });
    expect(twilio.bought).toHaveLength(1);
    const list = await server.get('/api/senders', { token: agent.token });
    expect(list.body.data.map((s: any) => s.value)).toContain('+14155550142');
  });

  it('tells Twilio’s refusal of a purchase (a number not on offer) as 422 naming the number', async () => {
    const refused = await server.post(
      '/api/senders/purchase',
      { gatewayId, phoneNumber: '+14155559999', country: 'US', type: 'local' },
      { token: admin.token },
    );
    expect(refused).toMatchObject({ status: 422, body: { code: 'PROVIDER_REFUSED', field: 'phoneNumber' } });
    expect(refused.body.message).toContain('21422');
    const forbidden = await server.post(
      '/api/senders/purchase',
      { gatewayId, phoneNumber: '+14155550177', country: 'US', type: 'local' },
      { token: manager.token },
    );
    expect(forbidden.status).toBe(403);
  });

  it('registers a sender ID by the rules (3-11 letters, digits, spaces), 400 naming the field otherwise', async () => {
    for (const value of ['AB', 'TWELVE CHARS', 'Clinic-1', '12345']) {
      const refused = await server.post('/api/senders', { kind: 'alphanumeric', value }, { token: admin.token });
      expect(refused.status, value).toBe(400);
      expect(refused.body.field).toBe('value');
    }
    expect((await server.post('/api/senders', { kind: 'number', value: '0770090012' }, { token: admin.token })).body.field).toBe('value');
    expect((await server.post('/api/senders', { kind: 'fax', value: 'Clinic' }, { token: admin.token })).body.field).toBe('kind');
    expect(
      (await server.post('/api/senders', { kind: 'alphanumeric', value: 'Clinic', countries: ['GBR'] }, { token: admin.token })).body.field,
    ).toBe('countries.0');
    const created = await server.post(
      '/api/senders',
      { kind: 'alphanumeric', value: 'Clinic 24', countries: ['GB', 'US'] },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.sender).toMatchObject({
      kind: 'alphanumeric',
      value: 'Clinic 24',
      status: 'draft',
      origin: 'added',
      countries: ['GB', 'US'],
    });
    const duplicate = await server.post('/api/senders', { kind: 'alphanumeric', value: 'CLINIC 24' }, { token: admin.token });
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'SENDER_EXISTS', field: 'value' } });
    expect((await server.post('/api/senders', { kind: 'alphanumeric', value: 'Other' }, { token: manager.token })).status).toBe(403);
  });

  it('moves a registration through its states, refusing moves it does not allow', async () => {
    const { body } = await server.post('/api/senders', { kind: 'alphanumeric', value: 'Pharmacy' }, { token: admin.token });
    const id = body.sender.id;
    const move = (status: string, notes?: string, token = admin.token) =>
      server.post(`/api/senders/${id}/status`, { status, ...(notes ? { notes } : {}) }, { token });
    expect(await move('approved')).toMatchObject({ status: 409, body: { code: 'SENDER_TRANSITION', field: 'status' } });
    expect((await move('submitted', 'Ref 12345')).body.sender).toMatchObject({ status: 'submitted', notes: 'Ref 12345' });
    expect((await move('rejected', 'Brand name not proven')).body.sender).toMatchObject({
      status: 'rejected',
      notes: 'Brand name not proven',
    });
    expect((await move('submitted')).body.sender.status).toBe('submitted');
    expect((await move('approved', undefined, manager.token)).status).toBe(403);
    expect((await move('approved')).body.sender.status).toBe('approved');
    expect((await move('pending')).body.field).toBe('status');
    // A new value is a new registration.
    const edited = await server.put(`/api/senders/${id}`, { value: 'Pharmacy 2' }, { token: admin.token });
    expect(edited.body.sender).toMatchObject({ value: 'Pharmacy 2', status: 'draft' });
    expect((await server.put(`/api/senders/${id}`, { value: 'P' }, { token: admin.token })).body.field).toBe('value');
    expect((await server.post(`/api/senders/${UNKNOWN}/status`, { status: 'submitted' }, { token: admin.token })).status).toBe(404);
    expect((await server.get('/api/senders/not-an-id', { token: admin.token })).body.field).toBe('id');
  });

  it('routes replies to a number to its assignee, and shows the number’s messages per day', async () => {
    const { body } = await server.post('/api/senders', { kind: 'number', value: '+447700900555' }, { token: admin.token });
    const id = body.sender.id;
    expect((await server.put(`/api/senders/${id}`, { routeAssigneeId: UNKNOWN }, { token: admin.token })).body.field).toBe(
      'routeAssigneeId',
    );
    const routed = await server.put(`/api/senders/${id}`, { routeAssigneeId: agent.user.id, notes: 'Front desk' }, { token: admin.token });
    expect(routed.body.sender.routeAssignee).toEqual({ id: agent.user.id, name: agent.user.name });
    await server.engine?.inbound('00000000-0000-4000-8000-000000000001', [
      { gatewayMessageId: 'senders-in-1', from: '+447700900777', to: '+447700900555', body: 'Hello', receivedAt: new Date() },
    ]);
    await expect
      .poll(
        async () => {
          const [row] = await queryRows<{ assignee_id: string | null }>(
            server.database.db,
            sql`select cs.assignee_id from conversation_states cs join contacts c on c.id = cs.contact_id where c.phone = '+447700900777'`,
          );
          return row?.assignee_id ?? null;
        },
        { timeout: 10_000 },
      )
      .toBe(agent.user.id);
    const detail = await server.get(`/api/senders/${id}`, { token: agent.token });
    expect(detail.status).toBe(200);
    expect(detail.body.daily).toEqual([{ day: new Date().toISOString().slice(0, 10), sent: 0, received: 1 }]);
  });

  it('lets the integration API send from any sender until the organisation restricts senders to the list', async () => {
    const key = await server.post('/api/api-keys', { name: 'Booking', scopes: [...API_SCOPES], rateLimit: 1000 }, { token: admin.token });
    const send = (senderId: string) =>
      server.post('/api/v1/messages', { to: '+447700900888', body: 'Hi', senderId }, { token: key.body.secret });
    expect((await send('Unlisted')).status).toBe(202);
    expect((await server.put('/api/senders/settings', { restrictToList: 'yes' }, { token: admin.token })).body.field).toBe(
      'restrictToList',
    );
    expect((await server.put('/api/senders/settings', { restrictToList: true }, { token: manager.token })).status).toBe(403);
    expect((await server.put('/api/senders/settings', { restrictToList: true }, { token: admin.token })).body).toEqual({
      restrictToList: true,
    });
    expect(await send('Unlisted')).toMatchObject({ status: 400, body: { code: 'SENDER_NOT_LISTED', field: 'senderId' } });
    // Bought above, approved: allowed; its use shows on the list (the API key, the message).
    expect((await send('+14155550142')).status).toBe(202);
    const list = await server.get('/api/senders', { token: admin.token });
    const number = list.body.data.find((s: any) => s.value === '+14155550142');
    expect(number.usage).toMatchObject({ apiKeys: [{ name: 'Booking' }], messages: 1 });
    await server.put('/api/senders/settings', { restrictToList: false }, { token: admin.token });
  });
});
