import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { avatarRoutes } from './avatar.routes.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { securitySettingsRoutes } from './security-settings.routes.ts';
import { twoStepRoutes } from './two-step/two-step.routes.ts';

/** Account security: password reset, two-step verification, preferences, avatar, security settings. */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: TokenService; jobs: Jobs; config: Config }> = async (
  app,
  { db, tokens, jobs, config },
) => {
  await app.register(passwordResetRoutes, { db, jobs });
  await app.register(twoStepRoutes, { db, tokens, publicUrl: config.publicUrl });
  await app.register(preferencesRoutes, { db });
  await app.register(avatarRoutes, { db });
  await app.register(securitySettingsRoutes, { db, config });
};
