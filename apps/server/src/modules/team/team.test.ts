import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions } from '../../../test/account-fixtures.ts';
import { waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, uniqueEmail, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { queryRows } from '../../db/client.ts';
import { INVITATION_QUEUE } from './invitation-mail.ts';
import { startInvitationMail } from './invitation-worker.ts';
import { createMailer } from '../email-log/index.ts';

const PASSWORD = 'Fresh-Meadow-77';
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token') ?? '';

describe('team and invitations without SMTP (the link is shown once)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
  });
  afterAll(() => server?.close());

  it('invites, lists the person as invited, and accepts once: the account is active and signs in', async () => {
    const email = uniqueEmail('invitee');
    const sent = await server.post('/api/team/invitations', { email, name: 'Ines Invitee', role: 'agent' }, { token: admin.token });
    expect(sent.status).toBe(201);
    expect(sent.body.delivery).toBe('link');
    expect(sent.body.link).toMatch(/^\/auth\/invitation\?token=[A-Za-z0-9_-]{40,}$/);
    expect(sent.body.invitation).toMatchObject({ name: 'Ines Invitee', email, role: 'agent', status: 'invited', userId: null });
    expect(sent.body.invitation.invitation.invitedBy.id).toBe(admin.user.id);
    const id = sent.body.invitation.id as string;
    // Only the hash is kept: the link is nowhere in the database.
    const token = tokenOf(sent.body.link);
    const rows = await queryRows<{ token_hash: string }>(server.database.db, sql`select token_hash from user_invitations where id = ${id}`);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await server.get(`/api/team?status=invited&search=${encodeURIComponent(email)}`, { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, data: [{ id, status: 'invited', lastSeenAt: null }] });

    const lookup = await server.post('/api/invitations/lookup', { token });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ name: 'Ines Invitee', email });

    const weak = await server.post('/api/invitations/accept', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('password');

    const accepted = await server.post('/api/invitations/accept', { token, password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(accepted.body.email).toBe(email);
    const login = await server.post('/api/users/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'agent', status: 'active', name: 'Ines Invitee' });

    const again = await server.post('/api/invitations/accept', { token, password: PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVITATION_USED', field: 'token' });
    expect((await server.post('/api/invitations/lookup', { token })).body.code).toBe('INVITATION_USED');
    expect(await auditActions(server, id)).toEqual(['user.invited']);
    expect(await auditActions(server, login.body.user.id)).toContain('user.invitation_accepted');

    // The new member is in the team, active, seen just now (signed-in requests record activity).
    await server.get('/api/users/me', { token: login.body.token });
    const member = (await server.get(`/api/team?search=${encodeURIComponent(email)}`, { token: admin.token })).body.data[0];
    expect(member).toMatchObject({ status: 'active', userId: login.body.user.id, invitation: null });
    expect(Date.now() - Date.parse(member.lastSeenAt)).toBeLessThan(60_000);
  });

  it('refuses an expired link, and a resend gives a new one (the old stops working)', async () => {
    const email = uniqueEmail('late');
    const sent = await server.post('/api/team/invitations', { email, name: 'Late Larry', role: 'viewer' }, { token: admin.token });
    const id = sent.body.invitation.id as string;
    await server.database.db.execute(sql`update user_invitations set expires_at = now() - interval '1 minute' where id = ${id}`);
    const expired = await server.post('/api/invitations/accept', { token: tokenOf(sent.body.link), password: PASSWORD });
    expect(expired.body).toMatchObject({ code: 'INVITATION_EXPIRED', field: 'token' });
    const listed = (await server.get(`/api/team?search=${encodeURIComponent(email)}`, { token: admin.token })).body.data[0];
    expect(listed.invitation.expired).toBe(true);

    const resent = await server.post(`/api/team/invitations/${id}/resend`, undefined, { token: admin.token });
    expect(resent.status).toBe(200);
    expect(resent.body.link).not.toBe(sent.body.link);
    expect(resent.body.invitation.invitation.expired).toBe(false);
    expect((await server.post('/api/invitations/lookup', { token: tokenOf(sent.body.link) })).body.code).toBe('INVITATION_INVALID');
    expect((await server.post('/api/invitations/lookup', { token: tokenOf(resent.body.link) })).status).toBe(200);
    expect(await auditActions(server, id)).toEqual(['user.invited', 'user.invitation_resent']);
  });

  it('revokes: the link says so, and the invitation is gone from the team', async () => {
    const email = uniqueEmail('revoked');
    const sent = await server.post('/api/team/invitations', { email, name: 'Rita Revoked', role: 'manager' }, { token: admin.token });
    const id = sent.body.invitation.id as string;
    expect((await server.delete(`/api/team/invitations/${id}`, { token: admin.token })).status).toBe(204);
    expect((await server.post('/api/invitations/accept', { token: tokenOf(sent.body.link), password: PASSWORD })).body.code).toBe(
      'INVITATION_REVOKED',
    );
    expect((await server.get(`/api/team?search=${encodeURIComponent(email)}`, { token: admin.token })).body.total).toBe(0);
    expect((await server.delete(`/api/team/invitations/${id}`, { token: admin.token })).status).toBe(404);
    expect((await server.post(`/api/team/invitations/${id}/resend`, undefined, { token: admin.token })).status).toBe(404);
    expect(await auditActions(server, id)).toEqual(['user.invited', 'user.invitation_revoked']);
    // The address is free again.
    expect((await server.post('/api/team/invitations', { email, name: 'Rita', role: 'agent' }, { token: admin.token })).status).toBe(201);
  });

  it('refuses an address that has an account or an open invitation (409 on email)', async () => {
    const taken = await server.post(
      '/api/team/invitations',
      { email: manager.user.email, name: 'X', role: 'agent' },
      { token: admin.token },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('email');
    const email = uniqueEmail('twice');
    await server.post('/api/team/invitations', { email, name: 'Once', role: 'agent' }, { token: admin.token });
    const twice = await server.post(
      '/api/team/invitations',
      { email: email.toUpperCase(), name: 'Twice', role: 'agent' },
      { token: admin.token },
    );
    expect(twice.status).toBe(409);
  });

  it('shows per person their availability, the conversations they hold open and the notes they wrote', async () => {
    const agent = await server.createUser('agent', { name: 'Figure Agent' });
    const contacts = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into contacts (phone, first_name) values ('+447700800101', 'One'), ('+447700800102', 'Two') returning id`,
    );
    const [one, two] = contacts.map((row) => row.id);
    // Conversations as the inbox holds them (a message came in).
    await server.database.db.execute(
      sql`insert into inbox_conversations (contact_id, last_activity_at) select id, now() from contacts where id in (${one}, ${two})`,
    );
    const member = async () =>
      (await server.get(`/api/team?search=${encodeURIComponent(agent.user.email)}`, { token: manager.token })).body.data[0];
    expect(await member()).toMatchObject({ availability: 'available', openConversations: 0, notesWritten: 0 });

    for (const contactId of [one, two])
      expect(
        (await server.request('PATCH', `/api/tickets/${contactId}`, { body: { assigneeId: agent.user.id }, token: admin.token })).status,
      ).toBe(200);
    expect((await server.request('PATCH', `/api/tickets/${two}`, { body: { status: 'resolved' }, token: agent.token })).status).toBe(200);
    for (const body of ['Called back', 'Wants a quote'])
      expect((await server.post('/api/notes', { contactId: one, body }, { token: agent.token })).status).toBe(201);
    expect((await server.put('/api/tickets/availability', { availability: 'away' }, { token: agent.token })).status).toBe(200);
    expect(await member()).toMatchObject({ availability: 'away', openConversations: 1, notesWritten: 2 });

    // The tickets' "open": a snooze whose time has passed is open again; a resolved conversation is not.
    await server.database.db.execute(
      sql`update conversation_states set status = 'snoozed', snoozed_until = now() - interval '1 minute' where contact_id = ${two}`,
    );
    expect((await member()).openConversations).toBe(2);
    // An invited person has none of these figures.
    const invited = await server.post(
      '/api/team/invitations',
      { email: uniqueEmail('figures'), name: 'No Figures', role: 'agent' },
      { token: admin.token },
    );
    expect(invited.body.invitation).toMatchObject({ availability: null, openConversations: null, notesWritten: null });
  });

  it("counts an agent's open conversations as the tickets' Mine view does: one definition, the same figure", async () => {
    const agent = await server.createUser('agent', { name: 'Mine Agent' });
    const other = await server.createUser('agent', { name: 'Other Agent' });
    const phones = Array.from({ length: 7 }, (_, i) => `+4477008002${String(i).padStart(2, '0')}`);
    const rows = await queryRows<{ id: string; phone: string }>(
      server.database.db,
      sql`insert into contacts (phone, first_name) select p, 'Mine' from unnest(${sql.param(phones)}::text[]) as p returning id, phone`,
    );
    const [open, snoozed, wokenUp, resolved, trashed, others, noConversation] = phones.map(
      (phone) => rows.find((row) => row.phone === phone)?.id ?? '',
    );
    // Every contact but the last has a conversation in the inbox.
    await server.database.db.execute(
      sql`insert into inbox_conversations (contact_id, last_activity_at) select id, now() from contacts where id = any(${sql.param([
        open,
        snoozed,
        wokenUp,
        resolved,
        trashed,
        others,
      ])}::uuid[])`,
    );
    const assign = async (contactId: string, assigneeId: string) =>
      expect((await server.request('PATCH', `/api/tickets/${contactId}`, { body: { assigneeId }, token: admin.token })).status).toBe(200);
    for (const contactId of [open, snoozed, wokenUp, resolved, trashed]) await assign(contactId ?? '', agent.user.id);
    await assign(others ?? '', other.user.id);
    // A state without a conversation (written directly: the API refuses it) is no ticket either.
    await server.database.db.execute(
      sql`insert into conversation_states (contact_id, assignee_id) values (${noConversation}, ${agent.user.id})`,
    );
    await server.database.db.execute(
      sql`update conversation_states set status = 'snoozed', snoozed_until = now() + interval '1 day' where contact_id = ${snoozed}`,
    );
    await server.database.db.execute(
      sql`update conversation_states set status = 'snoozed', snoozed_until = now() - interval '1 minute' where contact_id = ${wokenUp}`,
    );
    expect((await server.request('PATCH', `/api/tickets/${resolved}`, { body: { status: 'resolved' }, token: agent.token })).status).toBe(
      200,
    );
    await server.database.db.execute(sql`update contacts set deleted_at = now() where id = ${trashed}`);

    const teamFigure = async (account: TestAccount) =>
      (await server.get(`/api/team?search=${encodeURIComponent(account.user.email)}`, { token: admin.token })).body.data[0]
        .openConversations as number;
    const mineTotal = async (account: TestAccount) => {
      const answer = await server.get('/api/tickets?view=mine', { token: account.token });
      expect(answer.status).toBe(200);
      return answer.body.total as number;
    };
    // Open, snoozed (not resolved) and a snooze whose time has passed; not the resolved one, the
    // trashed contact's, another agent's, nor a state without a conversation.
    expect(await mineTotal(agent)).toBe(3);
    expect(await teamFigure(agent)).toBe(await mineTotal(agent));
    expect(await teamFigure(other)).toBe(await mineTotal(other));
    expect(await mineTotal(other)).toBe(1);
  });

  it('answers 401, 403, 400 and 404', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await server.get('/api/team')).status).toBe(401);
    expect((await server.post('/api/team/invitations', { email: 'a@b.test', name: 'A', role: 'agent' })).status).toBe(401);
    expect((await server.post(`/api/team/invitations/${unknown}/resend`)).status).toBe(401);
    expect((await server.delete(`/api/team/invitations/${unknown}`)).status).toBe(401);
    const agent = await server.createUser('agent');
    expect((await server.get('/api/team', { token: agent.token })).status).toBe(403);
    const refused = await server.post('/api/team/invitations', { email: 'a@b.test', name: 'A', role: 'agent' }, { token: manager.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators can invite people.');
    // The record is loaded first (404 before 403): a real invitation for the refusals.
    const open = await server.post(
      '/api/team/invitations',
      { email: uniqueEmail('open'), name: 'Open', role: 'agent' },
      { token: admin.token },
    );
    const openId = open.body.invitation.id as string;
    expect((await server.post(`/api/team/invitations/${openId}/resend`, undefined, { token: manager.token })).status).toBe(403);
    expect((await server.delete(`/api/team/invitations/${openId}`, { token: manager.token })).status).toBe(403);
    expect((await server.get('/api/team?status=gone', { token: admin.token })).body.field).toBe('status');
    const noEmail = await server.post(
      '/api/team/invitations',
      { email: 'not-an-address', name: 'A', role: 'agent' },
      { token: admin.token },
    );
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.field).toBe('email');
    expect(
      (await server.post('/api/team/invitations', { email: 'a@b.test', name: 'A', role: 'owner' }, { token: admin.token })).body.field,
    ).toBe('role');
    expect((await server.post('/api/team/invitations/nope/resend', undefined, { token: admin.token })).body.field).toBe('id');
    expect((await server.delete('/api/team/invitations/nope', { token: admin.token })).body.field).toBe('id');
    expect((await server.post(`/api/team/invitations/${unknown}/resend`, undefined, { token: admin.token })).status).toBe(404);
    expect((await server.delete(`/api/team/invitations/${unknown}`, { token: admin.token })).status).toBe(404);
    expect((await server.post('/api/invitations/lookup', {})).body.field).toBe('token');
    expect((await server.post('/api/invitations/accept', { token: 'x' })).body.field).toBe('password');
    const bogus = await server.post('/api/invitations/lookup', { token: 'not-a-real-token' });
    expect(bogus.status).toBe(400);
    expect(bogus.body.code).toBe('INVITATION_INVALID');
  });
});

describe('invitations by e-mail (SMTP_URL set)', () => {
  let smtp: SmtpPeer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const publicUrl = 'https://sms.example.test';
    server = await startTestServer({ config: { smtpUrl: smtp.url, publicUrl, mailFrom: 'no-reply@example.test' } });
    await startInvitationMail(
      server.jobs,
      { database: server.database, mailer: createMailer(smtp.url, 'no-reply@example.test', server.database.db), publicUrl },
      { pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('mails the link instead of showing it; the log keeps the invitation without its body', async () => {
    const admin = await server.createAdmin();
    const email = uniqueEmail('mailed');
    const sent = await server.post('/api/team/invitations', { email, name: 'Mia Mailed', role: 'agent' }, { token: admin.token });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ delivery: 'email', link: null });
    const mail = await waitFor(async () => smtp.received.find((item) => item.to.includes(email)), 15_000, 'the invitation e-mail');
    const data = mail.data.replace(/=\r\n/g, '');
    const token = /auth\/invitation\?token=3D([A-Za-z0-9_-]+)|auth\/invitation\?token=([A-Za-z0-9_-]+)/.exec(data);
    const value = token?.[1] ?? token?.[2];
    expect(value).toBeDefined();
    expect(data).toContain('https://sms.example.test/auth/invitation');
    expect((await server.post('/api/invitations/accept', { token: value, password: PASSWORD })).status).toBe(200);
    const log = await waitFor(
      async () => (await server.get(`/api/email-log?kind=invitation&status=sent`, { token: admin.token })).body.data[0],
      10_000,
      'the log entry',
    );
    expect(log).toMatchObject({ recipient: email, kind: 'invitation' });
    expect((await server.get(`/api/email-log/${log.id}`, { token: admin.token })).body.entry.body).toBeNull();
  });

  it('retries an invitation whose SMTP connection the peer closed mid-conversation, logging the e-mail once with its outcome', async () => {
    // The queue's 30-second first retry, shortened for the test.
    await server.jobs.boss.updateQueue(INVITATION_QUEUE, { retryDelay: 1, retryBackoff: false });
    const admin = await server.createAdmin();
    const email = uniqueEmail('dropped');
    // The peer reads the whole message, then closes the socket before it answers.
    smtp.dropAt('.');
    expect(
      (await server.post('/api/team/invitations', { email, name: 'Dora Dropped', role: 'agent' }, { token: admin.token })).status,
    ).toBe(201);
    await waitFor(async () => smtp.received.find((item) => item.to.includes(email)), 20_000, 'the invitation e-mail, tried again');
    const log = async () =>
      queryRows<{ status: string; attempts: number; error: string | null }>(
        server.database.db,
        sql`select status, attempts, error from email_log where kind = 'invitation' and recipient = ${email} order by id`,
      );
    await waitFor(async () => ((await log()).some((row) => row.status === 'sent') ? true : undefined), 10_000, 'the sent entry');
    expect(await log()).toEqual([{ status: 'sent', attempts: 2, error: null }]);
    expect(smtp.received.filter((item) => item.to.includes(email))).toHaveLength(1);
  });
});
