import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { ApiKeyAccess, apiKeysRoutes } from './modules/api-keys/index.ts';
import { auditLogRoutes } from './modules/audit-log/index.ts';
import { backupDirectory, backupsRoutes, backupStreamRoutes } from './modules/backups/index.ts';
import { accountRoutes, sessionRoutes } from './modules/account/index.ts';
import { settingsRoutes, tokenLifetimeOverride } from './modules/settings/index.ts';
import { brandRoutes } from './modules/brand/index.ts';
import { campaignsRoutes } from './modules/campaigns/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { spendRoutes } from './modules/spend/index.ts';
import { contactsRoutes } from './modules/contacts/index.ts';
import { httpCallbackRoutes } from './gateways/http/http-callbacks.routes.ts';
import { kannelCallbackRoutes } from './gateways/kannel/kannel-callbacks.routes.ts';
import { twilioWebhookRoutes } from './gateways/twilio/twilio-webhooks.routes.ts';
import { gatewaysRoutes, httpCallbackGateway, kannelCallbackToken, twilioAuthToken } from './modules/gateways/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { rolesRoutes } from './modules/roles/index.ts';
import { importLimits, importsRoutes, uploadStoreFor } from './modules/imports/index.ts';
import { inboxRoutes } from './modules/inbox/index.ts';
import { keywordRulesRoutes } from './modules/keyword-rules/index.ts';
import { integrationContactsRoutes, integrationInboundRoutes, integrationMessagesRoutes } from './modules/integration/index.ts';
import { createMaintenanceState, maintenanceRoutes, registerMaintenanceGuard } from './modules/maintenance/index.ts';
import { messagesRoutes } from './modules/messages/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { pricingRoutes, publicPageMeta, publicSiteRoutes, webMessagesRoutes } from './modules/public-site/index.ts';
import { archiveRoutes, archiveStaffRoutes } from './modules/archive/index.ts';
import { integrationReportsRoutes, reportsRoutes } from './modules/reports/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { segmentsRoutes } from './modules/segments/index.ts';
import { templatesRoutes } from './modules/templates/index.ts';
import { assignableAgents, ticketsRoutes } from './modules/tickets/index.ts';
import { statementsRoutes } from './modules/statements/index.ts';
import { sendersRoutes } from './modules/senders/index.ts';
import { notesRoutes } from './modules/notes/index.ts';
import { timelineRoutes } from './modules/timeline/index.ts';
import { webhookSink } from './modules/messaging/index.ts';
import { registerRateLimitHeaders } from './platform/rate-limit-headers.ts';
import { registerRequestMetrics } from './platform/request-metrics.ts';
import { usersRoutes } from './modules/users/index.ts';
import { webhooksRoutes } from './modules/webhooks/index.ts';
import { emailLogRoutes } from './modules/email-log/index.ts';
import { teamRoutes } from './modules/team/index.ts';
import { followersRoutes } from './modules/followers/index.ts';
import { galleryRoutes } from './modules/gallery/index.ts';
import { registerAuthentication } from './platform/auth.ts';
import { registerAuthorization } from './platform/authorization.ts';
import { registerDatabaseGuard } from './platform/database-guard.ts';
import { registerDeniedAudit } from './platform/denied-audit.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { registerJsonParser, validatorCompiler } from './platform/input-rules.ts';
import type { Jobs } from './platform/jobs.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { setOutboundPolicy } from './platform/outbound-address.ts';
import { requestBudgets } from './platform/request-budget.ts';
import { registerSecurity } from './platform/security.ts';
import { ensureGeneratedJwtSecret } from './platform/settings.ts';
import { registerStaticWeb } from './platform/static-web.ts';
import { createTokenService } from './platform/tokens.ts';
import { domainEvents } from './sending.ts';

export interface AppDeps {
  /** An open, migrated database. The caller closes it after the app. */
  database: Database;
  /** The started job runner (readiness reports on it). The caller stops it. */
  jobs: Jobs;
  /** Fastify logger options; defaults to JSON logs at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Tells this process's sending engine there is work (embedded mode); workers elsewhere poll. */
  wakeDispatcher?: () => void;
  /** Tells it a one-off message was queued (API send, reply, code): only its priority lane looks. */
  wakeOneOffs?: () => void;
  /** Test seam: how often inbox event streams ping and re-check their session (default 15 s). */
  inboxHeartbeatMs?: number;
  /** Embedded server: the token `npm run backup` presents to ask this process for a backup. */
  backupToken?: string;
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
  setOutboundPolicy({ allowLinkLocal: config.allowLinkLocalOutbound });
  const jwtSecret = config.jwtSecret ?? (await ensureGeneratedJwtSecret(db));
  // New tokens live as long as the admins' setting says (Configurations -> Security), else TOKEN_TTL.
  const tokens = createTokenService(jwtSecret, config.tokenTtlSeconds, () => tokenLifetimeOverride(db));

