import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { Unauthenticated } from '../../platform/errors.ts';
import { auditBackupFailure, backupFileName } from './backup-commands.ts';
import { BACKUP_FAILURE_PATH, BACKUP_STREAM_PATH, BACKUP_TOKEN_HEADER, tokenMatches } from './backup-endpoint.ts';
import { writeBackup } from './backup-writer.ts';
import { failureReason } from './failure-reason.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const VIA = 'npm run backup';

/** A failure `npm run backup` reports: the file it could not write and why (its own words, already a reason). */
const reportedFailureSchema = z.object({ file: z.string().max(500), error: z.string().max(2000) });

/**
 * The embedded server's backup for `npm run backup` on the same machine (the process owns the
 * database files). Only from loopback, only with the token of DATA_DIR/backup-endpoint.json.
 */
export const backupStreamRoutes: FastifyPluginAsyncZod<{ database: Database; token: string }> = async (app, { database, token }) => {
  // Before validation, as the authentication hook does for the other credentials: a caller without
  // the token learns nothing about the body.
  const checkCaller = async (request: FastifyRequest) => {
    // The socket's own address: a proxy's forwarded address must not make a remote call look local.
    const local = LOOPBACK.has(request.socket.remoteAddress ?? '');
    if (!local || !tokenMatches(request.headers[BACKUP_TOKEN_HEADER] as string | undefined, token)) {
      throw new Unauthenticated('A backup token from this machine is required.');
    }
  };

  app.get(
    BACKUP_STREAM_PATH,
    {
      config: { auth: 'public', credential: 'backupToken' },
      onRequest: checkCaller,
      schema: {
        tags: ['backups'],
        summary: 'A backup of the embedded database, for `npm run backup` on this machine (token of DATA_DIR/backup-endpoint.json)',
        response: { 200: fileAnswer('The backup file (gzip)', 'application/gzip'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const file = backupFileName();
      const body = new PassThrough();
      writeBackup(database, body).catch(async (error: unknown) => {
        // The command went away (it could not write its file, or was stopped): it reports its own cause.
        const readerGone = reply.raw.destroyed;
        body.destroy(error as Error);
        if (readerGone) return;
        request.log.error({ err: error }, 'backup stream failed');
        await auditBackupFailure(database.db, { file, reason: failureReason(error), via: VIA });
      });
      return reply.header('content-type', 'application/gzip').header('content-disposition', `attachment; filename="${file}"`).send(body);
    },
  );

  app.post(
    BACKUP_FAILURE_PATH,
    {
      config: { auth: 'public', credential: 'backupToken' },
      onRequest: checkCaller,
      schema: {
        tags: ['backups'],
        summary: 'Records that `npm run backup` on this machine could not write its file (audited as backup.failed)',
        body: reportedFailureSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await auditBackupFailure(database.db, { file: request.body.file, reason: request.body.error, via: VIA });
      return reply.status(204).send();
    },
  );
};
