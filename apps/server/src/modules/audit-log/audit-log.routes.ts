import { auditLogFilterSchema, auditLogQuerySchema, auditLogResponseSchema } from '@sms/contracts/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { auditLogCsv } from './audit-log-export.ts';
import { presentAuditEntry } from './audit-log.presenter.ts';
import { listAuditEntries } from './audit-log.queries.ts';

const tags = ['audit-log'];

/** The audit log: administrators read and export it (policy subject AuditLog). */
export const auditLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/audit-log',
    {
      config: { auth: 'required', can: ['read', 'AuditLog'], refusal: 'Only administrators can read the audit log.' },
      schema: {
        tags,
        summary: 'Audit entries, newest first (administrators)',
        description:
          'Filters: actor (user id), action (exact, or an area ending with a dot such as "campaign."), subject, from/to (inclusive), search (actor name or email, action, subject id, IP).',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listAuditEntries(db, request.query);
      return { data: rows.map(presentAuditEntry), total };
    },
  );

  app.get(
    '/api/audit-log/export',
    {
      config: { auth: 'required', can: ['export', 'AuditLog'], refusal: 'Only administrators can export the audit log.' },
      schema: {
        tags,
        summary: 'Download the entries of a filter as CSV (streamed, administrators)',
        description: 'Same filters as the list. Cells starting with = + - @ tab or CR are prefixed with a quote.',
        querystring: auditLogFilterSchema,
        response: { 200: fileAnswer('The audit log (CSV)', 'text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const filter = request.query;
      const file = auditLogCsv(db, filter, ({ rows, completed }) => {
        recordAudit(db, {
          actor,
          action: 'audit_log.export',
          subject: 'AuditLog',
          ip: request.ip,
          details: { filter, rows, completed },
        }).catch((error: unknown) => request.log.error({ err: error }, 'could not audit an audit log export'));
      });
      return sendExportFile(reply, file);
    },
  );
};
