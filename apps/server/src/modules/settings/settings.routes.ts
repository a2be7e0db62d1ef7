import { messagingSettingsResponseSchema, updateMessagingSettingsBodySchema } from '@sms/contracts/messaging-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { forgetMessagingSettings, getMessagingSettings, updateMessagingSettings } from './messaging-settings.ts';

const tags = ['settings'];

/** Organisation settings: messaging defaults (admins and managers read them; admins change them). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/settings/messaging',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: 'You do not have permission to view the messaging settings.' },
      schema: {
        tags,
        summary: 'Messaging defaults (administrators and managers)',
        response: { 200: messagingSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    // The policy's `read Settings` (admins and managers, who compose campaigns); the roles page
    // and its enforcement test hold the API to it.
    async () => {
      return { settings: await getMessagingSettings(db) };
    },
  );

  app.put(
    '/api/settings/messaging',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators can change messaging settings.' },
      schema: {
        tags,
        summary: 'Change messaging defaults (admins)',
        body: updateMessagingSettingsBodySchema,
        response: { 200: messagingSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const settings = await db.transaction(async (tx) => {
        const next = await updateMessagingSettings(tx, request.body);
        await recordAudit(tx, {
          actor,
          action: 'settings.messaging.update',
          subject: 'Settings',
          ip: request.ip,
          details: { changes: request.body },
        });
        return next;
      });
      forgetMessagingSettings();
      return { settings };
    },
  );
};
