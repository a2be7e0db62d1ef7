import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  backupPassphraseSchema,
  backupResultSchema,
  backupScheduleSchema,
  backupsStatusSchema,
  retentionSettingsSchema,
} from '@sms/contracts/data-lifecycle';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { ENCRYPTED_SUFFIX } from './backup-commands.ts';
import { encryptingStream, newBackupKey } from './backup-crypto.ts';
import {
  readBackupEncryption,
  readBackupPassphrase,
  readBackupSettings,
  readRetention,
  saveBackupPassphrase,
  saveBackupSchedule,
  saveRetention,
} from './lifecycle-settings.ts';
import { backUpNow, listBackupFiles } from './scheduled-backups.ts';

const tags = ['backups'];
const ADMINS_ONLY = 'Only administrators can manage backups and retention.';

/** Configurations -> Maintenance: scheduled backups, "Back up now", the latest file, retention (administrators). */
export const backupsRoutes: FastifyPluginAsyncZod<{ database: Database; directory: string }> = async (app, { database, directory }) => {
  const { db } = database;
  const status = async () => ({
    ...(await readBackupSettings(db)),
    encryption: await readBackupEncryption(db),
    directory,
    files: listBackupFiles(directory),
  });

  app.get(
    '/api/backups',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'The backup schedule, the last result and the backup files',
        response: { 200: backupsStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      return status();
    },
  );

  app.put(
    '/api/backups/schedule',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'Set the daily backup (hour in UTC, backups kept)',
        body: backupScheduleSchema,
        response: { 200: backupsStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await db.transaction(async (tx) => {
        await saveBackupSchedule(tx, request.body);
        await recordAudit(tx, { actor, action: 'backup.schedule', subject: 'Settings', ip: request.ip, details: request.body });
      });
      return status();
    },
  );

  app.put(
    '/api/backups/passphrase',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'Set the passphrase backups are encrypted with, or (null) stop encrypting them',
        description:
          'Scheduled backups, "Back up now" and the latest file\'s download are encrypted with it (scrypt, AES-256-GCM). It protects the files off the machine, not the live database; it is kept in the settings and never written into a backup, nor returned by any API. Audited without the passphrase.',
        body: backupPassphraseSchema,
        response: { 200: backupsStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { passphrase } = request.body;
      await db.transaction(async (tx) => {
        await saveBackupPassphrase(tx, passphrase);
        await recordAudit(tx, {
          actor,
          action: 'backup.passphrase',
          subject: 'Settings',
          ip: request.ip,
          details: { encrypted: passphrase !== null },
        });
      });
      return status();
    },
  );

  app.post(
    '/api/backups',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: { tags, summary: 'Back up now (audited)', response: { 200: backupResultSchema, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const actor = currentUser(request);
      return backUpNow(database, directory, actor);
    },
  );

  app.get(
    '/api/backups/latest',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'Download the latest backup file (audited); encrypted when a passphrase is set',
        description: 'A file taken before the passphrase was set is encrypted on the way out.',
        response: {
          200: fileAnswer('The backup file: gzip, or encrypted when a passphrase is set', 'application/gzip', 'application/octet-stream'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const [latest] = listBackupFiles(directory);
      if (!latest) throw new NotFound('There is no backup yet.');
      const passphrase = latest.encrypted ? undefined : await readBackupPassphrase(db);
      const encrypted = latest.encrypted || passphrase !== undefined;
      const name = latest.encrypted || !encrypted ? latest.name : `${latest.name}${ENCRYPTED_SUFFIX}`;
      await recordAudit(db, {
        actor,
        action: 'backup.download',
        subject: 'Settings',
        ip: request.ip,
        details: { file: latest.name, encrypted },
      });
      const file = createReadStream(join(directory, latest.name));
      let body: NodeJS.ReadableStream = file;
      if (passphrase !== undefined) {
        // An older plain file, downloaded while backups are encrypted: it leaves encrypted too.
        const encrypting = encryptingStream(await newBackupKey(passphrase));
        pipeline(file, encrypting).catch(() => {});
        body = encrypting;
      }
      return reply
        .header('content-type', encrypted ? 'application/octet-stream' : 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(body);
    },
  );

  app.get(
    '/api/settings/retention',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'How long old data is kept (days; null = for ever)',
        response: { 200: retentionSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      return readRetention(db);
    },
  );

  app.put(
    '/api/settings/retention',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags,
        summary: 'Set how long old data is kept (audit log: at least 90 days)',
        description: 'Housekeeping applies it every 15 minutes in small batches; reports keep their figures.',
        body: retentionSettingsSchema,
        response: { 200: retentionSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await db.transaction(async (tx) => {
        await saveRetention(tx, request.body);
        await recordAudit(tx, { actor, action: 'settings.retention', subject: 'Settings', ip: request.ip, details: request.body });
      });
      return request.body;
    },
  );
};
