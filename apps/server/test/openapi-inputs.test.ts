import { randomBytes } from 'node:crypto';
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
// answer, streamed files included, arrives whole. Bytes that are not UTF-8 in a JSON body and
// nesting past 64 levels are a 400 naming the field or the body. One server; requests a few at a
// time. Then a flood of made-up credentials from one address.

const PAYLOADS: Record<string, string> = {
  nul: 'a\u0000b',
  loneSurrogate: 'a\uD800b',
  oneMegabyte: 'x'.repeat(1 << 20),
  rtlOverride: '\u202Egnp.exe\u202C',
  proto: '__proto__',
};
/**
 * Bytes that are not UTF-8: raw in a JSON body field (a 400 naming the field), percent-encoded in
 * a query or path parameter. Not in multipart text fields (a FormData string cannot carry them).
 */
const RAW_PAYLOADS: Record<string, number[]> = {
  invalidUtf8: [0x61, 0x62, 0xff, 0xfe, 0x63, 0x64], // ab\xff\xfecd
  surrogateBytes: [0x61, 0xed, 0xa0, 0x80, 0x62], // a, the bytes of U+D800, b
};
/** Nesting beside a JSON body's fields (levels inside the body's object): past 64 levels a 400 naming the body. */
const NESTINGS: Record<string, number> = { nested64: 63, nested65: 64, nested40KB: 20_000 };
const NESTING_FIELD = 'probeNesting';
/** Stands for a raw payload in the text of a request until the bytes replace it. */
const MARKER = 'probeRawPayloadMarker';
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
  /** A key of PAYLOADS, RAW_PAYLOADS or NESTINGS. */
  payload: string;
}

/** Every (operation, string field, payload) the document allows, and the nestings of every JSON body. */
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
    for (const target of targets) {
      for (const payload of Object.keys(PAYLOADS)) probes.push({ op, target, payload });
      if (target.in !== 'body' || op.body?.type === 'json')
        for (const payload of Object.keys(RAW_PAYLOADS)) probes.push({ op, target, payload });
    }
    if (op.body?.type === 'json')
      for (const payload of Object.keys(NESTINGS)) probes.push({ op, target: { in: 'body', path: [NESTING_FIELD] }, payload });
  }
  return probes;
}

/** What a probe's answer must be beyond "no 5xx", or null when any clear answer will do. */
function expectedRefusal({ op, target, payload }: Probe): { field: string; message: RegExp } | null {
  if (payload in RAW_PAYLOADS && target.in === 'body' && op.body?.type === 'json')
    return { field: target.path.join('.'), message: /is not valid UTF-8 text$/ };
  if (payload === 'nested65' || payload === 'nested40KB') return { field: 'body', message: /nested too deeply/ };
  return null;
}

/** JSON text with the marker's string replaced: by raw bytes, or by JSON text (a nesting). */
function withMarkerReplaced(json: string, replacement: Uint8Array | string): Uint8Array<ArrayBuffer> {
  const at = json.indexOf(`"${MARKER}"`);
  if (at === -1) throw new Error('the probe lost its marker');
  const [before, after] =
    typeof replacement === 'string'
      ? [json.slice(0, at), json.slice(at + MARKER.length + 2)]
      : [json.slice(0, at + 1), json.slice(at + 1 + MARKER.length)];
  return new Uint8Array(
    Buffer.concat([Buffer.from(before), typeof replacement === 'string' ? Buffer.from(replacement) : replacement, Buffer.from(after)]),
  );
}

