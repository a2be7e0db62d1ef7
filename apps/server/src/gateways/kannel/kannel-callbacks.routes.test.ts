import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

/** Percent-escapes every byte (as Kannel's %b does). */
const escapeBytes = (bytes: Uint8Array) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
/** UTF-16BE bytes of a text (what a UCS-2 message carries). */
const utf16be = (text: string) => {
  const bytes = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index += 1) {
    bytes[index * 2] = text.charCodeAt(index) >> 8;
    bytes[index * 2 + 1] = text.charCodeAt(index) & 0xff;
  }
  return bytes;
};

describe('Kannel gateways through the API and their callbacks', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let gatewayId: string;
  let receiptBase: string;
  let inboundBase: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { publicUrl: 'https://sms.example.test' } });
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    const created = await server.post(
      '/api/gateways',
      {
        name: 'Kannel',
        kind: 'kannel',
        config: { sendsmsUrl: 'http://127.0.0.1:13013/cgi-bin/sendsms', username: 'platform', callbackBaseUrl: `${server.baseUrl}/` },
        secrets: { password: 'kannel-secret' },
      },
      { token: admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    gatewayId = created.body.gateway.id;
    receiptBase = new URL(created.body.gateway.callbacks.receipts as string).pathname;
    inboundBase = new URL(created.body.gateway.callbacks.inbound as string).pathname;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes a callback token, shows the URLs to admins only, and never returns a secret', async () => {
    const created = await server.get(`/api/gateways/${gatewayId}`, { token: admin.token });
    expect(created.body.gateway).toMatchObject({
      kind: 'kannel',
      config: { username: 'platform', defaultSender: null, smsc: null, callbackBaseUrl: server.baseUrl, concurrency: 10 },
      secretsSet: ['callbackToken', 'password'],
    });
    expect(JSON.stringify(created.body)).not.toContain('kannel-secret');
    const { inbound, receipts } = created.body.gateway.callbacks;
    expect(inbound).toMatch(
      new RegExp(
        `^${server.baseUrl}/api/gateways/kannel/${gatewayId}/[A-Za-z0-9_-]{32}/inbound\\?from=%p&to=%P&text=%b&coding=%c&charset=%C&id=%I$`,
      ),
    );
    expect(receipts).toContain('/receipt?id=<message id>&status=%d&answer=%A&at=%T');
    // A manager reads the gateway but not its token.
    const seen = await server.get(`/api/gateways/${gatewayId}`, { token: manager.token });
    expect(seen.status).toBe(200);
    expect(seen.body.gateway.callbacks).toBeNull();
    const listed = await server.get('/api/gateways', { token: manager.token });
    expect(JSON.stringify(listed.body)).not.toContain(inbound.split('/')[7]);
    // Saving again keeps the token (and so the URLs in kannel.conf).
    const updated = await server.put(`/api/gateways/${gatewayId}`, { name: 'Kannel (main)' }, { token: admin.token });
    expect(updated.body.gateway.callbacks.inbound).toBe(inbound);
  });

  it('refuses bad settings with 400 naming the field', async () => {
    const post = (config: Record<string, unknown>, secrets: Record<string, string> = { password: 'p' }) =>
      server.post('/api/gateways', { name: 'K', kind: 'kannel', config, secrets }, { token: admin.token });
    const valid = { sendsmsUrl: 'http://kannel:13013/cgi-bin/sendsms', username: 'platform' };
    const cases: Array<[Record<string, unknown>, Record<string, string> | undefined, string]> = [
      [{ ...valid, sendsmsUrl: 'ftp://kannel/sendsms' }, undefined, 'config.sendsmsUrl'],
      [{ ...valid, sendsmsUrl: 'http://user:pw@kannel:13013/cgi-bin/sendsms' }, undefined, 'config.sendsmsUrl'],
      [{ ...valid, username: 'has space' }, undefined, 'config.username'],
      [{ ...valid, defaultSender: 'FAR TOO LONG SENDER' }, undefined, 'config.defaultSender'],
      [{ ...valid, callbackBaseUrl: 'not a url' }, undefined, 'config.callbackBaseUrl'],
      [{ ...valid, concurrency: 0 }, undefined, 'config.concurrency'],
      [{ ...valid, sendsmsUrl: 'http://169.254.169.254/cgi-bin/sendsms' }, undefined, 'config.sendsmsUrl'],
      [valid, {}, 'secrets.password'],
      [valid, { password: 'p', callbackToken: 'short' }, 'secrets.callbackToken'],
    ];
    for (const [config, secrets, field] of cases) {
      const answer = await post(config, secrets);
      expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.field ?? answer.body.message).toContain(field);
    }
  });

  it('records a delivery report for its message, ignores the steps on the way, and refuses a wrong token or gateway', async () => {
    const token = receiptBase.split('/')[5] as string;
    expect((await server.get(`${receiptBase}?id=123&status=8&answer=ACK%2F&at=1`)).status).toBe(200);
    expect((await server.get(`${receiptBase}?id=123&status=2&answer=id%3A7A1200%20stat%3AUNDELIV%20err%3A034`)).status).toBe(200);
    const rows = await queryRows<{ gateway_message_id: string; status: string; error_code: string; error_text: string }>(
      server.database.db,
      sql`select gateway_message_id, status, error_code, error_text from pending_receipts where gateway_id = ${gatewayId}`,
    );
    // No message 123 yet: the receipt waits for its send's write-back; the ACK (8) made none.
    expect(rows).toEqual([
      { gateway_message_id: '123', status: 'undelivered', error_code: 'KANNEL_ERR_034', error_text: 'id:7A1200 stat:UNDELIV err:034' },
    ]);
    const wrong = await server.get(`${receiptBase.replace(token, 'x'.repeat(32))}?id=1&status=1`);
    expect(wrong.status).toBe(403);
    const unknown = await server.get(`${receiptBase.replace(gatewayId, '00000000-0000-4000-8000-0000000000aa')}?id=1&status=1`);
    expect(unknown.status).toBe(404);
    const missing = await server.get(`${receiptBase}?id=1`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('status');
    const notOurs = await server.get(`${receiptBase}?id=abc&status=1`);
    expect(notOurs.status).toBe(400);
  });

  it('stores an incoming UCS-2 message with its text decoded, opts out on STOP, and answers an empty body', async () => {
    const contact = await server.post('/api/contacts', { phone: '+447700900124', firstName: 'Sam' }, { token: admin.token });
    expect(contact.status).toBe(201);
    const text = 'Oui, merci — 谢谢 مرحبا';
    const answer = await server.get(
      `${inboundBase}?from=%2B447700900123&to=ACME&text=${escapeBytes(utf16be(text))}&coding=2&charset=UTF-16BE&id=0b6a3c7e-1`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
    // GSM text as Kannel hands it over (UTF-8), the same id again: one message.
    const plain = `${inboundBase}?from=%2B447700900124&to=ACME&text=${escapeBytes(new TextEncoder().encode('STOP'))}&coding=0&charset=UTF-8&id=0b6a3c7e-2`;
    expect((await server.get(plain)).status).toBe(200);
    expect((await server.get(plain)).status).toBe(200);
    const rows = await queryRows<{ from_phone: string; to_address: string; body: string }>(
      server.database.db,
      sql`select from_phone, to_address, body from inbound_messages where gateway_id = ${gatewayId} order by id`,
    );
    expect(rows).toEqual([
      { from_phone: '+447700900123', to_address: 'ACME', body: text },
      { from_phone: '+447700900124', to_address: 'ACME', body: 'STOP' },
    ]);
    // STOP through Kannel opts the contact out, as through any gateway, and queues the confirmation.
    const after = await server.get(`/api/contacts/${contact.body.contact.id}`, { token: admin.token });
    expect(after.body.contact).toMatchObject({ status: 'opted_out', optOutSource: 'keyword' });
    const [confirmation] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from messages where phone = '+447700900124' and kind = 'auto' and gateway_id = ${gatewayId}`,
    );
    expect(confirmation?.n).toBe(1);
    const missing = await server.get(`${inboundBase}?text=hi&id=1`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('from');
  });
});
