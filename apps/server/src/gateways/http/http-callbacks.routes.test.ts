import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

const VONAGE_LIKE = {
  sendUrl: 'https://rest.nexmo.com/sms/json',
  template: { api_key: 'abc123', api_secret: '{{secret}}', to: '{{toDigits}}', from: '{{from}}', text: '{{text}}' },
  responseIdPath: 'messages.0.message-id',
  receiptIdField: 'messageId',
  receiptFailedValues: ['failed', 'rejected', 'expired'],
  receiptErrorField: 'err-code',
  inboundFromField: 'msisdn',
  inboundIdField: 'messageId',
};

describe('http gateways through the API and their callbacks', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let gatewayId: string;
  let receipts: string;
  let inbound: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { publicUrl: 'https://sms.example.test' } });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    const created = await server.post(
      '/api/gateways',
      {
        name: 'Vonage',
        kind: 'http',
        config: { ...VONAGE_LIKE, callbackBaseUrl: `${server.baseUrl}/` },
        secrets: { authSecret: 'vonage-secret' },
      },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    gatewayId = created.body.gateway.id;
    receipts = new URL(created.body.gateway.callbacks.receipts as string).pathname;
    inbound = new URL(created.body.gateway.callbacks.inbound as string).pathname;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes a callback token, shows the URLs to admins only, and never returns a secret', async () => {
    const seen = await server.get(`/api/gateways/${gatewayId}`, { token: admin.token });
    expect(seen.body.gateway).toMatchObject({
      kind: 'http',
      config: { ...VONAGE_LIKE, method: 'POST', bodyFormat: 'form', callbackBaseUrl: server.baseUrl, concurrency: 10 },
      secretsSet: ['authSecret', 'callbackToken'],
    });
    expect(JSON.stringify(seen.body)).not.toContain('vonage-secret');
    expect(seen.body.gateway.callbacks).toEqual({
      receipts: expect.stringMatching(new RegExp(`^${server.baseUrl}/api/gateways/http/${gatewayId}/[A-Za-z0-9_-]{32}/receipt$`)),
      inbound: expect.stringMatching(/\/inbound$/),
    });
    const asManager = await server.get(`/api/gateways/${gatewayId}`, { token: manager.token });
    expect(asManager.status).toBe(200);
    expect(asManager.body.gateway.callbacks).toBeNull();
    const updated = await server.put(`/api/gateways/${gatewayId}`, { name: 'Vonage (main)' }, { token: admin.token });
    expect(updated.body.gateway.callbacks.receipts).toBe(seen.body.gateway.callbacks.receipts);
  });

  it('refuses bad settings with 400 naming the field, and only admins may add one', async () => {
    const post = (config: Record<string, unknown>, secrets: Record<string, string> = {}, token = admin.token) =>
      server.post('/api/gateways', { name: 'H', kind: 'http', config, secrets }, { token });
    const cases: Array<[Record<string, unknown>, Record<string, string> | undefined, string]> = [
      [{ ...VONAGE_LIKE, sendUrl: 'ftp://x' }, undefined, 'config.sendUrl'],
      [{ ...VONAGE_LIKE, sendUrl: 'http://169.254.169.254/sms' }, undefined, 'config.sendUrl'],
      [{ ...VONAGE_LIKE, method: 'PUT' }, undefined, 'config.method'],
      [{ ...VONAGE_LIKE, bodyFormat: 'xml' }, undefined, 'config.bodyFormat'],
      [{ ...VONAGE_LIKE, template: { text: '{{body}}' } }, undefined, 'config.template.text'],
      [{ ...VONAGE_LIKE, template: [] }, undefined, 'config.template'],
      [{ ...VONAGE_LIKE, headers: { Host: 'x' } }, undefined, 'config.headers.Host'],
      [{ ...VONAGE_LIKE, authType: 'header' }, undefined, 'config.authName'],
      [{ ...VONAGE_LIKE, responseIdPath: 'a..b' }, undefined, 'config.responseIdPath'],
      [{ ...VONAGE_LIKE, receiptStatusField: '' }, undefined, 'config.receiptStatusField'],
      [{ ...VONAGE_LIKE, receiptDeliveredValues: 'delivered' }, undefined, 'config.receiptDeliveredValues'],
      [{ ...VONAGE_LIKE, concurrency: 1000 }, undefined, 'config.concurrency'],
      [VONAGE_LIKE, { callbackToken: 'short' }, 'secrets.callbackToken'],
    ];
    for (const [config, secrets, field] of cases) {
      const answer = await post(config, secrets);
      expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.field ?? answer.body.message).toContain(field);
    }
    expect((await post(VONAGE_LIKE, {}, manager.token)).status).toBe(403);
    expect((await server.post('/api/gateways', { name: 'H', kind: 'http', config: VONAGE_LIKE, secrets: {} })).status).toBe(401);
  });

  it('records receipts by GET, form and JSON, ignores steps on the way, and refuses a wrong token, gateway or missing field', async () => {
    expect((await server.get(`${receipts}?messageId=V-1&status=delivered`)).status).toBe(200);
    const form = await server.post(`${receipts}`, 'messageId=V-2&status=rejected&err-code=6', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(
      (
        await server.post(receipts, [
          { messageId: 'V-3', status: 'accepted' },
          { messageId: 'V-4', status: 'expired' },
        ])
      ).status,
    ).toBe(200);
    const rows = await queryRows<{ gateway_message_id: string; status: string; error_code: string | null }>(
      server.database.db,
      sql`select gateway_message_id, status, error_code from pending_receipts where gateway_id = ${gatewayId} order by gateway_message_id`,
    );
    // No such messages yet: the receipts wait for their sends' write-back; 'accepted' made none.
    expect(rows).toEqual([
      { gateway_message_id: 'V-1', status: 'delivered', error_code: null },
      { gateway_message_id: 'V-2', status: 'undelivered', error_code: 'HTTP_ERR_6' },
      { gateway_message_id: 'V-4', status: 'undelivered', error_code: 'HTTP_UNDELIVERED' },
    ]);
    const token = receipts.split('/')[5] as string;
    expect((await server.get(`${receipts.replace(token, 'x'.repeat(32))}?messageId=V-1&status=delivered`)).status).toBe(403);
    expect(
      (await server.get(`${receipts.replace(gatewayId, '00000000-0000-4000-8000-0000000000aa')}?messageId=V-1&status=delivered`)).status,
    ).toBe(404);
    const missing = await server.get(`${receipts}?status=delivered`);
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('messageId');
    // The simulator's id is not an http gateway.
    const notHttp = await server.get('/api/gateways', { token: admin.token });
    const simulator = notHttp.body.data.find((row: { kind: string }) => row.kind === 'simulator');
    expect((await server.get(`${receipts.replace(gatewayId, simulator.id)}?messageId=V-1&status=delivered`)).status).toBe(404);
  });

  it('stores an incoming message once per id, opts out on STOP, and answers an empty body', async () => {
    const contact = await server.post('/api/contacts', { phone: '+447700900124', firstName: 'Sam' }, { token: admin.token });
    expect(contact.status).toBe(201);
    const text = 'Oui, merci — 谢谢 مرحبا 😀';
    const answer = await server.post(inbound, { msisdn: '447700900123', to: '447700900000', text, messageId: 'in-1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
    const stop = `${inbound}?msisdn=447700900124&to=447700900000&text=STOP&messageId=in-2`;
    expect((await server.get(stop)).status).toBe(200);
    expect((await server.get(stop)).status).toBe(200);
    const rows = await queryRows<{ from_phone: string; to_address: string; body: string }>(
      server.database.db,
      sql`select from_phone, to_address, body from inbound_messages where gateway_id = ${gatewayId} order by id`,
    );
    expect(rows).toEqual([
      { from_phone: '+447700900123', to_address: '447700900000', body: text },
      { from_phone: '+447700900124', to_address: '447700900000', body: 'STOP' },
    ]);
    const after = await server.get(`/api/contacts/${contact.body.contact.id}`, { token: admin.token });
    expect(after.body.contact).toMatchObject({ status: 'opted_out', optOutSource: 'keyword' });
    const [confirmation] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from messages where phone = '+447700900124' and kind = 'auto' and gateway_id = ${gatewayId}`,
    );
    expect(confirmation?.n).toBe(1);
    const missing = await server.get(`${inbound}?text=hi`);
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('msisdn');
  });
});
