import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser('admin', { name: 'Grace Admin', email: 'grace.admin@example.test' });
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
  expect((await server.put('/api/settings/messaging', { defaultCountry: 'GB' }, { token: admin.token })).status).toBe(200);
  const contacts = [
    { phone: '+447911123456', firstName: 'Ann', lastName: 'Smith', email: 'ann.smith@example.test' },
    { phone: '+447911123999', firstName: 'Annie', lastName: 'Jones', email: 'annie@example.test' },
    { phone: '+33612345678', firstName: 'Bruno', lastName: 'Annan', email: 'bruno@example.test' },
    { phone: '+447912000123', firstName: 'Carla', lastName: 'Diaz', email: 'grace.c@example.test' },
  ];
  for (const contact of contacts) expect((await server.post('/api/contacts', contact, { token: admin.token })).status).toBe(201);
  for (const name of ['Site safety check-in', 'Grace period reminder']) {
    expect((await server.post('/api/campaigns', { name, body: 'Hello' }, { token: admin.token })).status).toBe(201);
  }
  const template = { name: 'Grace period text', category: 'Reminders', body: 'Hello {{first_name}}' };
  expect((await server.post('/api/templates', template, { token: admin.token })).status).toBe(201);
});
afterAll(() => server?.close());

const search = (q: string, account: TestAccount = admin) =>
  server.get<any>(`/api/search?q=${encodeURIComponent(q)}`, { token: account.token });
const titles = (body: any, group: string) => (body.groups.find((g: any) => g.group === group)?.hits ?? []).map((hit: any) => hit.title);

describe('GET /api/search', () => {
  it('answers 401 without a session and 400 naming q for a missing, short or long term', async () => {
    expect((await server.get('/api/search?q=ann')).status).toBe(401);
    for (const q of ['', 'a', 'x'.repeat(101)]) {
      const answer = await server.get<any>(`/api/search?q=${q}`, { token: admin.token });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('q');
    }
    expect((await server.get<any>('/api/search', { token: admin.token })).body.field).toBe('q');
  });

  it('finds a contact by a national-format number read in the default country, and by any way of writing it', async () => {
    for (const q of ['07911 123456', '07911123456', '+44 7911 123456', '0044 7911 123456', '(07911) 123-456']) {
      const answer = await search(q);
      expect(answer.status).toBe(200);
      expect(titles(answer.body, 'contacts'), q).toEqual(['Ann Smith']);
    }
    // The start of a number: both contacts under +447911123.
    expect(titles((await search('07911 123')).body, 'contacts')).toEqual(['Ann Smith', 'Annie Jones']);
    expect(titles((await search('+336')).body, 'contacts')).toEqual(['Bruno Annan']);
    const hit = (await search('07911 123456')).body.groups[0].hits[0];
    expect(hit).toMatchObject({ title: 'Ann Smith', detail: '+447911123456 · ann.smith@example.test', tag: null });
  });

  it('finds contacts by the start of a first name, last name, e-mail or "first last"', async () => {
    expect(titles((await search('ann')).body, 'contacts')).toEqual(['Ann Smith', 'Annie Jones', 'Bruno Annan']);
    expect(titles((await search('ANN SM')).body, 'contacts')).toEqual(['Ann Smith']);
    expect(titles((await search('bruno@')).body, 'contacts')).toEqual(['Bruno Annan']);
    // Wildcards are literal.
    expect((await search('a%')).body.groups).toEqual([]);
  });

  it('groups campaigns, templates and users, users for administrators only, and only what the role may read', async () => {
    const asAdmin = (await search('grace')).body;
    expect(asAdmin.groups.map((g: any) => g.group)).toEqual(['contacts', 'campaigns', 'templates', 'users']);
    expect(titles(asAdmin, 'campaigns')).toEqual(['Grace period reminder']);
    expect(asAdmin.groups[2].hits[0]).toMatchObject({ title: 'Grace period text', detail: 'Reminders', tag: null });
    expect(asAdmin.groups[3].hits[0]).toMatchObject({ title: 'Grace Admin', detail: 'grace.admin@example.test', tag: 'admin' });
    expect(titles((await search('safety')).body, 'campaigns')).toEqual(['Site safety check-in']);

    expect((await search('grace', manager)).body.groups.map((g: any) => g.group)).toEqual(['contacts', 'campaigns', 'templates']);
    expect((await search('grace', agent)).body.groups.map((g: any) => g.group)).toEqual(['contacts', 'campaigns', 'templates']);
    // Viewers read neither contacts nor campaigns.
    expect((await search('grace', viewer)).body).toEqual({ groups: [] });
  });
});
