import {
  DEFAULT_CHANNELS,
  kindsForRole,
  listNotificationsQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  NOTIFICATION_SUBJECT,
  roleReceives,
  unreadCountResponseSchema,
  type NotificationKind,
} from '@sms/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseAvailability } from '../../db/availability.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, type UserActor } from '../../platform/auth.ts';
import { recordLoader, type Requirement } from '../../platform/authorization.ts';
import { EventStreams } from '../../platform/event-stream.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { NotificationEvents } from './notification-events.ts';
import { presentNotification } from './notifications.presenter.ts';
import {
  findOwnNotification,
  findPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  savePreferences,
  unreadCount,
} from './notifications.queries.ts';
import type { NotificationEvent } from '@sms/contracts/notification-event';

const tags = ['notifications'];
const HEARTBEAT_MS = 15_000;

/** A user's channel choices for the kinds their role receives, defaults filled in. */
async function preferencesOf(db: Db, actor: UserActor, emailAvailable: boolean) {
  const stored = await findPreferences(db, actor.id);
  const kinds = kindsForRole(actor.role).map((kind) => ({ kind, ...DEFAULT_CHANNELS, ...stored[kind] }));
  return { kinds, emailAvailable };
}

/** Every signed-in user reads their own notifications, of the kinds their role reads (decision 080). */
const OWN_NOTIFICATIONS = { anyone: 'their own notifications, of the kinds their role reads' };

/**
 * One notification of one's own, loaded first (404 for an unknown id or somebody else's), then
 * authorized by its kind: the role must read the kind's subject (a demoted user's older rows).
 */
const OWN_NOTIFICATION_OF_A_KIND_READ: readonly Requirement[] = [...new Set(Object.values(NOTIFICATION_SUBJECT))].map((subject) => ({
  can: ['read', subject],
  when: (_request, record) => NOTIFICATION_SUBJECT[(record as { kind: NotificationKind }).kind] === subject,
  refusal: 'Your role does not receive notifications of this kind.',
}));

/**
 * The bell: a signed-in user's own notifications (only the kinds their role may read: the policy
 * decides, through each kind's subject), read marks, live updates, and which kinds they want.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  emailAvailable: boolean;
  eventIntervalMs?: number;
  heartbeatMs?: number;
  availability?: DatabaseAvailability;
}> = async (app, { db, emailAvailable, eventIntervalMs, heartbeatMs = HEARTBEAT_MS, availability }) => {
  /** The caller's notification the route names, loaded before it is authorized (404 first). */
  const ownNotification = recordLoader(async (id, request) => {
    const row = await findOwnNotification(db, currentUser(request).id, id);
    if (!row) throw new NotFound('Notification not found');
    return row;
  });
  const events = new NotificationEvents(db, {
    ...(eventIntervalMs ? { intervalMs: eventIntervalMs } : {}),
    onError: (error) => {
      if (!availability?.failed(error)) app.log.error({ err: error }, 'notification live updates: poll failed');
    },
  });
  // Open event streams would hold the server open: they end first (EventStreams' hook), then polling stops.
  const streams = new EventStreams(app, db, heartbeatMs, availability);
  app.addHook('preClose', () => events.close());

  app.get(
    '/api/notifications',
    {
      config: { auth: 'required', can: OWN_NOTIFICATIONS },
      schema: {
        tags,
        summary: 'My notifications, most recently changed first, and how many are unread',
        description:
          'Only the kinds my role may read (imports: admins and managers; campaigns and replies: also agents; gateways: admins and managers). ' +
          'A replies notification counts the replies to one campaign since it was last read.',
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const kinds = kindsForRole(actor.role);
      const rows = await listNotifications(db, actor.id, kinds, request.query);
      return { data: rows.map(presentNotification), unread: await unreadCount(db, actor.id, kinds) };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { auth: 'required', can: OWN_NOTIFICATIONS },
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: { 200: unreadCountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      return { unread: await unreadCount(db, actor.id, kindsForRole(actor.role)) };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { auth: 'required', can: OWN_NOTIFICATION_OF_A_KIND_READ, load: ownNotification.load },
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: notificationParamsSchema,
        response: { 200: unreadCountResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      if (!(await markNotificationRead(db, actor.id, ownNotification.of(request).id))) throw new NotFound('Notification not found');
      return { unread: await unreadCount(db, actor.id, kindsForRole(actor.role)) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { auth: 'required', can: OWN_NOTIFICATIONS },
      schema: { tags, summary: 'Mark all my notifications read', response: { 200: unreadCountResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      await markAllNotificationsRead(db, currentUser(request).id);
      return { unread: 0 };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      config: { auth: 'required', can: OWN_NOTIFICATIONS },
      schema: {
        tags,
        summary: 'Which notifications I want, in the app and by e-mail',
        description:
          'Lists the kinds my role receives. Unset kinds: in the app, not by e-mail. E-mail is sent only when the server has SMTP (`emailAvailable`).',
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => preferencesOf(db, currentUser(request), emailAvailable),
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: { auth: 'required', can: OWN_NOTIFICATIONS },
      schema: {
        tags,
        summary: 'Choose which notifications I want, in the app and by e-mail',
        description:
          'Any subset of kinds, each `{ inApp, email }`; kinds not sent keep their choice. 400 for a kind my role does not receive.',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const kinds = request.body.kinds;
      for (const kind of Object.keys(kinds) as NotificationKind[]) {
        if (!roleReceives(actor.role, kind)) throw new ValidationError(`kinds.${kind}`, `Your role does not receive ${kind} notifications`);
      }
      await savePreferences(db, actor.id, kinds);
      return preferencesOf(db, actor, emailAvailable);
    },
  );

  app.get(
    '/api/notifications/stream',
    {
      config: { auth: 'required', can: OWN_NOTIFICATIONS },
      schema: {
        tags,
        summary: 'Live notification updates (server-sent events)',
        description:
          'text/event-stream: `notifications` ({ type, unread }) on connect and whenever my notifications change, and a comment every 15 s. ' +
          'Authenticated with the bearer header, read with fetch streaming like the inbox stream.',
        response: { 200: fileAnswer('Server-sent events, until the client leaves', 'text/event-stream'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const unread = await unreadCount(db, user.id, kindsForRole(user.role));
      const stream = streams.open(request, reply, { user, label: 'notification live updates' });
      const send = (count: number) => stream.send('notifications', { type: 'notifications', unread: count } satisfies NotificationEvent);
      send(unread);
      // The poll counts every kind in one statement for all listeners; what this user may see is counted on a change.
      const unsubscribe = events.subscribe(user.id, () => {
        unreadCount(db, user.id, kindsForRole(user.role))
          .then(send)
          .catch((error: unknown) => request.log.error({ err: error }, 'notification live updates: count failed'));
      });
      stream.onClose(unsubscribe);
    },
  );
};
