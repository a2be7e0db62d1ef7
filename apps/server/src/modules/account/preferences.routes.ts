import { updatePreferencesBodySchema } from '@sms/contracts/preferences';
import { userResponseSchema } from '@sms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentUser } from '../users/index.ts';
import { savePreferences } from './preferences.queries.ts';

/** The signed-in user's display preferences (language, direction, mode, colour theme). */
export const preferencesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.put(
    '/api/users/me/preferences',
    {
      config: { auth: 'required', can: { anyone: 'their own preferences' } },
      schema: {
        tags: ['account'],
        summary: 'Save my display preferences (applied by the web app when a session starts)',
        description:
          "Any subset of locale, direction (ltr | rtl), mode (light | dark | system) and colorTheme; null clears a choice. gettingStartedDismissed: true hides the dashboard's getting-started list for this user.",
        body: updatePreferencesBodySchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { locale, ...chosen } = request.body;
      return { user: presentUser(await savePreferences(db, user.id, chosen, locale)) };
    },
  );
};