  // Infrastructure.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestMetrics(app);
  registerRateLimitHeaders(app);
  registerErrorHandler(app, deps.database.availability);
  // Before authentication and the request budgets: while the database is away they could not answer.
  registerDatabaseGuard(app, deps.database.availability);
  await registerSecurity(app);
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  // Verified keys and their last uses, kept briefly in this process (decision 045); written on close.
  const apiKeys = new ApiKeyAccess(db, { onError: (error) => app.log.error({ err: error }, 'could not record API key uses') });
  app.addHook('onClose', () => apiKeys.close());
  registerAuthentication(app, { db, tokens, apiKeys: apiKeys.resolve, budgets: requestBudgets(config.rateLimits) });
  const declarations = registerAuthorization(app);
  registerDeniedAudit(app, db);
  // After authentication (it needs the caller's role), before every route.
  const maintenance = createMaintenanceState(db);
  registerMaintenanceGuard(app, maintenance);

  // Domain modules.
  await app.register(healthRoutes, { database: deps.database, jobs: deps.jobs });
  await app.register(rolesRoutes, { declarations });
  await app.register(sessionRoutes, { db, tokens, publicUrl: config.publicUrl });
  await app.register(usersRoutes, { db, tokens });
  await app.register(accountRoutes, { db, tokens, jobs: deps.jobs, config });
  await app.register(brandRoutes, { db, publicUrl: config.publicUrl });
  await app.register(contactsRoutes, { db });
  await app.register(importsRoutes, {
    db,
    jobs: deps.jobs,
    limits: importLimits(config.importLimits),
    uploads: uploadStoreFor(deps.database, config.dataDir),
  });
  await app.register(gatewaysRoutes, { db, publicUrl: config.publicUrl, twilioApiBaseUrl: config.twilioApiBaseUrl });
  // A queued one-off wakes only the priority lane; an engine that cannot tell them apart wakes whole.
  const wakeOneOffs = deps.wakeOneOffs ?? deps.wakeDispatcher ?? (() => {});
  await app.register(campaignsRoutes, { db, wake: deps.wakeDispatcher ?? (() => {}) });
  await app.register(templatesRoutes, { db });
  await app.register(segmentsRoutes, { db });
  await app.register(keywordRulesRoutes, { db, assignable: assignableAgents });
  await app.register(messagesRoutes, { db });
  await app.register(inboxRoutes, {
    db,
    wake: wakeOneOffs,
    availability: deps.database.availability,
    ...(deps.inboxHeartbeatMs ? { heartbeatMs: deps.inboxHeartbeatMs } : {}),
  });
  await app.register(settingsRoutes, { db });
  await app.register(ticketsRoutes, { db });
  await app.register(statementsRoutes, { db });
  await app.register(sendersRoutes, { db, publicUrl: config.publicUrl, twilioApiBaseUrl: config.twilioApiBaseUrl });
  await app.register(publicSiteRoutes, { db, jobs: deps.jobs });
  await app.register(webMessagesRoutes, { db, wake: wakeOneOffs, jobs: deps.jobs, smtp: Boolean(config.smtpUrl) });
  await app.register(pricingRoutes, { db });
  await app.register(archiveRoutes, { db, publicUrl: config.publicUrl });
  await app.register(archiveStaffRoutes, { db });
  await app.register(maintenanceRoutes, { db, state: maintenance });
  await app.register(auditLogRoutes, { db });
  await app.register(backupsRoutes, { database: deps.database, directory: backupDirectory(config) });
  await app.register(apiKeysRoutes, { db, access: apiKeys });
  await app.register(integrationMessagesRoutes, { db, wake: wakeOneOffs, allowPrivate: config.allowPrivateWebhookUrls });
  await app.register(integrationContactsRoutes, { db });
  await app.register(integrationInboundRoutes, { db });
  await app.register(integrationReportsRoutes, { db });
  await app.register(webhooksRoutes, { db, allowPrivate: config.allowPrivateWebhookUrls });
  await app.register(reportsRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(spendRoutes, { db });
  await app.register(followersRoutes, { db });
  await app.register(galleryRoutes, { db });
  await app.register(notificationsRoutes, { db, emailAvailable: Boolean(config.smtpUrl), availability: deps.database.availability });
  await app.register(searchRoutes, { db });
  await app.register(notesRoutes, { db, emailAvailable: Boolean(config.smtpUrl) });
  await app.register(timelineRoutes, { db });
  await app.register(twilioWebhookRoutes, {
    publicUrl: config.publicUrl,
    sink: webhookSink(db, domainEvents({ emailAvailable: Boolean(config.smtpUrl) })),
    resolveGateway: (id) => twilioAuthToken(db, id),
  });
  await app.register(kannelCallbackRoutes, {
    sink: webhookSink(db, domainEvents({ emailAvailable: Boolean(config.smtpUrl) })),
    resolveGateway: (id) => kannelCallbackToken(db, id),
  });
  await app.register(httpCallbackRoutes, {
    sink: webhookSink(db, domainEvents({ emailAvailable: Boolean(config.smtpUrl) })),
    resolveGateway: (id) => httpCallbackGateway(db, id),
  });
  await app.register(emailLogRoutes, { db });
  await app.register(teamRoutes, { db, jobs: deps.jobs, smtp: Boolean(config.smtpUrl), publicUrl: config.publicUrl });
  if (deps.backupToken) await app.register(backupStreamRoutes, { database: deps.database, token: deps.backupToken });
  if (deps.extraRoutes) await app.register(async (scope) => deps.extraRoutes?.(scope));

  // The web app last: its not-found handler is the SPA fallback and the JSON 404 for /api.
  await registerStaticWeb(app, config.webDist, publicPageMeta(db, config.publicUrl));
  return app;
}
