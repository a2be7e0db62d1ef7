import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { startJobHandlers } from './job-handlers.ts';
import { closeHttp } from './platform/close-http.ts';
import { loggerOptions } from './platform/logger.ts';
import type { MessagingEngine } from './modules/messaging/index.ts';
import { newBackupToken, publishBackupEndpoint } from './modules/backups/index.ts';
import { describeStartupError, engineFor, jobsFor, openMigratedDatabase, serveMetrics } from './runtime.ts';

// `npm start` (through main.ts): the API, the built web app and (unless RUN_WORKER=false) the job
// runner in one process. Scale-out deployments run API-only copies plus `npm run worker`.
const config = loadConfigOrExit();

try {
  const database = await openMigratedDatabase(config);
  // API-only processes still use pg-boss to send jobs; only workers run its maintenance.
  const jobs = jobsFor(database, config.runWorker);
  let engine: MessagingEngine | undefined;
  // Embedded: this process owns the database files, so `npm run backup` asks it (backup-endpoint.ts).
  const backupToken = database.driver === 'pglite' ? newBackupToken() : undefined;
  let unpublish = () => {};
  const app = await buildApp(config, {
    database,
    jobs,
    logger: loggerOptions(config),
    wakeDispatcher: () => engine?.wake(),
    wakeOneOffs: () => engine?.wakeOneOffs(),
    ...(backupToken ? { backupToken } : {}),
  });
  database.availability.setLogger(app.log);
  const stopMetrics = await serveMetrics(config, database);
  await jobs.start(app.log);
  if (config.runWorker) {
    await startJobHandlers(jobs, database, config, app.log);
    engine = engineFor(database, config, app.log, jobs);
    engine.start();
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    // Connections still open after a few seconds are cut, so the database closes within the delay.
    unpublish();
    await closeHttp(app);
    await stopMetrics();
    await engine?.stop();
    await jobs.stop();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (backupToken) {
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    unpublish = publishBackupEndpoint(config.dataDir, {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      token: backupToken,
    });
  }
  const mode = `${database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}${config.runWorker ? ', with job runner' : ', API only'}`;
  console.info(`Listening on ${config.publicUrl ?? `http://localhost:${port}`} (${mode})`);
} catch (error) {
  console.error(`Failed to start: ${describeStartupError(error, config)}`);
  process.exit(1);
}
