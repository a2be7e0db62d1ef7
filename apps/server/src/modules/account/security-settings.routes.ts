import { securitySettingsResponseSchema, updateSecuritySettingsBodySchema, type SecuritySettings } from '@sms/contracts/security-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { deliveryChannel } from './notices/deliver.ts';
import { getSecuritySettings, updateSecuritySettings } from '../settings/index.ts';

const tags = ['settings'];
const CANNOT_READ = 'You do not have permission to view security settings.';
const ADMINS_ONLY = 'Only administrators can change security settings.';

/** Configurations -> Security (admins change it, managers read it): registration, sessions, passwords, two-step, public address. */
export const securitySettingsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Pick<Config, 'tokenTtlSeconds' | 'smtpUrl' | 'publicUrl'>;
}> = async (app, { db, config }) => {
  const answer = async (settings: SecuritySettings) => ({
    settings,
    defaultTokenLifetimeSeconds: config.tokenTtlSeconds,
    publicUrl: config.publicUrl ?? null,
    delivery: await deliveryChannel(db, { smtp: config.smtpUrl !== undefined, publicUrl: config.publicUrl }),
  });

  app.get(
    '/api/settings/security',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Security settings (admins and managers)',
        response: { 200: securitySettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      return answer(await getSecuritySettings(db));
    },
  );

  app.put(
    '/api/settings/security',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'Change security settings (admins)',
        description:
          'Any subset. tokenLifetimeSeconds (300-2592000, null = TOKEN_TTL) applies to tokens issued afterwards; minPasswordLength (8-128) to passwords ' +
          'set afterwards (register, change, reset); twoStepRequirement none | admins | everyone: accounts it covers must enrol at their next sign-in; ' +
          'publicAddress (http(s) URL or null): where password-reset links point when PUBLIC_URL is not set (without either, links are paths only).',
        body: updateSecuritySettingsBodySchema,
        response: { 200: securitySettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const settings = await db.transaction(async (tx) => {
        const before = await getSecuritySettings(tx);
        const next = await updateSecuritySettings(tx, request.body);
        const changes = Object.fromEntries(
          Object.entries(request.body)
            .filter(([key, value]) => before[key as keyof SecuritySettings] !== value)
            .map(([key, value]) => [key, { from: before[key as keyof SecuritySettings], to: value }]),
        );
        await recordAudit(tx, { actor, action: 'settings.security.update', subject: 'Settings', ip: request.ip, details: { changes } });
        return next;
      });
      return answer(settings);
    },
  );
};
