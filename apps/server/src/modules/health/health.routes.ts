import { livenessResponseSchema, readinessResponseSchema, type Readiness } from '@sms/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { pendingMigrationCount } from '../../db/migrate.ts';
import type { Jobs } from '../../platform/jobs.ts';

type Check = Readiness['database'];

/** Runs one readiness check; any exception (or a hang past 3 s) counts as 'error'. */
async function check(probe: () => Promise<Check>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('error'), 3000);
  });
  try {
    return await Promise.race([probe().catch((): Check => 'error'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness probes for load balancers, orchestrators and the smoke test. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; jobs: Jobs }> = async (app, { database, jobs }) => {
  app.get(
    '/api/health',
    { config: { auth: 'public' }, schema: { tags: ['health'], summary: 'Liveness', response: { 200: livenessResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable, migrations applied, job runner started',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      // An outage already known answers at once (the availability probe watches for its end);
      // otherwise a failed ping starts one.
      const databaseCheck: Check = database.availability.available
        ? await check(async () => {
            try {
              await database.ping();
              return 'ok';
            } catch (error) {
              database.availability.failed(error);
              throw error;
            }
          })
        : 'error';
      const [migrations, jobsCheck] = await Promise.all([
        databaseCheck === 'ok'
          ? check(async () => ((await pendingMigrationCount(database.db)) === 0 ? 'ok' : 'pending'))
          : Promise.resolve<Check>('error'),
        check(async () => ((await jobs.healthy()) ? 'ok' : 'error')),
      ]);
      const ready = databaseCheck === 'ok' && migrations === 'ok' && jobsCheck === 'ok';
      const outage = database.availability.current;
      const reason = ready
        ? undefined
        : outage
          ? `Database unavailable since ${outage.since.toISOString()}: ${outage.cause}`
          : databaseCheck !== 'ok'
            ? 'Database did not answer'
            : migrations !== 'ok'
              ? 'Database migrations are not applied'
              : 'Job runner not started';
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        database: databaseCheck,
        migrations,
        jobs: jobsCheck,
        ...(reason ? { reason } : {}),
      });
    },
  );
};
