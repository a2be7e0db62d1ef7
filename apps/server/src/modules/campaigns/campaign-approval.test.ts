import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditOf, createCampaign, getCampaign, localInDays, MISSING_ID } from '../../../test/campaign-api.ts';
import { appSettings, auditLog } from '../../db/schema.ts';
import { configureSimulator, seedContacts } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

// Campaign approval (four eyes) and the campaign board (decision 101): five contacts, and a rule
// that campaigns to more than three need approval.

let server: TestServer;
let admin: TestAccount;
let otherAdmin: TestAccount;
let author: TestAccount;
let otherManager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  otherAdmin = await server.createUser('admin', { name: 'Second Admin' });
  author = await server.createUser('manager', { name: 'Author Manager' });
  otherManager = await server.createUser('manager', { name: 'Other Manager' });
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
  await configureSimulator(server, admin.token, {});
  await seedContacts(server, 5, { tags: ['all'] });
});
afterAll(() => server?.close());

const setThreshold = async (threshold: number | null) => {
  const response = await server.put('/api/settings/campaign-approval', { threshold }, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};
beforeEach(() => setThreshold(3));

/** A draft to all five contacts (over the rule), written by the author. */
const bigDraft = (extra: Record<string, unknown> = {}) =>
  createCampaign(server, author.token, { name: `Big ${Math.random()}`, body: 'Hello {{first_name|there}}', ...extra });
/** A draft to two contacts (under the rule). */
const smallDraft = async () => {
  const list = await server.get('/api/contacts?limit=2', { token: admin.token });
  const contactIds = (list.body.data as Array<{ id: string }>).map((contact) => contact.id);
  return createCampaign(server, author.token, { name: `Small ${Math.random()}`, body: 'Hi', audience: { type: 'contacts', contactIds } });
};
const post = (path: string, token: string, body?: unknown) => server.post(path, body, { token });
const requestApproval = async (id: string, token = author.token) => {
  const response = await post(`/api/campaigns/${id}/request-approval`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.campaign;
};
const notificationsOf = async (account: TestAccount) =>
  (await server.get('/api/notifications', { token: account.token })).body.data as Array<{
    kind: string;
    subjectId: string;
    params: Record<string, string>;
  }>;

describe('the approval rule (an admin setting)', () => {
  it('is off by default, read by managers, changed by admins only, checked and audited', async () => {
    expect((await server.get('/api/settings/campaign-approval')).status).toBe(401);
    expect((await server.put('/api/settings/campaign-approval', { threshold: 2 })).status).toBe(401);
    expect((await server.get('/api/settings/campaign-approval', { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/settings/campaign-approval', { token: author.token })).body).toEqual({ threshold: 3 });
    // Never set: off.
    await server.database.db.delete(appSettings).where(eq(appSettings.key, 'campaign_approval'));
    expect((await server.get('/api/settings/campaign-approval', { token: author.token })).body).toEqual({ threshold: null });
    expect((await server.put('/api/settings/campaign-approval', { threshold: 2 }, { token: author.token })).status).toBe(403);
    for (const threshold of [0, 1.5, 'ten']) {
      const bad = await server.put('/api/settings/campaign-approval', { threshold }, { token: admin.token });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('threshold');
    }
    await setThreshold(null);
    expect((await server.get('/api/settings/campaign-approval', { token: admin.token })).body).toEqual({ threshold: null });
    const changes = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.campaign_approval_update'));
    expect(changes.map((entry) => entry.details)).toContainEqual({ threshold: null });
  });
});

describe('launching a campaign that needs approval', () => {
  it('is refused without approval (409 CAMPAIGN_APPROVAL_REQUIRED); a campaign under the rule launches', async () => {
    const big = await bigDraft();
    const refused = await post(`/api/campaigns/${big.id}/launch`, author.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CAMPAIGN_APPROVAL_REQUIRED');
    // An admin is refused too: the rule is about a second person, not a role.
    expect((await post(`/api/campaigns/${big.id}/launch`, admin.token)).body.code).toBe('CAMPAIGN_APPROVAL_REQUIRED');
    expect((await getCampaign(server, admin.token, big.id)).status).toBe('draft');

    const small = await smallDraft();
    expect((await post(`/api/campaigns/${small.id}/launch`, author.token)).status).toBe(200);

    await setThreshold(null);
    const free = await bigDraft();
    expect((await post(`/api/campaigns/${free.id}/launch`, author.token)).status).toBe(200);
  });
});

describe('requesting approval', () => {
  it('answers 401, 403, 400 and 404', async () => {
    const big = await bigDraft();
    expect((await server.post(`/api/campaigns/${big.id}/request-approval`)).status).toBe(401);
    expect((await post(`/api/campaigns/${big.id}/request-approval`, agent.token)).status).toBe(403);
    const bad = await post('/api/campaigns/nope/request-approval', author.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
    expect((await post(`/api/campaigns/${MISSING_ID}/request-approval`, author.token)).status).toBe(404);
  });

  it('puts the campaign in review, audits it and notifies the approvers other than the author', async () => {
    const big = await bigDraft();
    expect((await requestApproval(big.id)).status).toBe('in_review');
    const again = await post(`/api/campaigns/${big.id}/request-approval`, author.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CAMPAIGN_STATE');
    // A campaign in review is not launched by the launch route either.
    expect((await post(`/api/campaigns/${big.id}/launch`, author.token)).body.code).toBe('CAMPAIGN_APPROVAL_REQUIRED');

    expect((await auditOf(server, big.id)).map((entry) => entry.action)).toContain('campaign.approval_request');
    for (const approver of [admin, otherAdmin, otherManager]) {
      const mine = (await notificationsOf(approver)).filter((n) => n.subjectId === big.id);
      expect(mine.map((n) => n.kind)).toEqual(['campaign_approval_requested']);
      expect(mine[0]?.params).toMatchObject({ name: big.name, by: 'Author Manager' });
    }
    expect((await notificationsOf(author)).filter((n) => n.subjectId === big.id)).toEqual([]);

    const view = await server.get(`/api/campaigns/${big.id}/approval`, { token: admin.token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ threshold: 3, audienceSize: 5, required: true, state: 'pending', canDecide: true });
    expect(view.body.history[0]).toMatchObject({ state: 'pending', requestedBy: { id: author.user.id }, decidedBy: null });
    expect((await server.get(`/api/campaigns/${big.id}/approval`, { token: author.token })).body.canDecide).toBe(false);
  });

  it('runs the launch checks first: an empty message is a 400 naming body', async () => {
    const empty = await createCampaign(server, author.token, { name: 'Empty', body: '' });
    const refused = await post(`/api/campaigns/${empty.id}/request-approval`, author.token);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('body');
  });
});

describe('the approval view', () => {
  it('answers 401, 403, 400 and 404', async () => {
    const big = await bigDraft();
    expect((await server.get(`/api/campaigns/${big.id}/approval`)).status).toBe(401);
    expect((await server.get(`/api/campaigns/${big.id}/approval`, { token: viewer.token })).status).toBe(403);
    expect((await server.get('/api/campaigns/nope/approval', { token: admin.token })).status).toBe(400);
    expect((await server.get(`/api/campaigns/${MISSING_ID}/approval`, { token: admin.token })).status).toBe(404);
    expect((await server.get(`/api/campaigns/${big.id}/approval`, { token: agent.token })).body).toMatchObject({
      required: true,
      state: null,
      canDecide: false,
      history: [],
    });
  });
});

describe('approving', () => {
  it('answers 401, 403 (a role without the right; the author), 400 and 404', async () => {
    const big = await bigDraft();
    await requestApproval(big.id);
    expect((await server.post(`/api/campaigns/${big.id}/approve`, {})).status).toBe(401);
    expect((await post(`/api/campaigns/${big.id}/approve`, agent.token, {})).status).toBe(403);
    const own = await post(`/api/campaigns/${big.id}/approve`, author.token, {});
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('CAMPAIGN_OWN_APPROVAL');
    const long = await post(`/api/campaigns/${big.id}/approve`, admin.token, { comment: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('comment');
    expect((await post(`/api/campaigns/${MISSING_ID}/approve`, admin.token, {})).status).toBe(404);
    expect((await getCampaign(server, admin.token, big.id)).status).toBe('in_review');
  });

  it('the requester cannot approve a campaign someone else wrote either', async () => {
    const big = await bigDraft();
    await requestApproval(big.id, otherManager.token);
    expect((await post(`/api/campaigns/${big.id}/approve`, otherManager.token, {})).body.code).toBe('CAMPAIGN_OWN_APPROVAL');
  });

  it('launches it as requested (now), audited, the author notified; the history says who and when', async () => {
    const big = await bigDraft();
    await requestApproval(big.id);
    const approved = await post(`/api/campaigns/${big.id}/approve`, otherAdmin.token, { comment: 'Fine' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.campaign.status).toBe('sending');
    const actions = (await auditOf(server, big.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['campaign.approval_request', 'campaign.launch', 'campaign.approve']));
    expect((await notificationsOf(author)).filter((n) => n.subjectId === big.id).map((n) => n.kind)).toEqual(['campaign_approved']);
    const view = (await server.get(`/api/campaigns/${big.id}/approval`, { token: author.token })).body;
    expect(view).toMatchObject({ state: 'approved', audienceSize: null, required: false });
    expect(view.history[0]).toMatchObject({
      state: 'approved',
      decidedBy: { id: otherAdmin.user.id, name: 'Second Admin' },
      comment: 'Fine',
    });
    expect(view.history[0].decidedAt).not.toBeNull();
    // Approving twice is the state machine's 409.
    expect((await post(`/api/campaigns/${big.id}/approve`, admin.token, {})).body.code).toBe('CAMPAIGN_STATE');
  });

  it('schedules one that asked for a time; editing its message then withdraws the approval and takes it back to draft', async () => {
    const big = await bigDraft({ scheduledLocal: localInDays(2) });
    await requestApproval(big.id);
    const approved = await post(`/api/campaigns/${big.id}/approve`, admin.token, {});
    expect(approved.body.campaign.status).toBe('scheduled');

    // A change of name alone keeps the approval, and so does the same text and audience saved again (a composer sends them all).
    expect((await server.put(`/api/campaigns/${big.id}`, { name: 'Renamed' }, { token: author.token })).status).toBe(200);
    const same = { body: 'Hello {{first_name|there}}', audience: { type: 'all' } };
    expect((await server.put(`/api/campaigns/${big.id}`, same, { token: author.token })).status).toBe(200);
    expect((await getCampaign(server, admin.token, big.id)).status).toBe('scheduled');

    const edited = await server.put(`/api/campaigns/${big.id}`, { body: 'Changed text' }, { token: author.token });
    expect(edited.status).toBe(200);
    expect(edited.body.campaign.status).toBe('draft');
    const view = (await server.get(`/api/campaigns/${big.id}/approval`, { token: admin.token })).body;
    expect(view.state).toBe('withdrawn');
    expect(view.history.map((entry: { state: string }) => entry.state)).toEqual(['withdrawn', 'approved']);
    expect(view.history[0].decidedBy).toMatchObject({ id: author.user.id });
    expect((await auditOf(server, big.id)).map((entry) => entry.action)).toContain('campaign.approval_withdraw');
    expect((await post(`/api/campaigns/${big.id}/launch`, author.token)).body.code).toBe('CAMPAIGN_APPROVAL_REQUIRED');
  });

  it('an explicit list saved again keeps the approval; a different list withdraws it', async () => {
    const list = await server.get('/api/contacts?limit=5', { token: admin.token });
    const contactIds = (list.body.data as Array<{ id: string }>).map((contact) => contact.id);
    const big = await createCampaign(server, author.token, {
      name: 'Listed',
      body: 'Hi',
      audience: { type: 'contacts', contactIds },
      scheduledLocal: localInDays(2),
    });
    await requestApproval(big.id);
    expect((await post(`/api/campaigns/${big.id}/approve`, admin.token, {})).body.campaign.status).toBe('scheduled');
    const again = { audience: { type: 'contacts', contactIds: [...contactIds].reverse() } };
    expect((await server.put(`/api/campaigns/${big.id}`, again, { token: author.token })).body.campaign.status).toBe('scheduled');
    const fewer = { audience: { type: 'contacts', contactIds: contactIds.slice(0, 4) } };
    expect((await server.put(`/api/campaigns/${big.id}`, fewer, { token: author.token })).body.campaign.status).toBe('draft');
    expect((await server.get(`/api/campaigns/${big.id}/approval`, { token: admin.token })).body.state).toBe('withdrawn');
  });
});

describe('rejecting', () => {
  it('answers 401, 403, 400 (no comment) and 404', async () => {
    const big = await bigDraft();
    await requestApproval(big.id);
    expect((await server.post(`/api/campaigns/${big.id}/reject`, { comment: 'No' })).status).toBe(401);
    expect((await post(`/api/campaigns/${big.id}/reject`, agent.token, { comment: 'No' })).status).toBe(403);
    expect((await post(`/api/campaigns/${big.id}/reject`, author.token, { comment: 'No' })).body.code).toBe('CAMPAIGN_OWN_APPROVAL');
    for (const body of [{}, { comment: '   ' }]) {
      const bad = await post(`/api/campaigns/${big.id}/reject`, admin.token, body);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('comment');
    }
    expect((await post(`/api/campaigns/${MISSING_ID}/reject`, admin.token, { comment: 'No' })).status).toBe(404);
  });

  it('returns it to draft with the comment; the author is told why; audited', async () => {
    const big = await bigDraft();
    await requestApproval(big.id);
    const rejected = await post(`/api/campaigns/${big.id}/reject`, otherManager.token, { comment: 'Too many people: use a segment' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.campaign.status).toBe('draft');
    const view = (await server.get(`/api/campaigns/${big.id}/approval`, { token: author.token })).body;
    expect(view.history[0]).toMatchObject({
      state: 'rejected',
      decidedBy: { id: otherManager.user.id },
      comment: 'Too many people: use a segment',
    });
    const told = (await notificationsOf(author)).filter((n) => n.subjectId === big.id);
    expect(told.map((n) => n.kind)).toEqual(['campaign_approval_rejected']);
    expect(told[0]?.params.comment).toBe('Too many people: use a segment');
    const reject = (await auditOf(server, big.id)).find((entry) => entry.action === 'campaign.reject');
    expect(reject?.details).toMatchObject({ comment: 'Too many people: use a segment' });
    // Rejected is not approved: still no launch.
    expect((await post(`/api/campaigns/${big.id}/launch`, author.token)).body.code).toBe('CAMPAIGN_APPROVAL_REQUIRED');
  });
});

describe('the board', () => {
  it('lists campaigns in columns with recipients, author and approval; 401 and 403', async () => {
    expect((await server.get('/api/campaigns/board')).status).toBe(401);
    expect((await server.get('/api/campaigns/board', { token: viewer.token })).status).toBe(403);
    const big = await bigDraft();
    await requestApproval(big.id);
    const board = await server.get('/api/campaigns/board', { token: agent.token });
    expect(board.status).toBe(200);
    expect(board.body.threshold).toBe(3);
    const card = board.body.data.find((entry: { id: string }) => entry.id === big.id);
    expect(card).toMatchObject({
      column: 'in_review',
      status: 'in_review',
      audienceSize: 5,
      author: { id: author.user.id, name: 'Author Manager' },
      approval: 'pending',
    });
  });

  it('moves answer 401, 403, 400 (the column) and 404', async () => {
    const draft = await smallDraft();
    expect((await server.post(`/api/campaigns/${draft.id}/move`, { column: 'sending' })).status).toBe(401);
    expect((await post(`/api/campaigns/${draft.id}/move`, agent.token, { column: 'sending' })).status).toBe(403);
    const bad = await post(`/api/campaigns/${draft.id}/move`, author.token, { column: 'archive' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('column');
    expect((await post(`/api/campaigns/${MISSING_ID}/move`, author.token, { column: 'sending' })).status).toBe(404);
  });

  it('moves through the state machine: launch, pause, resume, cancel; review and approval', async () => {
    const small = await smallDraft();
    const move = (id: string, column: string, token = author.token) => post(`/api/campaigns/${id}/move`, token, { column });
    expect((await move(small.id, 'sending')).body.campaign.status).toBe('sending');
    expect((await move(small.id, 'paused')).body.campaign.status).toBe('paused');
    expect((await move(small.id, 'sending')).body.campaign.status).toBe('sending');
    expect((await move(small.id, 'done')).body.campaign.status).toBe('cancelled');

    const big = await bigDraft();
    expect((await move(big.id, 'sending')).body.code).toBe('CAMPAIGN_APPROVAL_REQUIRED');
    expect((await move(big.id, 'in_review')).body.campaign.status).toBe('in_review');
    const own = await move(big.id, 'sending');
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('CAMPAIGN_OWN_APPROVAL');
    // Back to draft withdraws the request.
    expect((await move(big.id, 'draft')).body.campaign.status).toBe('draft');
    expect((await server.get(`/api/campaigns/${big.id}/approval`, { token: admin.token })).body.state).toBe('withdrawn');
    await move(big.id, 'in_review');
    expect((await move(big.id, 'sending', admin.token)).body.campaign.status).toBe('sending');
  });

  it('refuses illegal moves with the reason, changing nothing', async () => {
    const draft = await smallDraft();
    const move = (column: string) => post(`/api/campaigns/${draft.id}/move`, author.token, { column });
    const paused = await move('paused');
    expect(paused.status).toBe(409);
    expect(paused.body).toMatchObject({ code: 'CAMPAIGN_STATE', message: 'Cannot pause a campaign that is draft' });
    const scheduled = await move('scheduled');
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.code).toBe('CAMPAIGN_NO_SCHEDULE');
    expect((await getCampaign(server, admin.token, draft.id)).status).toBe('draft');

    await move('done');
    const fromDone = await move('draft');
    expect(fromDone.status).toBe(409);
    expect(fromDone.body.code).toBe('CAMPAIGN_STATE');
    expect((await getCampaign(server, admin.token, draft.id)).status).toBe('cancelled');
  });

  it('takes a scheduled campaign back to draft by removing its schedule', async () => {
    const small = await smallDraft();
    await server.put(`/api/campaigns/${small.id}`, { scheduledLocal: localInDays(1) }, { token: author.token });
    const move = (column: string) => post(`/api/campaigns/${small.id}/move`, author.token, { column });
    expect((await move('sending')).body.code).toBe('CAMPAIGN_STATE');
    expect((await move('scheduled')).body.campaign.status).toBe('scheduled');
    const back = await move('draft');
    expect(back.body.campaign).toMatchObject({ status: 'draft', scheduledLocal: null });
  });
});
