import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestAccount, type TestServer } from './helper.ts';
import { encodeText, operations, sample, stringFields, targetLabel, withValue, type Operation, type Target } from './openapi-probe.ts';
import { upload } from './upload.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers and schemas are read loosely; the assertions check them */

// The property the API promises (PRODUCT.md section 5: a 5xx never leaks internals; every bad
// input gets a clear error): for every operation of its own OpenAPI document, every string field
// of the body, every query parameter and every path parameter, filled with text an attacker or a
// careless client sends, answers without a 5xx -- as an admin, so the handlers run -- and every
// answer, streamed files included, arrives whole. One server; requests a few at a time.

const PAYLOADS: Record<string, string> = {
  nul: 'a\u0000b',
  loneSurrogate: 'a\uD800b',
  oneMegabyte: 'x'.repeat(1 << 20),
  rtlOverride: '\u202Egnp.exe\u202C',
  proto: '__proto__',
};
const PARALLEL = 6;
// Streams that never end (server-sent events) and the web app's own pages are not request/answer.
const SKIPPED = new Set(['GET /api/inbox/stream', 'GET /api/notifications/stream', 'GET /', 'GET /index.html']);

const errorLines: string[] = [];
let server: TestServer;
let admin: TestAccount;
let fixtures: Record<string, string>;
let serial = 0;

