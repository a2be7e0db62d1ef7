import closeWithGrace from 'close-with-grace';
import { loadConfigOrExit } from './config.ts';
import { startJobHandlers } from './job-handlers.ts';
import { consoleLogger } from './platform/console-logger.ts';
import { describeStartupError, engineFor, jobsFor, openMigratedDatabase, serveMetrics } from './runtime.ts';

// `npm run worker` (through worker.ts): the job runner alone, for scale-out next to API processes.
// Job handlers are listed in job-handlers.ts.
const config = loadConfigOrExit();

if (!config.databaseUrl) {
  // A PGlite directory belongs to one process; the embedded `npm start` already runs the worker.
  console.error('The worker needs PostgreSQL: set DATABASE_URL. With the embedded database, `npm start` runs the job runner in-process.');
  process.exit(1);
}

const logger = consoleLogger(config.logLevel);

try {
  const database = await openMigratedDatabase(config, logger);
  database.availability.setLogger(logger);
  const stopMetrics = await serveMetrics(config, database);
  const jobs = jobsFor(database, true);
  await jobs.start(logger);
  await startJobHandlers(jobs, database, config, logger);
  const engine = engineFor(database, config, logger, jobs);
  engine.start();
  closeWithGrace({ delay: 15_000 }, async ({ err }) => {
    if (err) console.error('Worker shutting down after an uncaught error:', err);
    await stopMetrics();
    await engine.stop();
    await jobs.stop();
    await database.close();
  });
  console.info('Worker started: job runner and sending engine on PostgreSQL');
} catch (error) {
  console.error(`Worker failed to start: ${describeStartupError(error, config)}`);
  process.exit(1);
}
