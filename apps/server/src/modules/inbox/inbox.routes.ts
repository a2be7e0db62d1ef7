import {
  conversationListResponseSchema,
  conversationParamsSchema,
  listConversationsQuerySchema,
  readResponseSchema,
  replyBodySchema,
  replyResponseSchema,
  threadQuerySchema,
  threadResponseSchema,
  threadWithContactResponseSchema,
  type InboxEvent,
} from '@sms/contracts/inbox';
import { contactIdParamsSchema } from '@sms/contracts/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseAvailability } from '../../db/availability.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { EventStreams } from '../../platform/event-stream.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { keywordRuleApplicationsOf } from '../keyword-rules/index.ts';
import { presentOutboundMessage } from '../messages/index.ts';
import { InboxEvents, type InboxEventsOptions } from './inbox-events.ts';
import { inboxPolicy } from './inbox.policy.ts';
import { presentInboxContact, presentThreadMessage } from './inbox.presenter.ts';
import { contactHistory, findInboxContact, listConversations, markConversationRead, type HistoryRow } from './inbox.queries.ts';
import { sendReply } from './inbox.service.ts';

const tags = ['inbox'];
const CANNOT_READ = 'You do not have permission to use the inbox.';
const HEARTBEAT_MS = 15_000;

/** Inbox: conversations, threads, read marks, replies, live events; and a contact's message history. */
export const inboxRoutes: FastifyPluginAsyncZod<{
  db: Db;
  wake: () => void;
  events?: InboxEventsOptions;
  heartbeatMs?: number;
  availability?: DatabaseAvailability;
}> = async (app, { db, wake, events: eventOptions, heartbeatMs = HEARTBEAT_MS, availability }) => {
  /** A page of history as the API shows it, each inbound message with the keyword rules that applied to it (decision 104). */
  const presentWithRules = async (rows: HistoryRow[]) => {
    const applied = await keywordRuleApplicationsOf(
      db,
      rows.filter((row) => row.direction === 'in').map((row) => row.id),
    );
    return rows.map((row) => presentThreadMessage(row, row.direction === 'in' ? applied.get(row.id) : undefined));
  };
  const events = new InboxEvents(db, {
    ...eventOptions,
    onError: (error) => {
      if (!availability?.failed(error)) app.log.error({ err: error }, 'inbox live updates: poll failed');
    },
  });
  // Open event streams would hold the server open: they end first (EventStreams' hook), then polling stops.
  const streams = new EventStreams(app, db, heartbeatMs, availability);
  app.addHook('preClose', () => events.close());

  const findContact = async (contactId: string) => {
    const contact = await findInboxContact(db, contactId);
    if (!contact) throw new NotFound('Contact not found');
    return contact;
  };
  /** The contact of a conversation, loaded before the route is authorized (404 first). */
  const conversation = recordLoader(findContact, 'contactId');
  /** The contact whose history is read, loaded before the route is authorized. */
  const historyOf = recordLoader(findContact);

  app.get(
    '/api/inbox/conversations',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Conversations: one per contact who wrote in or was answered from the inbox, newest activity first',
        description:
          '`search` matches names, phone numbers and message text (case-insensitive, anywhere). `unread` and `optedOut` filter (true/false); ' +
          '`campaignId` keeps contacts who replied to that campaign. `unreadConversations` counts the matching conversations with unread messages.',
        querystring: listConversationsQuerySchema,
        response: { 200: conversationListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total, unreadConversations } = await listConversations(db, request.query);
      return { data: rows, total, unreadConversations };
    },
  );

  app.get(
    '/api/inbox/conversations/:contactId/messages',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ, load: conversation.load },
      schema: {
        tags,
        summary: "A conversation's thread: campaign messages, one-offs and inbound messages by time, newest first",
        description:
          'Pass `nextCursor` as `before` for older messages. Statuses are those of the outbound messages; campaign messages carry the campaign name.',
        params: conversationParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: threadWithContactResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const contact = conversation.of(request);
      const { rows, nextCursor } = await contactHistory(db, contact.id, request.query);
      return { contact: presentInboxContact(contact), data: await presentWithRules(rows), nextCursor };
    },
  );

  app.post(
    '/api/inbox/conversations/:contactId/read',
    {
      config: {
        auth: 'required',
        can: ['update', 'Inbox'],
        refusal: 'You do not have permission to update the inbox.',
        load: conversation.load,
      },
      schema: {
        tags,
        summary: 'Mark a conversation read (shared by the team)',
        params: conversationParamsSchema,
        response: { 200: readResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const contact = conversation.of(request);
      await markConversationRead(db, contact.id, actor.id);
      return { contactId: contact.id, unread: 0 };
    },
  );

  app.post(
    '/api/inbox/conversations/:contactId/reply',
    {
      config: {
        auth: 'required',
        can: ['create', 'Inbox'],
        refusal: 'You do not have permission to send replies.',
        load: conversation.load,
      },
      schema: {
        tags,
        summary: 'Send a reply to the contact through the default gateway',
        description:
          'Queued as a one-off message (kind reply); follow its status with GET /api/messages/{id} or the event stream. ' +
          '409 CONTACT_OPTED_OUT for a contact who opted out; 422 GATEWAY_UNAVAILABLE without a usable default gateway.',
        params: conversationParamsSchema,
        body: replyBodySchema,
        response: { 202: replyResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const contact = conversation.of(request);
      const message = await sendReply(db, {
        contact,
        body: request.body.body,
        templateId: request.body.templateId,
        actorId: actor.id,
        wake,
      });
      return reply.status(202).send({ message: presentOutboundMessage(message) });
    },
  );

  app.get(
    '/api/inbox/stream',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Live inbox updates (server-sent events)',
        description:
          'text/event-stream with events `inbound` ({ type, id, contactId }: a processed inbound message) and `message` ({ type, id, contactId, status }: ' +
          'a new or changed inbox reply or automatic answer), and a comment every 15 s. Authenticated with the usual bearer header: the web app reads it ' +
          'with fetch streaming, so no token ever travels in a URL (or a log line).',
        response: { 200: fileAnswer('Server-sent events, until the client leaves', 'text/event-stream'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The stream ends once the account may no longer read the inbox (role change), as once its session is revoked.
      const stream = streams.open(request, reply, { user, allowed: (fresh) => inboxPolicy.read(fresh), label: 'inbox live updates' });
      try {
        // The stream may have closed while subscribing: onClose then unsubscribes at once.
        stream.onClose(await events.subscribe((event: InboxEvent) => stream.send(event.type, event)));
      } catch (error) {
        // The browser reconnects (retry: 3000) once the database answers again.
        request.log.error({ err: error }, 'inbox live updates: could not start');
        stream.end();
      }
    },
  );

  app.get(
    '/api/contacts/:id/messages',
    {
      config: { auth: 'required', can: ['read', 'Contact'], refusal: 'You do not have permission to view contacts.', load: historyOf.load },
      schema: {
        tags: ['contacts'],
        summary: "A contact's message history: every kind of outbound message and the inbound ones, newest first",
        description: 'Account notices (reset links, sign-in codes) are never listed. Pass `nextCursor` as `before` for older messages.',
        params: contactIdParamsSchema,
        querystring: threadQuerySchema,
        response: { 200: threadResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const contact = historyOf.of(request);
      const { rows, nextCursor } = await contactHistory(db, contact.id, request.query);
      return { data: await presentWithRules(rows), nextCursor };
    },
  );
};
