import type { MatrixAction, MatrixSubject } from '@sms/contracts/policy-matrix';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { seedContacts } from './campaign-fixtures.ts';
import { TEST_PASSWORD, uniqueEmail, type TestResponse, type TestServer } from './helper.ts';
import { upload } from './upload.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- set-up answers are read loosely */

/** What a probe needs: the server and an administrator's token to prepare fresh targets. */
export interface ProbeContext {
  server: TestServer;
  adminToken: string;
}

/** One representative request for a (subject, action) cell of the roles matrix. */
export interface Probe {
  subject: MatrixSubject;
  action: MatrixAction;
  /** The route, for messages. */
  route: string;
  /** Prepares what the call needs (a fresh target, so an allowed call really acts) and makes it with `token`. */
  call: (context: ProbeContext, token: string) => Promise<TestResponse>;
  /**
   * For cells the API enforces by leaving something out rather than refusing (masked phone
   * numbers, a colleague's sign-in details): what an allowed answer shows. A 2xx answer without
   * it is a denial, like a 403.
   */
  shows?: (body: any) => boolean;
}

let serial = 0;
const next = () => ++serial;
/** A month no probe kept a statement for yet (one statement per month and scope). */
const statementMonth = () => `${2000 + next()}-01`;

/** A created thing's id, failing loudly when set-up did not work. */
async function created(response: Promise<TestResponse<any>>, pick: (body: any) => string): Promise<string> {
  const answer = await response;
  expect(answer.status, `set-up failed: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return pick(answer.body);
}

/** A fresh open statement of the whole organisation. */
const newStatement = ({ server, adminToken }: ProbeContext) =>
  created(
    server.post('/api/statements', { month: statementMonth(), scope: 'organisation' }, { token: adminToken }),
    (body) => body.statement.id,
  );

const newUser = ({ server, adminToken }: ProbeContext) =>
  created(
    server.post(
      '/api/users/register',
      { name: `Target ${next()}`, email: uniqueEmail('target'), password: TEST_PASSWORD, role: 'viewer' },
      { token: adminToken },
    ),
    (b) => b.user.id,
  );
const newSender = ({ server, adminToken }: ProbeContext) =>
  created(server.post('/api/senders', { kind: 'alphanumeric', value: `Probe ${next()}` }, { token: adminToken }), (b) => b.sender.id);
const newContact = ({ server, adminToken }: ProbeContext) =>
  created(
    server.post('/api/contacts', { phone: `+4479111${String(next()).padStart(5, '0')}`, firstName: 'Probe' }, { token: adminToken }),
    (b) => b.contact.id,
  );
const newCampaign = ({ server, adminToken }: ProbeContext) =>
  created(server.post('/api/campaigns', { name: `Probe ${next()}`, body: 'Hello' }, { token: adminToken }), (b) => b.campaign.id);
/** A draft a fresh manager wrote and sent for approval: nobody probing is its author. */
async function newCampaignInReview({ server, adminToken }: ProbeContext): Promise<string> {
  const email = uniqueEmail('author');
  await created(
    server.post(
      '/api/users/register',
      { name: `Author ${next()}`, email, password: TEST_PASSWORD, role: 'manager' },
      { token: adminToken },
    ),
    (b) => b.user.id,
  );
  const author = await created(server.post('/api/users/login', { email, password: TEST_PASSWORD }), (b) => b.token);
  const id = await created(
    server.post('/api/campaigns', { name: `Probe ${next()}`, body: 'Hello' }, { token: author }),
    (b) => b.campaign.id,
  );
  await created(server.post(`/api/campaigns/${id}/request-approval`, undefined, { token: author }), (b) => b.campaign.id);
  return id;
}
const ARCHIVE_POST = { title: 'Probe post', body: 'Hello', publishAt: '2026-01-01T00:00:00Z' };
const newArchivePost = ({ server, adminToken }: ProbeContext) =>
  created(server.post('/api/public-site/posts', ARCHIVE_POST, { token: adminToken }), (b) => b.post.id);
const newTemplate = ({ server, adminToken }: ProbeContext) =>
  created(server.post('/api/templates', { name: `Probe template ${next()}`, body: 'Hello' }, { token: adminToken }), (b) => b.template.id);
const newSegment = ({ server, adminToken }: ProbeContext) =>
  created(server.post('/api/segments', { name: `Probe segment ${next()}`, definition: {} }, { token: adminToken }), (b) => b.segment.id);
/** A note by the administrator: for anyone else, another's note. */
const newNote = async (context: ProbeContext) =>
  created(
    context.server.post('/api/notes', { contactId: await newContact(context), body: 'Probe note' }, { token: context.adminToken }),
    (b) => b.note.id,
  );
const newGateway = ({ server, adminToken }: ProbeContext) =>
  created(
    server.post('/api/gateways', { name: `Probe gateway ${next()}`, kind: 'simulator', config: {} }, { token: adminToken }),
    (b) => b.gateway.id,
  );
const csv = () => ({
  field: 'file',
  bytes: Buffer.from(`phone\n+4479111${String(next()).padStart(5, '0')}\n`),
  filename: 'probe.csv',
  type: 'text/csv',
});
const newImport = ({ server, adminToken }: ProbeContext) =>
  created(upload(server, '/api/contacts/imports', { token: adminToken, files: [csv()] }), (b) => b.import.id);
/** An opted-out contact (for opting back in). */
const newOptedOutContact = ({ server, adminToken }: ProbeContext) =>
  created(
    server.post('/api/contacts', { phone: `+4479111${String(next()).padStart(5, '0')}`, status: 'opted_out' }, { token: adminToken }),
    (b) => b.contact.id,
  );

let reportCampaign: Promise<string> | undefined;
/** A completed campaign with one delivered recipient (written directly: no sending engine here). */
const campaignWithRecipient = ({ server }: ProbeContext) =>
  (reportCampaign ??= (async () => {
    const [row] = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into campaigns (name, body, audience, status, launched_at, completed_at) values ('Probe report', 'Hi', '{"type":"all"}', 'completed', now(), now()) returning id`,
    );
    await server.database.db.execute(sql`insert into contacts (phone, first_name) values (${PROBE_PHONE}, 'Probe')`);
    await server.database.db.execute(sql`insert into messages (campaign_id, contact_id, phone, body, status, sent_at, delivered_at)
      select ${row!.id}, id, phone, 'Hi', 'delivered', now(), now() from contacts where phone = ${PROBE_PHONE}`);
    return row!.id;
  })());
