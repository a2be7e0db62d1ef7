import { budgetSettingsResponseSchema, budgetSettingsSchema, usageQuerySchema, usageResponseSchema } from '@sms/contracts/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { getBudgetSettings } from '../usage/index.ts';
import { afterBudgetsSaved, saveBudgets } from './budgets.service.ts';
import { buildUsage } from './spend.service.ts';

const tags = ['usage'];

/** Usage and spend (/dashboards/ecommerce) and the budgets (decision 109). */
export const spendRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/usage',
    {
      config: { auth: 'required', can: ['read', 'Report'], refusal: 'You do not have permission to view usage and spend.' },
      schema: {
        tags,
        summary: 'Messages, parts, delivery, replies and opt-outs per day, week or month; spend by campaign, country, API key and user',
        description:
          'Charged messages are those a gateway accepted (any kind), priced with the current price table in the organisation currency. Dates are local to the organisation time zone.',
        querystring: usageQuerySchema,
        response: { 200: usageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => buildUsage(db, request.query),
  );

  app.get(
    '/api/budgets',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: 'You do not have permission to view the budgets.' },
      schema: { tags, summary: 'Monthly spending caps', response: { 200: budgetSettingsResponseSchema, ...errorResponses(401, 403) } },
    },
    async () => ({ budgets: await getBudgetSettings(db), currency: (await getMessagingSettings(db)).currency }),
  );

  app.put(
    '/api/budgets',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators can change the budgets.' },
      schema: {
        tags,
        summary: 'Set the monthly spending caps (admins): raising a reached cap lets launches and API sends go again',
        body: budgetSettingsSchema,
        response: { 200: budgetSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const budgets = await db.transaction(async (tx) => {
        const before = await getBudgetSettings(tx);
        const saved = await saveBudgets(tx, request.body);
        await recordAudit(tx, {
          actor,
          action: 'settings.budgets.update',
          subject: 'Settings',
          ip: request.ip,
          details: { before, after: saved },
        });
        return saved;
      });
      afterBudgetsSaved();
      return { budgets, currency: (await getMessagingSettings(db)).currency };
    },
  );
};
