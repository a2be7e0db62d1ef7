import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { auditOf, createCampaign, launchCampaign, localInDays, MISSING_ID } from '../../../test/campaign-api.ts';
import { seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

// No sending engine: a launched campaign stays 'sending', so the editing rules can be checked per state.
let server: TestServer;
let admin: TestAccount;
let contactIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  await seedContacts(server, 10);
  contactIds = (await queryRows<{ id: string }>(server.database.db, sql`select id from contacts order by phone`)).map((row) => row.id);
});
afterAll(() => server?.close());

const put = (id: string, body: Record<string, unknown>) => server.put(`/api/campaigns/${id}`, body, { token: admin.token });
const get = async (id: string) => (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign;
const audienceList = async (campaignId: string) =>
  (
    await queryRows<{ contact_id: string }>(
      server.database.db,
      sql`select contact_id from campaign_audience_contacts where campaign_id = ${campaignId} order by contact_id`,
    )
  ).map((row) => row.contact_id);

describe('PUT /api/campaigns/{id}', () => {
  it('changes only the fields given while draft, replaces an explicit list, and audits the fields', async () => {
    const draft = await createCampaign(server, admin.token, { name: 'Edit me', body: 'Old', rateLimit: 5, validityHours: 3 });
    const response = await put(draft.id, {
      body: 'New {{first_name}}',
      senderId: '+447700900000',
      audience: { type: 'contacts', contactIds: contactIds.slice(0, 3) },
      quietHours: null,
      extra: 'dropped',
    });
    expect(response.status).toBe(200);
    expect(response.body.campaign).toMatchObject({
      name: 'Edit me',
      body: 'New {{first_name}}',
      senderId: '+447700900000',
      rateLimit: 5,
      validityHours: 3,
      status: 'draft',
      audience: { type: 'contacts', count: 3 },
    });
    expect(await audienceList(draft.id)).toEqual(contactIds.slice(0, 3).sort());
    // A new list replaces the old one; unknown contact ids are dropped.
    const again = await put(draft.id, { audience: { type: 'contacts', contactIds: [contactIds[5] as string, MISSING_ID] } });
    expect(again.body.campaign.audience).toEqual({ type: 'contacts', count: 1 });
    expect(await audienceList(draft.id)).toEqual([contactIds[5]]);
    const updates = (await auditOf(server, draft.id)).filter((entry) => entry.action === 'campaign.update');
    expect(updates.map((entry) => [entry.actorId, entry.details])).toEqual([
      [admin.user.id, { fields: ['body', 'senderId', 'audience', 'quietHours'] }],
      [admin.user.id, { fields: ['audience'] }],
    ]);
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const draft = await createCampaign(server, admin.token, { name: 'Stays' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ rateLimit: 0 }, 'rateLimit'],
      [{ scheduledLocal: '2026-02-30T10:00' }, 'scheduledLocal'],
      [{ audience: { type: 'non_responders', campaignId: MISSING_ID } }, 'audience.campaignId'],
      [{ gatewayId: MISSING_ID }, 'gatewayId'],
    ];
    for (const [body, field] of cases) {
      const response = await put(draft.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect(await get(draft.id)).toMatchObject({
      name: 'Stays',
      rateLimit: null,
      scheduledLocal: null,
      gatewayId: null,
      audience: { type: 'all' },
    });
  });

  it('keeps a scheduled campaign scheduled when moved, returns it to draft when the schedule is cleared, refuses the past', async () => {
    const campaign = await createCampaign(server, admin.token, { name: 'Scheduled edit', body: 'Hi', scheduledLocal: localInDays(2) });
    const launched = await launchCampaign(server, admin.token, campaign.id);
    expect(launched.status).toBe('scheduled');
    // Not launched until sending starts (decision 084): this pinned the stamp at scheduling time.
    expect(launched.launchedAt).toBeNull();

    const moved = await put(campaign.id, { scheduledLocal: '2031-01-15T10:00', timeZone: 'America/New_York', name: 'Moved' });
    expect(moved.status).toBe(200);
    expect(moved.body.campaign).toMatchObject({
      status: 'scheduled',
      name: 'Moved',
      scheduledLocal: '2031-01-15T10:00',
      scheduledAt: '2031-01-15T15:00:00.000Z',
    });

    const past = await put(campaign.id, { scheduledLocal: localInDays(-1), name: 'Not saved' });
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({ code: 'SCHEDULE_IN_PAST', field: 'scheduledLocal' });
    expect(await get(campaign.id)).toMatchObject({ status: 'scheduled', name: 'Moved', scheduledAt: '2031-01-15T15:00:00.000Z' });

    const cleared = await put(campaign.id, { scheduledLocal: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.campaign).toMatchObject({ status: 'draft', scheduledLocal: null, scheduledAt: null, launchedAt: null });
  });

  it('checks the text of a scheduled campaign as the launch did (a draft may hold anything)', async () => {
    const campaign = await createCampaign(server, admin.token, {
      name: 'Scheduled text',
      body: 'Hi {{first_name}}',
      scheduledLocal: localInDays(2),
    });
    await launchCampaign(server, admin.token, campaign.id);
    const cases: Array<[string, string]> = [
      ['', 'Write the message before sending'],
      ['Hi {{first_name', "body has a malformed merge field at character 4: Merge field is not closed: add '}}'"],
    ];
    for (const [text, message] of cases) {
      const response = await put(campaign.id, { body: text });
      expect(response.status, text).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'body', message });
    }
    expect(await get(campaign.id)).toMatchObject({ status: 'scheduled', body: 'Hi {{first_name}}' });
    expect((await put(campaign.id, { body: 'Hello {{first_name|you}}' })).body.campaign.body).toBe('Hello {{first_name|you}}');
    const draft = await createCampaign(server, admin.token, { name: 'Draft text' });
    expect((await put(draft.id, { body: 'Hi {{first_name' })).status).toBe(200);
    // Back to draft in the same change: no check.
    const unscheduled = await put(campaign.id, { scheduledLocal: null, body: '' });
    expect(unscheduled.status).toBe(200);
    expect(unscheduled.body.campaign).toMatchObject({ status: 'draft', body: '' });
  });

  it('answers 409 CAMPAIGN_NOT_EDITABLE once the campaign is sending', async () => {
    const campaign = await createCampaign(server, admin.token, { name: 'Sending', body: 'Hi' });
    await launchCampaign(server, admin.token, campaign.id);
    const response = await put(campaign.id, { name: 'Too late' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'CAMPAIGN_NOT_EDITABLE', message: 'A campaign that is sending can no longer be edited' });
    expect((await get(campaign.id)).name).toBe('Sending');
  });
});

describe('DELETE /api/campaigns/{id}', () => {
  it('deletes a draft (204, then 404) with an audit entry', async () => {
    const draft = await createCampaign(server, admin.token, {
      name: 'Bin me',
      audience: { type: 'contacts', contactIds: contactIds.slice(0, 2) },
    });
    const response = await server.delete(`/api/campaigns/${draft.id}`, { token: admin.token });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect((await server.get(`/api/campaigns/${draft.id}`, { token: admin.token })).status).toBe(404);
    expect((await server.delete(`/api/campaigns/${draft.id}`, { token: admin.token })).status).toBe(404);
    expect(await audienceList(draft.id)).toEqual([]);
    expect((await auditOf(server, draft.id)).map((entry) => entry.action)).toEqual(['campaign.create', 'campaign.delete']);
  });

  it('leaves no message of the deleted campaign behind (messages.campaign_id has no foreign key)', async () => {
    const draft = await createCampaign(server, admin.token, { name: 'Bin me too' });
    // A draft never has messages; one is planted to prove deletion does not rely on a cascade.
    await server.database.db.execute(
      sql`insert into messages (kind, campaign_id, contact_id, phone) values ('campaign', ${draft.id}, ${contactIds[0]}, '+447700900001')`,
    );
    expect((await server.delete(`/api/campaigns/${draft.id}`, { token: admin.token })).status).toBe(204);
    expect(await queryRows(server.database.db, sql`select id from messages where campaign_id = ${draft.id}`)).toEqual([]);
  });

  it('answers 409 for scheduled, sending and cancelled campaigns and keeps them', async () => {
    const scheduled = await createCampaign(server, admin.token, { name: 'Keep scheduled', body: 'Hi', scheduledLocal: localInDays(1) });
    await launchCampaign(server, admin.token, scheduled.id);
    const sending = await createCampaign(server, admin.token, { name: 'Keep sending', body: 'Hi' });
    await launchCampaign(server, admin.token, sending.id);
    const cancelled = await createCampaign(server, admin.token, { name: 'Keep cancelled' });
    expect((await server.post(`/api/campaigns/${cancelled.id}/cancel`, undefined, { token: admin.token })).status).toBe(200);
    for (const [campaign, status] of [
      [scheduled, 'scheduled'],
      [sending, 'sending'],
      [cancelled, 'cancelled'],
    ] as const) {
      const response = await server.delete(`/api/campaigns/${campaign.id}`, { token: admin.token });
      expect(response.status, status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'CAMPAIGN_NOT_EDITABLE',
        message: `Only drafts can be deleted; this campaign is ${status}`,
      });
      expect((await get(campaign.id)).status).toBe(status);
    }
  });
});