/** Sends one probe and reads the whole answer; answers the status, or the transport failure. */
async function send({ op, target, payload }: Probe): Promise<{ status: number; text: string } | { failure: string }> {
  const raw = RAW_PAYLOADS[payload];
  const nesting = NESTINGS[payload];
  const text = raw || nesting !== undefined ? MARKER : PAYLOADS[payload]!;
  // Raw bytes in a query or path parameter go percent-encoded, in place of the marker.
  const encoded = (value: string) => {
    const out = encodeText(value);
    return raw ? out.replace(MARKER, raw.map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')) : out;
  };
  const key = `${op.method} ${op.path}`;
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    target.in === 'path' && target.name === name ? encoded(text) : pathValue(op, name),
  );
  const query: Record<string, string> = { ...BASE_QUERIES[key] };
  for (const param of op.parameters)
    if (param.in === 'query' && param.required && query[param.name] === undefined) query[param.name] = String(sample(param.schema));
  const pairs = Object.entries(query).filter(([name]) => !(target.in === 'query' && target.name === name));
  if (target.in === 'query') pairs.push([target.name, text]);
  if (pairs.length) path += `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encoded(value)}`).join('&')}`;
  const headers: Record<string, string> = { authorization: `Bearer ${op.path.startsWith('/api/v1/') ? fixtures.key : admin.token}` };
  let body: string | Uint8Array<ArrayBuffer> | FormData | undefined;
  if (op.body?.type === 'json') {
    const base = BASE_BODIES[key]?.() ?? sample(op.body.schema) ?? {};
    if (nesting !== undefined) {
      const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? base : {};
      body = withMarkerReplaced(JSON.stringify({ ...object, [NESTING_FIELD]: MARKER }), `${'['.repeat(nesting)}${']'.repeat(nesting)}`);
    } else {
      body = JSON.stringify(target.in === 'body' ? withValue(op.body.schema, base, target.path, text) : base);
      if (raw && target.in === 'body') body = withMarkerReplaced(body, new Uint8Array(raw));
    }
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

/** A 400 VALIDATION_ERROR naming `field` with a message like `message`. */
function refusedAs(answer: { status: number; text: string }, refusal: { field: string; message: RegExp }): boolean {
  if (answer.status !== 400) return false;
  const body = JSON.parse(answer.text) as { code?: string; field?: string; message?: string };
  return body.code === 'VALIDATION_ERROR' && body.field === refusal.field && refusal.message.test(body.message ?? '');
}

/** A log stream keeping every line in errorLines (servers log at error level: a 5xx is logged with its request id). */
const errorLog = () =>
  new Writable({
    write(chunk, _encoding, done) {
      errorLines.push(String(chunk));
      done();
    },
  });

beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 1_000_000, logger: { level: 'error', stream: errorLog() } });
  admin = await server.createAdmin();
  fixtures = await createFixtures();
});
afterAll(() => server?.close());

describe('every string field of every route, as an admin', () => {
  it('answers NUL, a lone surrogate, 1 MB of text, RTL overrides, __proto__, bytes that are not UTF-8 and deep nesting without a 5xx, and every answer arrives whole', async () => {
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
          const refusal = expectedRefusal(probe);
          if (refusal && !refusedAs(answer, refusal))
            problems.push(`${label}: expected 400 naming ${refusal.field}, got ${answer.status} ${answer.text.slice(0, 300)}`);
          if (probe.payload === 'nested64' && /nested too deeply/.test(answer.text)) problems.push(`${label}: 64 levels refused`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    expect(problems, `status counts ${JSON.stringify(Object.fromEntries(statuses))}`).toEqual([]);
    // No handler failed out of sight either (a 5xx is logged at error level with the request id).
    expect(errorLines.filter((line) => line.includes('request failed'))).toEqual([]);
    // The server is still well.
    expect((await server.get('/api/health/ready')).status).toBe(200);
  }, 480_000); // Thousands of requests: on PostgreSQL beside the browser files at the lowest CPU priority it took 123 s on an idle host and over 240 s in one CI run.
});

describe('a flood of made-up credentials from one address', () => {
  it('answers every one 401 or 429 (with Retry-After), never a 5xx nor a stack trace, and others keep being served', async () => {
    // A server of its own with the default request budgets, so a limit on failed authentication,
    // where there is one, is reached; either way every answer is a clean refusal.
    const flooded = await startTestServer({ logger: { level: 'error', stream: errorLog() } });
    try {
      const staff = await flooded.createAdmin();
      const address = '203.0.113.77';
      const madeUp = (index: number): { path: string; token: string } => {
        const noise = randomBytes(24).toString('base64url');
        switch (index % 4) {
          case 0: // a signed-looking token with a signature of nobody's
            return { path: '/api/users/me', token: `eyJhbGciOiJIUzI1NiJ9.${noise}.${noise}` };
          case 1: // an API key of the right shape that was never issued
            return { path: '/api/v1/messages', token: `smsk_${randomBytes(32).toString('base64url')}` };
          case 2: // an API key where a staff token belongs, and a staff-looking token on /api/v1
            return index % 8 === 2 ? { path: '/api/contacts', token: `smsk_${noise}` } : { path: '/api/v1/contacts', token: noise };
          default: // noise of every length
            return { path: index % 3 ? '/api/users/me' : '/api/v1/messages', token: 'x'.repeat(1 + (index % 2000)) };
        }
      };
      const FLOOD = 800;
      const answers: Array<{ status: number; retryAfter: string | null; text: string }> = [];
      let next = 0;
      const lane = async () => {
        while (next < FLOOD) {
          const { path, token } = madeUp(next++);
          const response = await fetch(`${flooded.baseUrl}${path}`, {
            headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
          });
          answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() });
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, lane));
      const statuses: Record<number, number> = {};
      for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
      expect(
        answers.filter((answer) => answer.status !== 401 && answer.status !== 429),
        JSON.stringify(statuses),
      ).toEqual([]);
      for (const answer of answers) {
        if (answer.status === 429) expect(Number(answer.retryAfter), answer.text).toBeGreaterThan(0);
        // No internals: no stack frames, no source paths.
        expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|\.ts\b|node:internal|Error: /);
        expect(JSON.parse(answer.text)).toMatchObject({ message: expect.any(String) });
      }
      expect(errorLines.filter((line) => line.includes('request failed'))).toEqual([]);
      // Other addresses and valid credentials are still served.
      expect((await flooded.get('/api/users/me', { token: staff.token, headers: { 'x-forwarded-for': '198.51.100.9' } })).status).toBe(200);
      expect((await flooded.get('/api/health/ready')).status).toBe(200);
    } finally {
      await flooded.close();
    }
  }, 120_000);
});
