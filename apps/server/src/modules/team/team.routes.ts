import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  invitationIdParamsSchema,
  invitationLookupBodySchema,
  invitationLookupResponseSchema,
  invitationSentResponseSchema,
  inviteBodySchema,
  teamListResponseSchema,
  teamQuerySchema,
} from '@sms/contracts/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { errorResponses } from '../../platform/openapi.ts';
import {
  acceptInvitation,
  invite,
  lookUpInvitation,
  resendInvitation,
  withdrawInvitation,
  type InvitationSent,
} from './invitations.service.ts';
import { findOpenInvitation } from './invitations.queries.ts';
import { presentTeamMember } from './team.presenter.ts';
import { findTeamMember, listTeam } from './team.queries.ts';

const tags = ['team'];
const CANNOT_INVITE = 'Only administrators can invite people.';

/** The team (/apps/friends): the staff directory and invitations by e-mail; the public page that accepts one. */
export const teamRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: Jobs; smtp: boolean; publicUrl: string | undefined }> = async (
  app,
  { db, jobs, smtp, publicUrl },
) => {
  const ctx = { db, jobs, smtp, publicUrl };
  const invitation = recordLoader(async (id) => {
    const row = await findOpenInvitation(db, id);
    if (!row) throw new NotFound('Invitation not found');
    return row;
  });
  const present = async (sent: InvitationSent) => {
    const member = await findTeamMember(db, sent.invitation.id);
    if (!member) throw new NotFound('Invitation not found');
    return { invitation: presentTeamMember(member), delivery: sent.delivery, link: sent.link };
  };

  app.get(
    '/api/team',
    {
      config: { auth: 'required', can: ['read', 'User'], refusal: 'You do not have permission to view the team.' },
      schema: {
        tags,
        summary: 'The team: accounts and open invitations, by name (admins and managers)',
        querystring: teamQuerySchema,
        response: { 200: teamListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listTeam(db, request.query);
      return { data: rows.map(presentTeamMember), total };
    },
  );

  app.post(
    '/api/team/invitations',
    {
      config: { auth: 'required', can: ['create', 'User'], refusal: CANNOT_INVITE },
      schema: {
        tags,
        summary: 'Invite someone to the team (admins)',
        description:
          'With SMTP_URL the person gets an e-mail with a link to set their password (72 hours, once). Without, the answer carries the link (delivery "link"): ' +
          'it is shown this once and never stored. 409 (field email) when the address has an account or an open invitation.',
        body: inviteBodySchema,
        response: { 201: invitationSentResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const sent = await invite(ctx, { actor: currentUser(request), body: request.body, ip: request.ip });
      return reply.status(201).send(await present(sent));
    },
  );

  app.post(
    '/api/team/invitations/:id/resend',
    {
      config: { auth: 'required', can: ['create', 'User'], refusal: CANNOT_INVITE, load: invitation.load },
      schema: {
        tags,
        summary: 'Send an open invitation again with a new link (admins)',
        description: 'The earlier link stops working and the 72 hours start again.',
        params: invitationIdParamsSchema,
        response: { 200: invitationSentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      present(await resendInvitation(ctx, { actor: currentUser(request), invitation: invitation.of(request), ip: request.ip })),
  );

  app.delete(
    '/api/team/invitations/:id',
    {
      config: { auth: 'required', can: ['create', 'User'], refusal: CANNOT_INVITE, load: invitation.load },
      schema: {
        tags,
        summary: 'Withdraw an open invitation (admins)',
        params: invitationIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await withdrawInvitation(db, { actor: currentUser(request), invitation: invitation.of(request), ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/invitations/lookup',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Who an invitation link is for (the page that accepts it)',
        description: '400 on token: INVITATION_INVALID, INVITATION_EXPIRED, INVITATION_USED or INVITATION_REVOKED.',
        body: invitationLookupBodySchema,
        response: { 200: invitationLookupResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const row = await lookUpInvitation(db, request.body.token);
      return { name: row.name, email: row.email, expiresAt: row.expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Accept an invitation: set the password, activate the account',
        description:
          'The password follows the configured rules (400 on password). The link works once. 400 on token as for the lookup; 409 when an account with the address appeared meanwhile.',
        body: acceptInvitationBodySchema,
        response: { 200: acceptInvitationResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const user = await acceptInvitation(db, { token: request.body.token, password: request.body.password, ip: request.ip });
      return { email: user.email, message: 'Your account is ready. Sign in with your new password.' };
    },
  );
};
