import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { brandRoutes } from './modules/brand/brand.routes.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { importLimits } from './modules/imports/limits.ts';
import { sessionRoutes } from './modules/users/session.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { registerAuthentication } from './platform/auth.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import type { Jobs } from './platform/jobs.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerSecurity } from './platform/security.ts';
import { ensureGeneratedJwtSecret } from './platform/settings.ts';
import { registerStaticWeb } from './platform/static-web.ts';
import { createTokenService } from './platform/tokens.ts';

export interface AppDeps {
  /** An open, migrated database. The caller closes it after the app. */
  database: Database;
  /** The started job runner (readiness reports on it). The caller stops it. */
  jobs: Jobs;
  /** Fastify logger options; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Global per-IP requests per minute (default 600). */
  rateLimitPerMinute?: number;
  /** Test seam: extra routes registered after the domain modules. */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

/** Builds the HTTP application: infrastructure plugins -> domain modules -> static web app. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // UUIDs stay unique across processes, so a request id from a log line finds one request.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  const { db } = deps.database;
  const jwtSecret = config.jwtSecret ?? (await ensureGeneratedJwtSecret(db));
  const tokens = createTokenService(jwtSecret, config.tokenTtlSeconds);

  // Infrastructure.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // HTTP clients often send `Content-Type: application/json` on body-less requests (logout,
  // delete): treat an empty body as no body instead of a 400. Otherwise Fastify's own parser,
  // with its prototype-poisoning protection.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  await registerSecurity(app, { rateLimitPerMinute: deps.rateLimitPerMinute ?? 600 });
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  registerAuthentication(app, { db, tokens });

  // Domain modules.
  await app.register(healthRoutes, { database: deps.database, jobs: deps.jobs });
  await app.register(sessionRoutes, { db, tokens });
  await app.register(usersRoutes, { db, tokens });
  await app.register(brandRoutes, { db, publicUrl: config.publicUrl });
  await app.register(contactsRoutes, { db });
  await app.register(importsRoutes, { db, jobs: deps.jobs, limits: importLimits(config.importLimits) });
  if (deps.extraRoutes) await app.register(async (scope) => deps.extraRoutes?.(scope));

  // The web app last: its not-found handler is the SPA fallback and the JSON 404 for /api.
  await registerStaticWeb(app, config.webDist);
  return app;
}
