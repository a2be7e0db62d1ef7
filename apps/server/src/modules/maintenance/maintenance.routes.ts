import { maintenanceStatusSchema, updateMaintenanceBodySchema } from '@sms/contracts/maintenance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { saveMaintenance, type MaintenanceState } from './maintenance-state.ts';

const tags = ['maintenance'];

/** Maintenance mode: its public status, and the administrators' switch. */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ db: Db; state: MaintenanceState }> = async (app, { db, state }) => {
  app.get(
    '/api/maintenance',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Whether maintenance mode is on, and its message (public; the maintenance page polls it)',
        response: { 200: maintenanceStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return state.current();
    },
  );

  app.put(
    '/api/settings/maintenance',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators can switch maintenance mode.' },
      schema: {
        tags,
        summary: 'Switch maintenance mode on or off (administrators)',
        description:
          'While it is on, every API call by anyone else answers 503 with code MAINTENANCE and the message, except sign-in, health, brand and the Twilio webhooks.',
        body: updateMaintenanceBodySchema,
        response: { 200: maintenanceStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const status = { enabled: request.body.enabled, message: request.body.message };
      const previous = await state.current();
      await db.transaction(async (tx) => {
        await saveMaintenance(tx, status);
        await recordAudit(tx, {
          actor,
          action: status.enabled ? 'settings.maintenance.on' : 'settings.maintenance.off',
          subject: 'Settings',
          ip: request.ip,
          details: { message: status.message, wasEnabled: previous.enabled },
        });
      });
      state.remember(status);
      return status;
    },
  );
};
