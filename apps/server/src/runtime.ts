import { join } from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { backupBeforeMigrating, backupDirectory } from './modules/backups/index.ts';
import { createMessagingEngine, type MessagingEngine } from './modules/messaging/index.ts';
import type { GatewayLogger } from './gateways/gateway.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { setOutboundPolicy } from './platform/outbound-address.ts';

/** Opens the configured database (PGlite under DATA_DIR/pglite, or DATABASE_URL) and migrates it. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    // Embedded: a copy of the data as it was before a new version changes its schema.
    if (database.driver === 'pglite') await backupBeforeMigrating(database, backupDirectory(config));
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/** Creates the job runner for a database; `supervise` runs pg-boss maintenance in this process. */
export function jobsFor(database: Database, supervise: boolean): Jobs {
  return createJobs(database, { supervise });
}

/**
 * The sending engine of a worker process. On PGlite, fan-out chunks are smaller: the single
 * connection serves API requests between them.
 */
export function engineFor(database: Database, config: Config, logger: GatewayLogger, jobs: Jobs): MessagingEngine {
  setOutboundPolicy({ allowLinkLocal: config.allowLinkLocalOutbound });
  return createMessagingEngine({
    database,
    logger,
    publicUrl: config.publicUrl,
    twilioApiBaseUrl: config.twilioApiBaseUrl,
    allowPrivateWebhooks: config.allowPrivateWebhookUrls,
    jobs,
    options: { ...config.dispatch, fanoutChunk: database.driver === 'pglite' ? 20_000 : 100_000 },
  });
}

/** A readable one-line reason for a start-up failure (the usual one: database unreachable). */
export function describeStartupError(error: unknown, config: Config): string {
  if (error instanceof Error && error.name === 'DataDirectoryLocked') return error.message;
  const code = (error as { code?: string } | undefined)?.code;
  if (config.databaseUrl && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '3D000' || code === '28P01')) {
    const target = config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@');
    return `Cannot use the database at ${target} (${code}): ${(error as Error).message}`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
