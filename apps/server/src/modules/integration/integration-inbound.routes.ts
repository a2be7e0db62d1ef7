import { apiInboundListResponseSchema, listApiInboundQuerySchema } from '@sms/contracts/integration';
import { normalisePhone } from '@sms/contracts/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { messagingSettingsForSending } from '../settings/index.ts';
import { presentApiInbound } from './integration.presenter.ts';
import { listApiInbound } from './integration-inbound.queries.ts';

const TAGS = ['integration'];

/**
 * A sender as inbound messages store it: a number read as E.164 (a national one in the default
 * country, as sends read `to`), anything else as typed (short codes, alphanumeric senders).
 */
async function storedSender(db: Db, from: string): Promise<string> {
  const defaultCountry = from.startsWith('+') ? undefined : (await messagingSettingsForSending(db)).defaultCountry;
  const phone = normalisePhone(from, defaultCountry);
  return phone.ok ? phone.e164 : from;
}

/** /api/v1/inbound: the messages people sent in (replies and others), for software holding a key with messages:read. */
export const integrationInboundRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/v1/inbound',
    {
      // Replies are messages: the scope that reads the messages they answer reads them (decision 092).
      config: { auth: 'apiKey', scope: 'messages:read' },
      schema: {
        tags: TAGS,
        summary: 'Inbound messages (replies), newest first (cursor pagination)',
        description:
          'Every message received, with its contact and, when it was matched as a reply, the message it answers (and that message’s campaign). Filter by sender (from) and arrival time (since); pass nextCursor as cursor for the next page.',
        querystring: listApiInboundQuerySchema,
        response: { 200: apiInboundListResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { limit, from, ...filter } = request.query;
      const sender = from === undefined ? undefined : await storedSender(db, from);
      const rows = await listApiInbound(db, { ...filter, from: sender, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return { data: page.map(presentApiInbound), nextCursor: rows.length > limit ? String(page.at(-1)?.id) : null };
    },
  );
};
