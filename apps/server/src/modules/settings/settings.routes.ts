import { messagingSettingsResponseSchema, updateMessagingSettingsBodySchema } from '@sms/contracts/messaging-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { authorize, currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { forgetMessagingSettings, getMessagingSettings, updateMessagingSettings } from './messaging-settings.ts';

const tags = ['settings'];

/** Organisation settings: messaging defaults (admins and managers read them; admins change them). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/settings/messaging',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Messaging defaults (administrators and managers)',
        response: { 200: messagingSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    // The policy's `read Settings` (admins and managers, who compose campaigns); the roles page
    // and its enforcement test hold the API to it.
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Settings', 'You do not have permission to view the messaging settings.');
      return { settings: await getMessagingSettings(db) };
    },
  );

  app.put(
    '/api/settings/messaging',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change messaging defaults (admins)',
        body: updateMessagingSettingsBodySchema,
        response: { 200: messagingSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      authorize(actor.role, 'update', 'Settings', 'Only administrators can change messaging settings.');
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
