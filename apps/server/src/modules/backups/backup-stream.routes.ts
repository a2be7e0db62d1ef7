import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { Unauthenticated } from '../../platform/errors.ts';
import { backupFileName } from './backup-commands.ts';
import { BACKUP_STREAM_PATH, BACKUP_TOKEN_HEADER, tokenMatches } from './backup-endpoint.ts';
import { writeBackup } from './backup-writer.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The embedded server's backup for `npm run backup` on the same machine (the process owns the
 * database files). Only from loopback, only with the token of DATA_DIR/backup-endpoint.json.
 */
export const backupStreamRoutes: FastifyPluginAsyncZod<{ database: Database; token: string }> = async (app, { database, token }) => {
  app.get(
    BACKUP_STREAM_PATH,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['backups'],
        summary: 'A backup of the embedded database, for `npm run backup` on this machine (token of DATA_DIR/backup-endpoint.json)',
        response: { 200: z.unknown().describe('The backup file (gzip)'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // The socket's own address: a proxy's forwarded address must not make a remote call look local.
      const local = LOOPBACK.has(request.socket.remoteAddress ?? '');
      if (!local || !tokenMatches(request.headers[BACKUP_TOKEN_HEADER] as string | undefined, token)) {
        throw new Unauthenticated('A backup token from this machine is required.');
      }
      const body = new PassThrough();
      writeBackup(database, body).catch((error: unknown) => {
        request.log.error({ err: error }, 'backup stream failed');
        body.destroy(error as Error);
      });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${backupFileName()}"`)
        .send(body);
    },
  );
};
