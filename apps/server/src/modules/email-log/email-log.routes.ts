import {
  emailLogEntryResponseSchema,
  emailLogIdParamsSchema,
  emailLogListResponseSchema,
  emailLogQuerySchema,
} from '@sms/contracts/email-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentEmailLogEntry } from './email-log.presenter.ts';
import { findEmailLogEntry, listEmailLog } from './email-log.queries.ts';

const tags = ['e-mail log'];
// The log sits with the audit trail: the same cell of the policy, read AuditLog (admins only).
const refusal = 'Only administrators can read the e-mail log.';

/** The e-mail log (/apps/email): every e-mail the product sent or tried, with the SMTP server's answer. */
export const emailLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const entry = recordLoader(async (id) => {
    const row = await findEmailLogEntry(db, Number(id));
    if (!row) throw new NotFound('E-mail not found');
    return row;
  });

  app.get(
    '/api/email-log',
    {
      config: { auth: 'required', can: ['read', 'AuditLog'], refusal },
      schema: {
        tags,
        summary: 'E-mails sent or tried, newest first (admins)',
        description: 'Filters: kind, status (pending, sent, failed), search (part of the recipient). Bodies are left out here.',
        querystring: emailLogQuerySchema,
        response: { 200: emailLogListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listEmailLog(db, request.query);
      return { data: rows.map(presentEmailLogEntry), total };
    },
  );

  app.get(
    '/api/email-log/:id',
    {
      config: { auth: 'required', can: ['read', 'AuditLog'], refusal, load: entry.load },
      schema: {
        tags,
        summary: 'One e-mail of the log, with its body when its kind holds no secret (admins)',
        params: emailLogIdParamsSchema,
        response: { 200: emailLogEntryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = entry.of(request);
      return { entry: { ...presentEmailLogEntry(row), body: row.body } };
    },
  );
};
