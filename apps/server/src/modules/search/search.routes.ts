import { SEARCH_GROUP_LIMIT, searchQuerySchema, searchResponseSchema } from '@sms/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { SEARCH_SOURCES } from './search-sources.ts';

/** The top-bar search: every group the user may read, asked at the same time, answered in the sources' order. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/search',
    {
      config: { auth: 'required', can: { anyone: 'each group is searched only when the role may read it' } },
      schema: {
        tags: ['search'],
        summary: 'Search contacts, campaigns and users at once (the top-bar search)',
        description:
          'Groups the user may read, at most ' +
          `${SEARCH_GROUP_LIMIT} hits each, empty groups left out. Contacts: a phone-like term matches numbers written any way ` +
          "(national ones read in the organisation's default country) exactly or by their start; other terms match the start of first name, " +
          'last name, e-mail or "first last". Campaigns: name contains the term. Users (administrators only): name contains or e-mail starts with it.',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const sources = SEARCH_SOURCES.filter((source) => source.allowed(actor));
      const country = sources.length > 0 ? (await getMessagingSettings(db)).defaultCountry : null;
      const term = { text: request.query.q, country };
      // Together: on PostgreSQL each group rides its own pooled connection (PGlite queues them).
      const answers = await Promise.all(
        sources.map(async (source) => ({ group: source.group, hits: await source.search(db, term, SEARCH_GROUP_LIMIT) })),
      );
      return { groups: answers.filter((answer) => answer.hits.length > 0) };
    },
  );
};
