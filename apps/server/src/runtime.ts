import { join } from 'node:path';
import type { Config } from './config.ts';
import { backoffDelay, describeDatabaseError, isDatabaseUnavailable } from './db/availability.ts';
import type { Database } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { backupBeforeMigrating, backupDirectory } from './modules/backups/index.ts';
import { backfillMessagePrices } from './modules/usage/index.ts';
import type { MessagingEngine } from './modules/messaging/index.ts';
import type { GatewayLogger } from './gateways/gateway.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { startMetricsServer, watchDatabaseForMetrics } from './platform/metrics-server.ts';
import { setOutboundPolicy } from './platform/outbound-address.ts';
import { checkInstallationDirectories, makeOwnerOnlyDirectory } from './platform/private-directories.ts';
import { createSending } from './sending.ts';

/**
 * Opens the configured database (PGlite under DATA_DIR/pglite, or DATABASE_URL) and migrates it.
 * A PostgreSQL that cannot be reached yet (the host booting, a failover under way) is waited for,
 * said once, with capped backoff: only a bad address, bad credentials or a missing database end
 * the start (describeStartupError). First DATA_DIR and BACKUP_DIR are checked: a folder other users
 * may read stops the start (platform/private-directories.ts).
 */
export async function openMigratedDatabase(
  config: Config,
  logger: Pick<GatewayLogger, 'warn' | 'info'> = consoleStartupLogger,
): Promise<Database> {
  if (!config.databaseUrl) makeOwnerOnlyDirectory(config.dataDir);
  checkInstallationDirectories(config);
  let waitingSince: number | undefined;
  for (let attempt = 1; ; attempt++) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
    try {
      // Embedded: a copy of the data as it was before a new version changes its schema.
      if (database.driver === 'pglite') await backupBeforeMigrating(database, backupDirectory(config));
      await database.migrate();
      // Once after migration 0047: the messages sent before it get their price (decision 118).
      await backfillMessagePrices(database.db);
      if (waitingSince !== undefined) logger.info({}, `Database reachable after ${Math.round((Date.now() - waitingSince) / 1000)} s`);
      return database;
    } catch (error) {
      await database.close().catch(() => {});
      if (database.driver !== 'postgres' || !isDatabaseUnavailable(error)) throw error;
      if (waitingSince === undefined) {
        waitingSince = Date.now();
        logger.warn({}, `Waiting for the database (${describeDatabaseError(error)}); retrying until it answers`);
      }
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, 500, 5_000)));
    }
  }
}

const consoleStartupLogger: Pick<GatewayLogger, 'warn' | 'info'> = {
  warn: (_details, message) => console.warn(message),
  info: (_details, message) => console.info(message),
};

/** Creates the job runner for a database; `supervise` runs pg-boss maintenance in this process. */
export function jobsFor(database: Database, supervise: boolean): Jobs {
  return createJobs(database, { supervise });
}

/**
 * The sending engine of a worker process, with its subscribers and deliverers (sending.ts). On
 * PGlite, fan-out chunks are smaller: the single connection serves API requests between them.
 */
export function engineFor(database: Database, config: Config, logger: GatewayLogger, jobs: Jobs): MessagingEngine {
  setOutboundPolicy({ allowLinkLocal: config.allowLinkLocalOutbound });
  return createSending({
    database,
    logger,
    publicUrl: config.publicUrl,
    twilioApiBaseUrl: config.twilioApiBaseUrl,
    allowPrivateWebhooks: config.allowPrivateWebhookUrls,
    jobs,
    emailAvailable: Boolean(config.smtpUrl),
    options: {
      ...config.dispatch,
      // Scaled out, a dead worker's batch comes back within a short lease; embedded, the process
      // is the only one (what a dead one claimed is taken back at start), so the lease can be long.
      leaseSeconds: config.dispatch.leaseSeconds ?? (database.driver === 'pglite' ? 120 : 15),
      fanoutChunk: database.driver === 'pglite' ? 20_000 : 100_000,
    },
    recoverClaimsAtStart: database.driver === 'pglite',
  });
}

/** A readable one-line reason for a start-up failure (the usual one: database unreachable). */
export function describeStartupError(error: unknown, config: Config): string {
  if (error instanceof Error && (error.name === 'DataDirectoryLocked' || error.name === 'DirectoryOpenToOthers')) return error.message;
  const code = (error as { code?: string } | undefined)?.code;
  if (config.databaseUrl && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '3D000' || code === '28P01')) {
    const target = config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@');
    return `Cannot use the database at ${target} (${code}): ${(error as Error).message}`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Serves this process's metrics on METRICS_PORT (nothing when unset; decision 091). Answers how to
 * stop it. A port already taken ends the start like the API's own port does.
 */
export async function serveMetrics(config: Config, database: Database): Promise<() => Promise<void>> {
  watchDatabaseForMetrics(database);
  if (config.metricsPort === undefined) return async () => {};
  const server = await startMetricsServer({ port: config.metricsPort, host: config.host });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.metricsPort;
  console.info(`Metrics on http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/metrics`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
