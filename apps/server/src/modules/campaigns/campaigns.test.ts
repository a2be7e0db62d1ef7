import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, createCampaign, launchCampaign, localInDays, MISSING_ID } from '../../../test/campaign-api.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

// No sending engine here: a launched campaign stays 'sending', so states are deterministic.
let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
  await seedContacts(server, 20, { tags: ['north', 'south'] });
});
afterAll(() => server?.close());

describe('campaigns: who may do what', () => {
  it('answers 401 without a token on every route', async () => {
    const id = MISSING_ID;
    const routes: Array<[string, string]> = [
      ['GET', '/api/campaigns'],
      ['POST', '/api/campaigns'],
      ['POST', '/api/campaigns/audience-preview'],
      ['GET', `/api/campaigns/${id}`],
      ['GET', `/api/campaigns/${id}/progress`],
      ['PUT', `/api/campaigns/${id}`],
      ['DELETE', `/api/campaigns/${id}`],
      ['POST', `/api/campaigns/${id}/duplicate`],
      ['POST', `/api/campaigns/${id}/launch`],
      ['POST', `/api/campaigns/${id}/pause`],
      ['POST', `/api/campaigns/${id}/resume`],
      ['POST', `/api/campaigns/${id}/cancel`],
      ['POST', `/api/campaigns/${id}/test-send`],
    ];
    for (const [method, path] of routes) {
      const response = await server.request(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('lets admins and managers compose and send, agents only read, viewers nothing', async () => {
    const draft = await createCampaign(server, admin.token, { name: 'Roles', body: 'Hello' });
    const deletable = await createCampaign(server, admin.token, { name: 'Roles deletable' });
    const accounts: Record<string, TestAccount> = { admin, manager, agent, viewer };
    const expectations: Array<[string, string, unknown, Record<string, number>]> = [
      ['GET', '/api/campaigns', undefined, { admin: 200, manager: 200, agent: 200, viewer: 403 }],
      ['GET', `/api/campaigns/${draft.id}`, undefined, { admin: 200, manager: 200, agent: 200, viewer: 403 }],
      ['GET', `/api/campaigns/${draft.id}/progress`, undefined, { admin: 200, manager: 200, agent: 200, viewer: 403 }],
      ['POST', '/api/campaigns', { name: 'By role' }, { admin: 201, manager: 201, agent: 403, viewer: 403 }],
      ['POST', '/api/campaigns/audience-preview', { audience: { type: 'all' } }, { admin: 200, manager: 200, agent: 403, viewer: 403 }],
      ['PUT', `/api/campaigns/${draft.id}`, { name: 'Roles edited' }, { admin: 200, manager: 200, agent: 403, viewer: 403 }],
      ['POST', `/api/campaigns/${draft.id}/duplicate`, undefined, { admin: 201, manager: 201, agent: 403, viewer: 403 }],
      ['POST', `/api/campaigns/${draft.id}/test-send`, { phone: '+447700900123' }, { agent: 403, viewer: 403 }],
      ['POST', `/api/campaigns/${draft.id}/launch`, undefined, { agent: 403, viewer: 403 }],
      ['POST', `/api/campaigns/${draft.id}/pause`, undefined, { agent: 403, viewer: 403 }],
      ['POST', `/api/campaigns/${draft.id}/resume`, undefined, { agent: 403, viewer: 403 }],
      ['POST', `/api/campaigns/${draft.id}/cancel`, undefined, { agent: 403, viewer: 403 }],
      ['DELETE', `/api/campaigns/${deletable.id}`, undefined, { agent: 403, viewer: 403, manager: 204 }],
    ];
    for (const [method, path, body, statuses] of expectations) {
      for (const [role, status] of Object.entries(statuses)) {
        const response = await server.request(method, path, { token: accounts[role]?.token, body });
        expect(response.status, `${role} ${method} ${path}: ${JSON.stringify(response.body)}`).toBe(status);
        if (status === 403) expect(response.body.code).toBe('FORBIDDEN');
      }
    }
    // The refused actions changed nothing; the manager's launch is allowed.
    const after = (await server.get(`/api/campaigns/${draft.id}`, { token: admin.token })).body.campaign;
    expect(after).toMatchObject({ name: 'Roles edited', status: 'draft' });
    expect((await server.post(`/api/campaigns/${draft.id}/launch`, undefined, { token: manager.token })).body.campaign.status).toBe(
      'sending',
    );
  });
});

describe('POST /api/campaigns', () => {
  it('creates a draft with the defaults, the time zone from the messaging settings, and audits it', async () => {
    expect((await server.put('/api/settings/messaging', { timeZone: 'Europe/Paris' }, { token: admin.token })).status).toBe(200);
    try {
      const campaign = await createCampaign(server, manager.token, { name: '  Spring sale  ' });
      expect(campaign).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Spring sale',
        body: '',
        senderId: null,
        gatewayId: null,
        gatewayName: null,
        audience: { type: 'all' },
        status: 'draft',
        statusReason: null,
        scheduledAt: null,
        scheduledLocal: null,
        timeZone: 'Europe/Paris',
        rateLimit: null,
        replyWindowHours: 72,
        quietHours: null,
        validityHours: null,
        followUpOf: null,
        audienceReady: false,
        counts: {
          queued: 0,
          sending: 0,
          sent: 0,
          delivered: 0,
          undelivered: 0,
          unknown: 0,
          failed: 0,
          cancelled: 0,
          skipped: 0,
          total: 0,
          replied: 0,
          optedOut: 0,
        },
        createdBy: { id: manager.user.id, name: manager.user.name },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        launchedAt: null,
        completedAt: null,
        cancelledAt: null,
      });
      const audit = await auditOf(server, campaign.id);
      expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([['campaign.create', manager.user.id]]);
    } finally {
      await server.put('/api/settings/messaging', { timeZone: 'UTC' }, { token: admin.token });
    }
  });

  it('keeps every setting given, reads the schedule in its time zone and strips unknown fields', async () => {
    const response = await server.post(
      '/api/campaigns',
      {
        name: 'Full',
        body: 'Hi {{first_name|there}}',
        senderId: 'ACME',
        gatewayId: '00000000-0000-4000-8000-000000000001',
        audience: { type: 'filter', filter: { tag1: 'north' } },
        scheduledLocal: '2031-07-01T09:30',
        timeZone: 'Europe/London',
        rateLimit: 25,
        replyWindowHours: 24,
        quietHours: { start: '21:00', end: '08:00' },
        validityHours: 12,
        status: 'completed',
        launchedAt: '2020-01-01T00:00:00Z',
        bogus: 1,
      },
      { token: admin.token },
    );
    expect(response.status).toBe(201);
    const campaign = response.body.campaign;
    expect(campaign).toMatchObject({
      senderId: 'ACME',
      gatewayName: 'Simulator',
      audience: { type: 'filter', filter: { tag1: 'north' } },
      status: 'draft',
      scheduledLocal: '2031-07-01T09:30',
      // British Summer Time: 09:30 in London is 08:30 UTC.
      scheduledAt: '2031-07-01T08:30:00.000Z',
      timeZone: 'Europe/London',
      rateLimit: 25,
      replyWindowHours: 24,
      quietHours: { start: '21:00', end: '08:00' },
      validityHours: 12,
      launchedAt: null,
    });
    expect(campaign).not.toHaveProperty('bogus');
  });

  it('answers 400 naming the field for every bad input, and creates nothing', async () => {
    const before = (await server.get('/api/campaigns?limit=1', { token: admin.token })).body.total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'A', body: 'x'.repeat(1601) }, 'body'],
      [{ name: 'A', body: 42 }, 'body'],
      [{ name: 'A', senderId: 'TOO-LONG-SENDER' }, 'senderId'],
      [{ name: 'A', senderId: '!!!' }, 'senderId'],
      [{ name: 'A', senderId: '12' }, 'senderId'],
      [{ name: 'A', senderId: 'x'.repeat(17) }, 'senderId'],
      [{ name: 'A', rateLimit: 0 }, 'rateLimit'],
      [{ name: 'A', rateLimit: 2.5 }, 'rateLimit'],
      [{ name: 'A', rateLimit: 10_001 }, 'rateLimit'],
      [{ name: 'A', replyWindowHours: 0 }, 'replyWindowHours'],
      [{ name: 'A', replyWindowHours: 721 }, 'replyWindowHours'],
      [{ name: 'A', quietHours: { start: '25:00', end: '06:00' } }, 'quietHours.start'],
      [{ name: 'A', quietHours: { start: '22:00', end: '7:00' } }, 'quietHours.end'],
      [{ name: 'A', quietHours: { start: '22:00', end: '22:00' } }, 'quietHours.end'],
      [{ name: 'A', validityHours: 0 }, 'validityHours'],
      [{ name: 'A', validityHours: 169 }, 'validityHours'],
      [{ name: 'A', scheduledLocal: '2026-02-30T10:00' }, 'scheduledLocal'],
      [{ name: 'A', scheduledLocal: 'tomorrow' }, 'scheduledLocal'],
      [{ name: 'A', timeZone: 'Mars/Base' }, 'timeZone'],
      [{ name: 'A', audience: { type: 'everyone' } }, 'audience.type'],
      [{ name: 'A', audience: { type: 'contacts', contactIds: ['not-a-uuid'] } }, 'audience.contactIds.0'],
      [{ name: 'A', audience: { type: 'contacts', contactIds: [] } }, 'audience.contactIds'],
      [{ name: 'A', audience: { type: 'non_responders', campaignId: 'nope' } }, 'audience.campaignId'],
      [{ name: 'A', audience: { type: 'non_responders', campaignId: MISSING_ID } }, 'audience.campaignId'],
      [{ name: 'A', gatewayId: 'nope' }, 'gatewayId'],
      [{ name: 'A', gatewayId: MISSING_ID }, 'gatewayId'],
    ];
    for (const [body, field] of cases) {
      const response = await server.post('/api/campaigns', body, { token: admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.field, JSON.stringify(body)).toBe(field);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await server.get('/api/campaigns?limit=1', { token: admin.token })).body.total).toBe(before);
  });
});

