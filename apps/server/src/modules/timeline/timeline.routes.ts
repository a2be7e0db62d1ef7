import { timelineQuerySchema, timelineResponseSchema } from '@sms/contracts/contact-timeline';
import { contactIdParamsSchema } from '@sms/contracts/contacts';
import { roleCan } from '@sms/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { cursorAfter, parseCursor, presentTimelineItem } from './timeline.presenter.ts';
import { timelineContactExists, timelinePage } from './timeline.queries.ts';

/** A contact's timeline: every event about the contact, newest first (decision 102). */
export const timelineRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/contacts/:id/timeline',
    {
      config: {
        auth: 'required',
        can: ['read', 'Contact'],
        refusal: 'You do not have permission to view contacts.',
        load: async (request) => {
          const { id } = request.params as { id: string };
          if (!(await timelineContactExists(db, id))) throw new NotFound('Contact not found');
          return id;
        },
      },
      schema: {
        tags: ['contacts'],
        summary:
          "A contact's timeline: creation or import, messages and their outcome, replies, consent, notes, conversation assignment and status changes (newest first, paged)",
        params: contactIdParamsSchema,
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const cursor = request.query.before === undefined ? null : parseCursor(request.query.before);
      if (request.query.before !== undefined && !cursor)
        throw new ValidationError('before', 'before must be a cursor from an earlier page');
      const { limit } = request.query;
      const rows = await timelinePage(db, request.params.id, {
        limit,
        cursor,
        without: roleCan(currentUser(request).role, 'read', 'Note') ? [] : ['notes'],
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { data: page.map(presentTimelineItem), next: rows.length > limit && last ? cursorAfter(last) : null };
    },
  );
};