describe('POST /api/campaigns/{id}/duplicate', () => {
  it('copies the settings and the explicit list into a new draft named "Copy of ..." without the schedule', async () => {
    const source = await createCampaign(server, admin.token, {
      name: 'Original',
      body: 'Hello {{first_name|you}}',
      senderId: 'ACME',
      audience: { type: 'contacts', contactIds: contactIds.slice(2, 6) },
      scheduledLocal: localInDays(5, 'Europe/Berlin'),
      timeZone: 'Europe/Berlin',
      rateLimit: 40,
      replyWindowHours: 48,
      quietHours: { start: '22:00', end: '07:30' },
      validityHours: 6,
    });
    await launchCampaign(server, admin.token, source.id);
    const response = await server.post(`/api/campaigns/${source.id}/duplicate`, undefined, { token: admin.token });
    expect(response.status).toBe(201);
    const copy = response.body.campaign;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: 'Copy of Original',
      body: 'Hello {{first_name|you}}',
      senderId: 'ACME',
      // The launch pinned the default gateway on the source; the copy keeps it.
      gatewayId: '00000000-0000-4000-8000-000000000001',
      audience: { type: 'contacts', count: 4 },
      status: 'draft',
      scheduledLocal: null,
      scheduledAt: null,
      timeZone: 'Europe/Berlin',
      rateLimit: 40,
      replyWindowHours: 48,
      quietHours: { start: '22:00', end: '07:30' },
      validityHours: 6,
      launchedAt: null,
      createdBy: { id: admin.user.id, name: admin.user.name },
    });
    expect(await audienceList(copy.id)).toEqual(await audienceList(source.id));
    expect((await get(source.id)).status).toBe('scheduled');
    expect((await auditOf(server, copy.id)).map((entry) => [entry.action, entry.details])).toEqual([
      ['campaign.duplicate', { from: source.id }],
    ]);
  });

  it('keeps a long name within the limit and copies a non-responders audience', async () => {
    const source = await createCampaign(server, admin.token, { name: 'N'.repeat(120) });
    const followUp = await createCampaign(server, admin.token, {
      name: 'Follow',
      audience: { type: 'non_responders', campaignId: source.id, tag1: ['north', ''] },
    });
    expect(followUp.audience).toEqual({
      type: 'non_responders',
      campaignId: source.id,
      campaignName: 'N'.repeat(120),
      tag1: ['north', ''],
    });
    const long = (await server.post(`/api/campaigns/${source.id}/duplicate`, undefined, { token: admin.token })).body.campaign;
    expect(long.name).toBe(`Copy of ${'N'.repeat(112)}`);
    const copy = (await server.post(`/api/campaigns/${followUp.id}/duplicate`, undefined, { token: admin.token })).body.campaign;
    expect(copy.audience).toEqual(followUp.audience);
  });
});