describe('GET /api/campaigns/{id} and friends: missing and malformed ids', () => {
  it('answers 404 for an unknown id and 400 naming id for a malformed one', async () => {
    const routes: Array<[string, string, unknown]> = [
      ['GET', '', undefined],
      ['GET', '/progress', undefined],
      ['PUT', '', { name: 'x' }],
      ['DELETE', '', undefined],
      ['POST', '/duplicate', undefined],
      ['POST', '/launch', undefined],
      ['POST', '/pause', undefined],
      ['POST', '/resume', undefined],
      ['POST', '/cancel', undefined],
      ['POST', '/test-send', { phone: '+447700900123' }],
    ];
    for (const [method, suffix, body] of routes) {
      const missing = await server.request(method, `/api/campaigns/${MISSING_ID}${suffix}`, { token: admin.token, body });
      expect(missing.status, `${method} ${suffix}`).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Campaign not found' });
      const malformed = await server.request(method, `/api/campaigns/not-an-id${suffix}`, { token: admin.token, body });
      expect(malformed.status, `${method} ${suffix}`).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    }
  });
});

describe('GET /api/campaigns', () => {
  it('pages, filters by status (one or several), searches and sorts', async () => {
    const names = ['Lst Charlie', 'Lst Alpha', 'Lst Echo', 'Lst Bravo', 'Lst Delta 100%'];
    const made: Record<string, string> = {};
    for (const name of names) made[name] = (await createCampaign(server, admin.token, { name, body: 'Hi' })).id;
    await server.put(`/api/campaigns/${made['Lst Echo']}`, { scheduledLocal: localInDays(3) }, { token: admin.token });
    expect((await launchCampaign(server, admin.token, made['Lst Echo'] as string)).status).toBe('scheduled');
    expect((await launchCampaign(server, admin.token, made['Lst Bravo'] as string)).status).toBe('sending');
    const list = async (query: string, token = agent.token) => {
      const response = await server.get(`/api/campaigns?${query}`, { token });
      expect(response.status, query).toBe(200);
      return { names: response.body.data.map((campaign: { name: string }) => campaign.name), total: response.body.total };
    };

    expect(await list('search=lst&sort=name&order=asc')).toEqual({
      names: ['Lst Alpha', 'Lst Bravo', 'Lst Charlie', 'Lst Delta 100%', 'Lst Echo'],
      total: 5,
    });
    expect(await list('search=lst&sort=name&order=desc&limit=2&skip=1')).toEqual({ names: ['Lst Delta 100%', 'Lst Charlie'], total: 5 });
    expect(await list('search=lst&sort=name&order=asc&limit=2&skip=4')).toEqual({ names: ['Lst Echo'], total: 5 });
    // Newest first by default.
    expect(await list('search=lst')).toEqual({ names: [...names].reverse(), total: 5 });
    expect(await list('search=lst&status=draft&sort=name&order=asc')).toEqual({
      names: ['Lst Alpha', 'Lst Charlie', 'Lst Delta 100%'],
      total: 3,
    });
    expect(await list('search=lst&status=scheduled&status=sending&sort=name&order=asc')).toEqual({
      names: ['Lst Bravo', 'Lst Echo'],
      total: 2,
    });
    expect(await list('search=lst&status=completed')).toEqual({ names: [], total: 0 });
    // '%' is a character, not a wildcard.
    expect(await list('search=0%25')).toEqual({ names: ['Lst Delta 100%'], total: 1 });

    const one = (await server.get(`/api/campaigns?search=Lst%20Bravo`, { token: admin.token })).body.data[0];
    expect(one).toMatchObject({ status: 'sending', gatewayName: 'Simulator', audience: { type: 'all' } });
    expect(one.launchedAt).not.toBeNull();
    expect(one.counts).toEqual({
      queued: 0,
      sending: 0,
      sent: 0,
      delivered: 0,
      undelivered: 0,
      unknown: 0,
      failed: 0,
      cancelled: 0,
      skipped: 0,
      total: 0,
      replied: 0,
      optedOut: 0,
    });
  });

  it('answers 400 naming the query field for bad paging, status or sort', async () => {
    const cases: Array<[string, string]> = [
      ['status=bogus', 'status'],
      ['sort=bogus', 'sort'],
      ['order=up', 'order'],
      ['limit=0', 'limit'],
      ['skip=-1', 'skip'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await server.get(`/api/campaigns?${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      expect(response.body.field, query).toBe(field);
    }
  });
});