/** Ids the path parameters of each area point at, so handlers find real rows. */
async function createFixtures(): Promise<Record<string, string>> {
  const token = admin.token;
  const created = async (path: string, body: unknown, pick: (answer: any) => string) => {
    const answer = await server.post(path, body, { token });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return pick(answer.body);
  };
  const user = await server.createUser('viewer');
  const contact = await created('/api/contacts', { phone: '+447911100001', firstName: 'Probe' }, (b) => b.contact.id);
  const campaign = await created('/api/campaigns', { name: 'Probe campaign', body: 'Hello {{first_name}}' }, (b) => b.campaign.id);
  const gateway = await created('/api/gateways', { name: 'Probe gateway', kind: 'simulator', config: {} }, (b) => b.gateway.id);
  const message = await created(`/api/campaigns/${campaign}/test-send`, { phone: '+447911100002' }, (b) => b.message.id);
  const imported = await upload<any>(server, '/api/contacts/imports', {
    token,
    files: [{ field: 'file', bytes: Buffer.from('phone,name\n+447911100003,Ann\n'), filename: 'probe.csv', type: 'text/csv' }],
  });
  expect(imported.status).toBe(201);
  // A finished campaign with recipients for the reports (written directly: no engine runs here).
  const [report] = await queryRows<{ id: string }>(
    server.database.db,
    sql`insert into campaigns (name, body, audience, status, launched_at, completed_at) values ('Probe report', 'Hi', '{"type":"all"}', 'completed', now(), now()) returning id`,
  );
  await server.database.db.execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, sent_at, delivered_at)
    select ${report!.id}, id, phone, 'Hi', 'delivered', now(), now() from contacts`);
  // The integration API (/api/v1) takes an API key, with every scope and room for the probes' pace.
  const key = await created(
    '/api/api-keys',
    { name: 'Probe key', scopes: ['messages:send', 'messages:read', 'contacts:read', 'contacts:write', 'reports:read'], rateLimit: 10_000 },
    (b) => b.secret,
  );
  const sent = await server.post('/api/v1/messages', { to: '+447911100004', body: 'Probe' }, { token: key });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  return {
    user: user.user.id,
    contact,
    campaign,
    gateway,
    message,
    import: imported.body.import.id,
    report: report!.id,
    key,
    apiMessage: sent.body.id,
  };
}

/** The id a path parameter stands for, by the area of the route. */
function pathValue(op: Operation, name: string): string {
  if (name === 'hash') return 'probe';
  if (name === 'ext') return 'png';
  if (name === 'gatewayId') return fixtures.gateway!;
  if (name === 'campaignId') return fixtures.report!;
  if (name === 'contactId') return fixtures.contact!;
  const area = op.path.split('/')[2];
  if (op.path.startsWith('/api/contacts/imports')) return fixtures.import!;
  if (op.path.startsWith('/api/v1/messages')) return fixtures.apiMessage!;
  if (op.path.startsWith('/api/v1/contacts')) return fixtures.contact!;
  const byArea: Record<string, string | undefined> = {
    users: fixtures.user,
    contacts: fixtures.contact,
    campaigns: fixtures.campaign,
    gateways: fixtures.gateway,
    messages: fixtures.message,
  };
  return byArea[area ?? ''] ?? fixtures.user!;
}

/** Bodies a schema sample cannot make valid (unique values, cross-field rules, real ids). */
const BASE_BODIES: Record<string, () => unknown> = {
  'POST /api/users/login': () => ({ email: 'nobody@example.test', password: 'Wrong-Password-1' }),
  'POST /api/users/register': () => ({ name: 'Probe person', email: uniqueEmail('probe'), password: TEST_PASSWORD, role: 'viewer' }),
  'POST /api/users/reset-password': () => ({ token: 'x'.repeat(43), password: TEST_PASSWORD }),
  'POST /api/users/login/two-step': () => ({ challenge: 'x'.repeat(43), method: 'totp', code: '123456' }),
  'POST /api/users/login/two-step/enable': () => ({ challenge: 'x'.repeat(43), code: '123456' }),
  'POST /api/users/me/two-step/enable': () => ({ code: '123456' }),
  'POST /api/contacts': () => ({ phone: `+4479111${String(10_000 + ++serial).padStart(5, '0')}` }),
  'POST /api/contacts/bulk': () => ({ action: 'setTag', target: { ids: [fixtures.contact] }, tag: { field: 'tag3', value: 'probed' } }),
  'POST /api/contacts/imports/{id}/start': () => ({ mapping: { '0': 'phone', '1': 'firstName' }, options: { onDuplicate: 'skip' } }),
  'POST /api/gateways': () => ({ name: `Probe ${++serial}`, kind: 'simulator', config: {} }),
  'POST /api/campaigns': () => ({ name: 'Probe draft' }),
  'POST /api/campaigns/{id}/test-send': () => ({ phone: '+447911100004' }),
  'POST /api/inbox/conversations/{contactId}/reply': () => ({ body: 'Probe reply' }),
  'PUT /api/settings/maintenance': () => ({ enabled: false, message: '' }),
};
const BASE_QUERIES: Record<string, Record<string, string>> = {
  'GET /api/campaigns/calendar': { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
};

/** One PNG pixel, for the file part of multipart forms whose text fields are probed. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Probe {
  op: Operation;
  target: Target;
  payload: string;
}

/** Every (operation, string field, payload) the document allows. */
function probesOf(ops: Operation[]): Probe[] {
  const probes: Probe[] = [];
  for (const op of ops) {
    if (SKIPPED.has(`${op.method} ${op.path}`)) continue;
    const targets: Target[] = [
      ...op.parameters.filter((p) => p.in === 'query' || p.in === 'path').map((p) => ({ in: p.in as 'query' | 'path', name: p.name })),
      ...(op.body
        ? stringFields(op.body.schema)
            .filter((path) => path.length > 0)
            .map((path) => ({ in: 'body' as const, path }))
        : []),
    ];
    for (const target of targets) for (const payload of Object.keys(PAYLOADS)) probes.push({ op, target, payload });
  }
  return probes;
}

/** Sends one probe and reads the whole answer; answers the status, or the transport failure. */
async function send({ op, target, payload }: Probe): Promise<{ status: number; text: string } | { failure: string }> {
  const text = PAYLOADS[payload]!;
  const key = `${op.method} ${op.path}`;
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    target.in === 'path' && target.name === name ? encodeText(text) : pathValue(op, name),
  );
  const query: Record<string, string> = { ...BASE_QUERIES[key] };
  for (const param of op.parameters)
    if (param.in === 'query' && param.required && query[param.name] === undefined) query[param.name] = String(sample(param.schema));
  const pairs = Object.entries(query).filter(([name]) => !(target.in === 'query' && target.name === name));
  if (target.in === 'query') pairs.push([target.name, text]);
  if (pairs.length) path += `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeText(value)}`).join('&')}`;
  const headers: Record<string, string> = { authorization: `Bearer ${op.path.startsWith('/api/v1/') ? fixtures.key : admin.token}` };
  let body: string | FormData | undefined;
  if (op.body?.type === 'json') {
    const base = BASE_BODIES[key]?.() ?? sample(op.body.schema) ?? {};
    body = JSON.stringify(target.in === 'body' ? withValue(op.body.schema, base, target.path, text) : base);
    headers['content-type'] = 'application/json';
  } else if (op.body?.type === 'multipart') {
    const form = new FormData();
    for (const [name, field] of Object.entries<any>(op.body.schema.properties ?? {})) {
      if (field.format === 'binary') form.append(name, new Blob([PIXEL], { type: 'image/png' }), 'pixel.png');
      else if (target.in === 'body' && target.path[0] === name) form.append(name, text);
    }
    body = form;
  }
  try {
    const response = await fetch(`${server.baseUrl}${path}`, { method: op.method, headers, ...(body === undefined ? {} : { body }) });
    // The whole answer: a streamed export that starts well and then breaks fails here.
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { failure: `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}` };
  }
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      errorLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ rateLimitPerMinute: 1_000_000, logger: { level: 'error', stream } });
  admin = await server.createAdmin();
  fixtures = await createFixtures();
});
afterAll(() => server?.close());

describe('every string field of every route, as an admin', () => {
  it('answers NUL, a lone surrogate, 1 MB of text, RTL overrides and __proto__ without a 5xx, and every answer arrives whole', async () => {
    const document = (await server.get('/api/docs/json')).body;
    const probes = probesOf(operations(document));
    // The document is read, not a list kept by hand: a new route or field is probed without a change here.
    expect(probes.length).toBeGreaterThan(1000);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const lane = async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        const answer = await send(probe);
        const label = `${probe.op.method} ${probe.op.path} ${targetLabel(probe.target)}=${probe.payload}`;
        if ('failure' in answer) problems.push(`${label}: ${answer.failure}`);
        else {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500) problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    expect(problems, `status counts ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
    // No handler failed out of sight either (a 5xx is logged at error level with the request id).
    expect(errorLines.filter((line) => line.includes('request failed'))).toEqual([]);
    // The server is still well.
    expect((await server.get('/api/health/ready')).status).toBe(200);
  }, 240_000); // Thousands of requests, one by one: on a shared CI machine this outgrew the default minute.
});