const PROBE_PHONE = '+447700900123';

/** A test send through the built-in simulator: an outbound message any reader of messages may open. */
const newMessage = async (context: ProbeContext) => {
  const campaign = await newCampaign(context);
  return created(
    context.server.post(`/api/campaigns/${campaign}/test-send`, { phone: '+447911123456' }, { token: context.adminToken }),
    (b) => b.message.id,
  );
};

/**
 * One request per (subject, action) cell that an API route enforces. Routes check the shared
 * policy through roleCan; these calls prove each route checks the cell the matrix shows.
 */
export const PROBES: Probe[] = [
  { subject: 'User', action: 'read', route: 'GET /api/users', call: ({ server }, token) => server.get('/api/users', { token }) },
  {
    subject: 'User',
    action: 'read',
    route: "GET /api/users/:id (someone else's)",
    call: async (context, token) => context.server.get(`/api/users/${await newUser(context)}`, { token }),
  },
  {
    subject: 'User',
    action: 'create',
    route: 'POST /api/users/register',
    call: ({ server }, token) =>
      server.post(
        '/api/users/register',
        { name: 'New one', email: uniqueEmail('new'), password: TEST_PASSWORD, role: 'viewer' },
        { token },
      ),
  },
  {
    subject: 'User',
    action: 'readSecurity',
    route: "GET /api/users/:id (someone else's sign-in and two-step details)",
    call: async (context, token) => context.server.get(`/api/users/${await newUser(context)}`, { token }),
    shows: (body) => 'lastLoginAt' in body.user && 'twoStepEnabled' in body.user && 'phone' in body.user,
  },
  {
    subject: 'User',
    action: 'readSecurity',
    route: 'GET /api/users (sign-in and two-step details of the team)',
    call: async (context, token) => {
      await newUser(context);
      return context.server.get('/api/users?limit=100', { token });
    },
    shows: (body) =>
      body.data.length > 1 && body.data.every((user: Record<string, unknown>) => 'lastLoginAt' in user && 'twoStepEnabled' in user),
  },
  {
    subject: 'User',
    action: 'update',
    route: "PUT /api/users/:id (someone else's)",
    call: async (context, token) => context.server.put(`/api/users/${await newUser(context)}`, { name: 'Renamed' }, { token }),
  },
  {
    subject: 'User',
    action: 'delete',
    route: 'DELETE /api/users/:id',
    call: async (context, token) => context.server.delete(`/api/users/${await newUser(context)}`, { token }),
  },

  { subject: 'Contact', action: 'read', route: 'GET /api/contacts', call: ({ server }, token) => server.get('/api/contacts', { token }) },
  {
    subject: 'Contact',
    action: 'create',
    route: 'POST /api/contacts',
    call: ({ server }, token) => server.post('/api/contacts', { phone: `+4479111${String(next()).padStart(5, '0')}` }, { token }),
  },
  {
    subject: 'Contact',
    action: 'update',
    route: 'PUT /api/contacts/:id',
    call: async (context, token) => context.server.put(`/api/contacts/${await newContact(context)}`, { firstName: 'Edited' }, { token }),
  },
  {
    subject: 'Contact',
    action: 'changePhone',
    route: 'PUT /api/contacts/:id (a new phone number)',
    call: async (context, token) =>
      context.server.put(`/api/contacts/${await newContact(context)}`, { phone: `+4479112${String(next()).padStart(5, '0')}` }, { token }),
  },
  {
    subject: 'Contact',
    action: 'optOut',
    route: 'PUT /api/contacts/:id (status opted_out)',
    call: async (context, token) => context.server.put(`/api/contacts/${await newContact(context)}`, { status: 'opted_out' }, { token }),
  },
  {
    subject: 'Contact',
    action: 'optIn',
    route: 'PUT /api/contacts/:id (status active, with a consent note)',
    call: async (context, token) =>
      context.server.put(
        `/api/contacts/${await newOptedOutContact(context)}`,
        { status: 'active', consentNote: 'Asked at the front desk' },
        { token },
      ),
  },
  {
    subject: 'Contact',
    action: 'bulkTag',
    route: 'POST /api/contacts/bulk (setTag)',
    call: async (context, token) =>
      context.server.post(
        '/api/contacts/bulk',
        { action: 'setTag', target: { ids: [await newContact(context)] }, tag: { field: 'tag2', value: 'probed' } },
        { token },
      ),
  },
  {
    subject: 'Contact',
    action: 'bulkEdit',
    route: 'POST /api/contacts/bulk (optOut)',
    call: async (context, token) =>
      context.server.post('/api/contacts/bulk', { action: 'optOut', target: { ids: [await newContact(context)] } }, { token }),
  },
  {
    subject: 'Contact',
    action: 'bulkEdit',
    route: 'POST /api/contacts/bulk (optIn, with a consent note)',
    call: async (context, token) =>
      context.server.post(
        '/api/contacts/bulk',
        { action: 'optIn', target: { ids: [await newOptedOutContact(context)] }, consentNote: 'Signed the form' },
        { token },
      ),
  },
  {
    subject: 'Contact',
    action: 'delete',
    route: 'DELETE /api/contacts/:id',
    call: async (context, token) => context.server.delete(`/api/contacts/${await newContact(context)}`, { token }),
  },
  {
    subject: 'Contact',
    action: 'export',
    route: 'GET /api/contacts/export',
    call: ({ server }, token) => server.get('/api/contacts/export?format=csv', { token }),
  },

  {
    subject: 'Import',
    action: 'read',
    route: 'GET /api/contacts/imports',
    call: ({ server }, token) => server.get('/api/contacts/imports', { token }),
  },
  {
    subject: 'Import',
    action: 'create',
    route: 'POST /api/contacts/imports',
    call: ({ server }, token) => upload(server, '/api/contacts/imports', { token, files: [csv()] }),
  },
  {
    subject: 'Import',
    action: 'update',
    route: 'POST /api/contacts/imports/:id/cancel',
    call: async (context, token) => context.server.post(`/api/contacts/imports/${await newImport(context)}/cancel`, undefined, { token }),
  },

  {
    subject: 'Campaign',
    action: 'read',
    route: 'GET /api/campaigns',
    call: ({ server }, token) => server.get('/api/campaigns', { token }),
  },
  {
    subject: 'Campaign',
    action: 'read',
    route: 'GET /api/campaigns/calendar',
    call: ({ server }, token) => server.get('/api/campaigns/calendar?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z', { token }),
  },
  {
    subject: 'Dashboard',
    action: 'read',
    route: 'GET /api/dashboard',
    call: ({ server }, token) => server.get('/api/dashboard', { token }),
  },
  {
    subject: 'Campaign',
    action: 'create',
    route: 'POST /api/campaigns',
    call: ({ server }, token) => server.post('/api/campaigns', { name: 'Probe draft' }, { token }),
  },
  {
    subject: 'Campaign',
    action: 'update',
    route: 'PUT /api/campaigns/:id',
    call: async (context, token) => context.server.put(`/api/campaigns/${await newCampaign(context)}`, { name: 'Renamed' }, { token }),
  },
  {
    subject: 'Campaign',
    action: 'delete',
    route: 'DELETE /api/campaigns/:id',
    call: async (context, token) => context.server.delete(`/api/campaigns/${await newCampaign(context)}`, { token }),
  },
  {
    subject: 'ArchivePost',
    action: 'read',
    route: 'GET /api/public-site/posts',
    call: ({ server }, token) => server.get('/api/public-site/posts', { token }),
  },
  {
    subject: 'ArchivePost',
    action: 'create',
    route: 'POST /api/public-site/posts',
    call: ({ server }, token) => server.post('/api/public-site/posts', { ...ARCHIVE_POST, title: `Probe ${next()}` }, { token }),
  },
  {
    subject: 'ArchivePost',
    action: 'update',
    route: 'PATCH /api/public-site/posts/:id',
    call: async (context, token) =>
      context.server.request('PATCH', `/api/public-site/posts/${await newArchivePost(context)}`, { token, body: { title: 'Renamed' } }),
  },
  {
    subject: 'ArchivePost',
    action: 'delete',
    route: 'DELETE /api/public-site/posts/:id',
    call: async (context, token) => context.server.delete(`/api/public-site/posts/${await newArchivePost(context)}`, { token }),
  },
  {
    subject: 'Campaign',
    action: 'approve',
    route: 'POST /api/campaigns/:id/approve (a colleague sent it for approval)',
    call: async (context, token) => {
      await seedContacts(context.server, 1, { offset: 900_000 + next() });
      return context.server.post(`/api/campaigns/${await newCampaignInReview(context)}/approve`, {}, { token });
    },
  },
  {
    subject: 'Campaign',
    action: 'launch',
    route: 'POST /api/campaigns/:id/launch',
    call: async (context, token) => {
      await seedContacts(context.server, 1, { offset: 900_000 + next() });
      return context.server.post(`/api/campaigns/${await newCampaign(context)}/launch`, undefined, { token });
    },
  },

  // Messages are read by whoever reads campaigns or the inbox (every role that reads the inbox reads campaigns).
  {
    subject: 'Inbox',
    action: 'read',
    route: 'GET /api/messages/:id',
    call: async (context, token) => context.server.get(`/api/messages/${await newMessage(context)}`, { token }),
  },
  {
    subject: 'Inbox',
    action: 'read',
    route: 'GET /api/inbox/conversations',
    call: ({ server }, token) => server.get('/api/inbox/conversations', { token }),
  },
  {
    subject: 'Inbox',
    action: 'create',
    route: 'POST /api/inbox/conversations/:contactId/reply',
    call: async (context, token) =>
      context.server.post(`/api/inbox/conversations/${await newContact(context)}/reply`, { body: 'Probe reply' }, { token }),
  },
  {
    subject: 'Inbox',
    action: 'update',
    route: 'POST /api/inbox/conversations/:contactId/read',
    call: async (context, token) => context.server.post(`/api/inbox/conversations/${await newContact(context)}/read`, undefined, { token }),
  },

  {
    subject: 'Brand',
    action: 'read',
    route: 'GET /api/brand-settings',
    call: ({ server }, token) => server.get('/api/brand-settings', { token }),
  },
  {
    subject: 'Brand',
    action: 'update',
    route: 'PUT /api/brand-settings',
    call: ({ server }, token) => server.put('/api/brand-settings', { appName: `Probe ${next()}` }, { token }),
  },

  { subject: 'Gateway', action: 'read', route: 'GET /api/gateways', call: ({ server }, token) => server.get('/api/gateways', { token }) },
  {
    subject: 'Gateway',
    action: 'create',
    route: 'POST /api/gateways',
    call: ({ server }, token) => server.post('/api/gateways', { name: `Probe ${next()}`, kind: 'simulator', config: {} }, { token }),
  },
  {
    subject: 'Gateway',
    action: 'update',
    route: 'PUT /api/gateways/:id',
    call: async (context, token) =>
      context.server.put(`/api/gateways/${await newGateway(context)}`, { name: `Renamed ${next()}` }, { token }),
  },
  {
    subject: 'Gateway',
    action: 'delete',
    route: 'DELETE /api/gateways/:id',
    call: async (context, token) => context.server.delete(`/api/gateways/${await newGateway(context)}`, { token }),
  },

  {
    subject: 'Template',
    action: 'read',
    route: 'GET /api/templates',
    call: ({ server }, token) => server.get('/api/templates', { token }),
  },
  {
    subject: 'Template',
    action: 'create',
    route: 'POST /api/templates',
    call: ({ server }, token) => server.post('/api/templates', { name: `Probe ${next()}`, body: 'Hello' }, { token }),
  },
  {
    subject: 'Template',
    action: 'update',
    route: 'PUT /api/templates/:id',
    call: async (context, token) => context.server.put(`/api/templates/${await newTemplate(context)}`, { body: 'Changed' }, { token }),
  },
  {
    subject: 'Template',
    action: 'delete',
    route: 'DELETE /api/templates/:id',
    call: async (context, token) => context.server.delete(`/api/templates/${await newTemplate(context)}`, { token }),
  },
  { subject: 'Segment', action: 'read', route: 'GET /api/segments', call: ({ server }, token) => server.get('/api/segments', { token }) },
  {
    subject: 'Segment',
    action: 'create',
    route: 'POST /api/segments',
    call: ({ server }, token) => server.post('/api/segments', { name: `Probe ${next()}`, definition: {} }, { token }),
  },
  {
    subject: 'Segment',
    action: 'update',
    route: 'PUT /api/segments/:id',
    call: async (context, token) =>
      context.server.put(`/api/segments/${await newSegment(context)}`, { definition: { status: 'active' } }, { token }),
  },
  {
    subject: 'Segment',
    action: 'delete',
    route: 'DELETE /api/segments/:id',
    call: async (context, token) => context.server.delete(`/api/segments/${await newSegment(context)}`, { token }),
  },
  {
    subject: 'Settings',
    action: 'read',
    route: 'GET /api/settings/messaging',
    call: ({ server }, token) => server.get('/api/settings/messaging', { token }),
  },
  {
    subject: 'Settings',
    action: 'read',
    route: 'GET /api/settings/security',
    call: ({ server }, token) => server.get('/api/settings/security', { token }),
  },
  {
    subject: 'Settings',
    action: 'update',
    route: 'PUT /api/settings/security',
    call: ({ server }, token) => server.put('/api/settings/security', { minPasswordLength: 8 }, { token }),
  },
  {
    subject: 'Settings',
    action: 'update',
    route: 'PUT /api/settings/messaging',
    call: ({ server }, token) => server.put('/api/settings/messaging', { currency: 'USD' }, { token }),
  },
  {
    subject: 'Settings',
    action: 'update',
    route: 'PUT /api/settings/maintenance',
    call: ({ server }, token) => server.put('/api/settings/maintenance', { enabled: false, message: '' }, { token }),
  },

  {
    subject: 'AuditLog',
    action: 'read',
    route: 'GET /api/audit-log',
    call: ({ server }, token) => server.get('/api/audit-log', { token }),
  },
  {
    subject: 'AuditLog',
    action: 'export',
    route: 'GET /api/audit-log/export',
    call: ({ server }, token) => server.get('/api/audit-log/export', { token }),
  },

  {
    subject: 'Report',
    action: 'read',
    route: 'GET /api/reports/campaigns',
    call: ({ server }, token) => server.get('/api/reports/campaigns', { token }),
  },
  {
    subject: 'Report',
    action: 'export',
    route: 'GET /api/reports/campaigns/export',
    call: ({ server }, token) => server.get('/api/reports/campaigns/export', { token }),
  },
  {
    subject: 'Report',
    action: 'export',
    route: 'GET /api/reports/delivery/:id/recipients/export',
    call: async (context, token) =>
      context.server.get(`/api/reports/delivery/${await campaignWithRecipient(context)}/recipients/export`, { token }),
  },
  {
    subject: 'Report',
    action: 'readPhone',
    route: 'GET /api/reports/delivery/:id/recipients (whole phone numbers)',
    call: async (context, token) =>
      context.server.get(`/api/reports/delivery/${await campaignWithRecipient(context)}/recipients`, { token }),
    shows: (body) => body.data[0]?.phone === PROBE_PHONE,
  },
  {
    subject: 'Report',
    action: 'readPhone',
    route: 'GET /api/reports/non-responders/:id (whole phone numbers)',
    call: async (context, token) => context.server.get(`/api/reports/non-responders/${await campaignWithRecipient(context)}`, { token }),
    shows: (body) => body.data[0]?.phone === PROBE_PHONE,
  },
  {
    subject: 'Report',
    action: 'readPhone',
    route: 'GET /api/reports/delivery/:id/recipients?search=<digits> (found by number)',
    call: async (context, token) =>
      context.server.get(`/api/reports/delivery/${await campaignWithRecipient(context)}/recipients?search=7700900123`, { token }),
    shows: (body) => body.total === 1,
  },
  { subject: 'Note', action: 'read', route: 'GET /api/notes', call: ({ server }, token) => server.get('/api/notes', { token }) },
  {
    subject: 'Note',
    action: 'create',
    route: 'POST /api/notes',
    call: async (context, token) =>
      context.server.post('/api/notes', { contactId: await newContact(context), body: 'Probe note' }, { token }),
  },
  {
    subject: 'Note',
    action: 'delete',
    route: "DELETE /api/notes/:id (another's note)",
    call: async (context, token) => context.server.delete(`/api/notes/${await newNote(context)}`, { token }),
  },
  {
    subject: 'Statement',
    action: 'read',
    route: 'GET /api/statements',
    call: ({ server }, token) => server.get('/api/statements', { token }),
  },
  {
    subject: 'Statement',
    action: 'create',
    route: 'POST /api/statements',
    call: ({ server }, token) => server.post('/api/statements', { month: statementMonth(), scope: 'organisation' }, { token }),
  },
  {
    subject: 'Statement',
    action: 'update',
    route: 'POST /api/statements/:id/adjustments',
    call: async (context, token) =>
      context.server.post(
        `/api/statements/${await newStatement(context)}/adjustments`,
        { kind: 'credit', amount: 1, reason: 'Probe' },
        { token },
      ),
  },
  {
    subject: 'Statement',
    action: 'export',
    route: 'GET /api/statements/:id/csv',
    call: async (context, token) => context.server.get(`/api/statements/${await newStatement(context)}/csv`, { token }),
  },
  { subject: 'Sender', action: 'read', route: 'GET /api/senders', call: ({ server }, token) => server.get('/api/senders', { token }) },
  {
    subject: 'Sender',
    action: 'create',
    route: 'POST /api/senders',
    call: ({ server }, token) => server.post('/api/senders', { kind: 'alphanumeric', value: `Probe ${next()}` }, { token }),
  },
  {
    subject: 'Sender',
    action: 'update',
    route: 'PUT /api/senders/:id',
    call: async (context, token) => context.server.put(`/api/senders/${await newSender(context)}`, { notes: 'Changed' }, { token }),
  },
];

/**
 * Cells of the matrix no API route enforces yet, and why. When a route arrives, move its cell to
 * PROBES: the test fails while a cell is in neither list, or in both.
 */
export const NOT_ROUTED_YET: ReadonlyArray<{ subject: MatrixSubject; action: MatrixAction; reason: string }> = [];
