import {
  availabilityBodySchema,
  availabilityResponseSchema,
  ticketAgentsResponseSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketParamsSchema,
  ticketReportQuerySchema,
  ticketReportResponseSchema,
  ticketResponseSchema,
  ticketSettingsSchema,
  updateTicketBodySchema,
} from '@sms/contracts/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentTicket, presentTicketReport, presentTicketRow } from './tickets.presenter.ts';
import { findTicket, getAvailability, listAgents, listTickets, ticketReportFigures } from './tickets.queries.ts';
import { AGENT_ROLES, changeAvailability, readTicketSettings, saveTicketSettings, updateTicket } from './tickets.service.ts';

const tags = ['tickets'];
const CANNOT_READ = 'You do not have permission to use the inbox.';
const CANNOT_CHANGE = 'Only staff who may answer in the inbox change conversations.';

/** Conversations as tickets: the list and its views, one conversation's state and its changes, agents, availability, settings, the report. */
export const ticketsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const find = async (contactId: string) => {
    const row = await findTicket(db, contactId);
    if (!row) throw new NotFound('Conversation not found');
    return row;
  };
  /** The conversation a route acts on, loaded before it is authorized (404 first). */
  const ticket = recordLoader(find, 'contactId');

  app.get(
    '/api/tickets',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Conversations as tickets, newest activity first',
        description:
          '`view`: mine (assigned to me), unassigned, all (every conversation not resolved) or resolved. A snoozed conversation whose time has passed is open. ' +
          'Filters: `status`, `priority`, `label`, `campaignId` (contacts who replied to that campaign).',
        querystring: ticketListQuerySchema,
        response: { 200: ticketListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listTickets(db, { ...request.query, userId: currentUser(request).id });
      return { data: rows.map(presentTicketRow), total };
    },
  );

  app.get(
    '/api/tickets/agents',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Staff a conversation may be assigned to (active, may answer in the inbox), with their availability',
        response: { 200: ticketAgentsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listAgents(db, AGENT_ROLES) }),
  );

  app.get(
    '/api/tickets/report',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'First response and resolution times (medians, in seconds) per agent and per label',
        description:
          'Rounds of conversations opened in the last `days` days: a round starts with the first message of a conversation or the reply that reopened it. ' +
          'First response: the first inbox reply sent by staff in the round; resolution: the first time it was set resolved.',
        querystring: ticketReportQuerySchema,
        response: { 200: ticketReportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => presentTicketReport(request.query.days, await ticketReportFigures(db, request.query.days)),
  );

  app.get(
    '/api/tickets/settings',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Tickets settings: automatic round-robin assignment of new conversations',
        response: { 200: ticketSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readTicketSettings(db),
  );

  app.put(
    '/api/tickets/settings',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators change the tickets settings.' },
      schema: {
        tags,
        summary: 'Change the tickets settings',
        body: ticketSettingsSchema,
        response: { 200: ticketSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveTicketSettings(db, { actor: currentUser(request), ip: request.ip, settings: request.body }),
  );

  app.get(
    '/api/tickets/availability',
    {
      config: { auth: 'required', can: { anyone: 'their own availability' } },
      schema: {
        tags,
        summary: "The signed-in user's availability for new conversations",
        response: { 200: availabilityResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ availability: await getAvailability(db, currentUser(request).id) }),
  );

  app.put(
    '/api/tickets/availability',
    {
      config: { auth: 'required', can: { anyone: 'their own availability' } },
      schema: {
        tags,
        summary: "Set the signed-in user's availability (away: round-robin passes them by)",
        body: availabilityBodySchema,
        response: { 200: availabilityResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await changeAvailability(db, { actor: currentUser(request), ip: request.ip, availability: request.body.availability });
      return { availability: request.body.availability };
    },
  );

  app.get(
    '/api/tickets/:contactId',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ, load: ticket.load },
      schema: {
        tags,
        summary: "A conversation's status, assignee, labels and priority",
        params: ticketParamsSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ ticket: presentTicket(ticket.of(request)) }),
  );

  app.patch(
    '/api/tickets/:contactId',
    {
      config: { auth: 'required', can: ['create', 'Inbox'], refusal: CANNOT_CHANGE, load: ticket.load },
      schema: {
        tags,
        summary: "Change a conversation's status, assignee, labels or priority",
        description:
          'Any of the fields; `snoozedUntil` (a future time) goes with status snoozed; `assigneeId` null unassigns, else names an active user who may answer in the inbox. ' +
          'Each change is kept in the conversation history and audited.',
        params: ticketParamsSchema,
        body: updateTicketBodySchema,
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { contactId } = ticket.of(request);
      await updateTicket(db, { actor: currentUser(request), ip: request.ip, contactId, body: request.body });
      return { ticket: presentTicket(await find(contactId)) };
    },
  );
};
