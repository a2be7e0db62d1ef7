import { dashboardQuerySchema, dashboardSchema } from '@sms/contracts/dashboard';
import { roleCan } from '@sms/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { buildDashboard, dashboardCache } from './dashboard.service.ts';

const tags = ['dashboard'];

/** How long one process reuses a computed dashboard (per time zone and reply visibility). */
export const DASHBOARD_CACHE_MS = 2_000;

/** The SMS dashboard's figures (`read Dashboard`: every role; recent replies only for inbox readers). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db; cacheMs?: number }> = async (app, { db, cacheMs = DASHBOARD_CACHE_MS }) => {
  const cached = dashboardCache(cacheMs);
  app.get(
    '/api/dashboard',
    {
      config: { auth: 'required', can: ['read', 'Dashboard'], refusal: 'You do not have permission to view the dashboard.' },
      schema: {
        tags,
        summary:
          'Dashboard figures: contacts, messages today / 7 / 30 days, rates, opt-outs, active and scheduled campaigns, recent replies',
        description: `Message windows count the campaigns launched in the window (from the per-campaign counters). Answers may be up to ${DASHBOARD_CACHE_MS / 1000} s old.`,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { role } = currentUser(request);
      const timeZone = request.query.timeZone ?? (await getMessagingSettings(db)).timeZone;
      const repliesVisible = roleCan(role, 'read', 'Inbox');
      return cached(`${timeZone}|${repliesVisible}`, () => buildDashboard(db, { timeZone, repliesVisible }));
    },
  );
};
