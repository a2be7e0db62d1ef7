import {
  adjustmentBodySchema,
  adjustmentParamsSchema,
  createStatementBodySchema,
  statementListQuerySchema,
  statementListResponseSchema,
  statementParamsSchema,
  statementResponseSchema,
} from '@sms/contracts/statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';
import {
  addAdjustment,
  changeAdjustment,
  closeStatement,
  createStatement,
  findStatementOr404,
  listStatementSummaries,
  readStatement,
  removeAdjustment,
} from './statements.service.ts';

const tags = ['statements'];
const CANNOT_READ = 'Only administrators and managers read the statements.';
const CANNOT_CHANGE = 'Only administrators keep, close and adjust statements.';
const CLOSED = 'A closed statement answers 409 STATEMENT_CLOSED: it never changes.';

/** Monthly usage statements (decision 110): list, keep one for a month and scope, read, close, adjust, CSV and PDF. */
export const statementsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The statement a route acts on, loaded before it is authorized (404 first). */
  const statement = recordLoader((id) => findStatementOr404(db, id));
  const answer = async (id: string) => ({ statement: await readStatement(db, await findStatementOr404(db, id)) });

  app.get(
    '/api/statements',
    {
      config: { auth: 'required', can: ['read', 'Statement'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Statements, newest month first, with their totals',
        description: "Open statements' totals are computed now from the messages and the current price table; closed ones are frozen.",
        querystring: statementListQuerySchema,
        response: { 200: statementListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listStatementSummaries(db, request.query),
  );

  app.post(
    '/api/statements',
    {
      config: { auth: 'required', can: ['create', 'Statement'], refusal: CANNOT_CHANGE },
      schema: {
        tags,
        summary: 'Keep the statement of a month for the organisation, an API key or a user',
        description: 'One statement per month and scope: a second answers 409 STATEMENT_EXISTS with `existingId`.',
        body: createStatementBodySchema,
        response: { 201: statementResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const id = await createStatement(db, { actor: currentUser(request), ip: request.ip, body: request.body });
      return reply.status(201).send(await answer(id));
    },
  );

  app.get(
    '/api/statements/:id',
    {
      config: { auth: 'required', can: ['read', 'Statement'], refusal: CANNOT_READ, load: statement.load },
      schema: {
        tags,
        summary: 'A statement: its lines by destination and encoding, its adjustments and total',
        params: statementParamsSchema,
        response: { 200: statementResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ statement: await readStatement(db, statement.of(request)) }),
  );

  app.post(
    '/api/statements/:id/close',
    {
      config: { auth: 'required', can: ['update', 'Statement'], refusal: CANNOT_CHANGE, load: statement.load },
      schema: {
        tags,
        summary: 'Close an ended month: its lines are frozen with the prices used',
        description: `409 STATEMENT_MONTH_NOT_ENDED before the month is over. ${CLOSED}`,
        params: statementParamsSchema,
        response: { 200: statementResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await closeStatement(db, { actor: currentUser(request), ip: request.ip, id: request.params.id });
      return answer(request.params.id);
    },
  );

  app.post(
    '/api/statements/:id/adjustments',
    {
      config: { auth: 'required', can: ['update', 'Statement'], refusal: CANNOT_CHANGE, load: statement.load },
      schema: {
        tags,
        summary: 'Add a credit or a manual charge, with its reason',
        description: CLOSED,
        params: statementParamsSchema,
        body: adjustmentBodySchema,
        response: { 201: statementResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await addAdjustment(db, { actor: currentUser(request), ip: request.ip, id: request.params.id, body: request.body });
      return reply.status(201).send(await answer(request.params.id));
    },
  );

  app.put(
    '/api/statements/:id/adjustments/:adjustmentId',
    {
      config: { auth: 'required', can: ['update', 'Statement'], refusal: CANNOT_CHANGE, load: statement.load },
      schema: {
        tags,
        summary: 'Change an adjustment of an open statement',
        description: CLOSED,
        params: adjustmentParamsSchema,
        body: adjustmentBodySchema,
        response: { 200: statementResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, adjustmentId } = request.params;
      await changeAdjustment(db, { actor: currentUser(request), ip: request.ip, id, adjustmentId, body: request.body });
      return answer(id);
    },
  );

  app.delete(
    '/api/statements/:id/adjustments/:adjustmentId',
    {
      config: { auth: 'required', can: ['update', 'Statement'], refusal: CANNOT_CHANGE, load: statement.load },
      schema: {
        tags,
        summary: 'Remove an adjustment of an open statement',
        description: CLOSED,
        params: adjustmentParamsSchema,
        response: { 200: statementResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, adjustmentId } = request.params;
      await removeAdjustment(db, { actor: currentUser(request), ip: request.ip, id, adjustmentId });
      return answer(id);
    },
  );

  app.get(
    '/api/statements/:id/csv',
    {
      config: { auth: 'required', can: ['export', 'Statement'], refusal: CANNOT_READ, load: statement.load },
      schema: {
        tags,
        summary: 'Download the statement as CSV',
        description:
          'Its lines, adjustments (credits negative) and total. Cells starting with = + - @ tab or CR are prefixed with a quote.',
        params: statementParamsSchema,
        response: { 200: fileAnswer('The statement (CSV)', 'text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const read = await readStatement(db, statement.of(request));
      const file = statementCsv(read, ({ rows, completed }) => {
        recordAudit(db, {
          actor,
          action: 'statement.export',
          subject: 'Statement',
          subjectId: read.id,
          ip: request.ip,
          details: { format: 'csv', rows, completed },
        }).catch((error: unknown) => request.log.error({ err: error }, 'could not audit a statement export'));
      });
      return sendExportFile(reply, file);
    },
  );

  app.get(
    '/api/statements/:id/pdf',
    {
      config: { auth: 'required', can: ['export', 'Statement'], refusal: CANNOT_READ, load: statement.load },
      schema: {
        tags,
        summary: 'Download the statement as PDF',
        params: statementParamsSchema,
        response: { 200: fileAnswer('The statement (PDF)', 'application/pdf'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const read = await readStatement(db, statement.of(request));
      const bytes = await statementPdf(read);
      await recordAudit(db, {
        actor: currentUser(request),
        action: 'statement.export',
        subject: 'Statement',
        subjectId: read.id,
        ip: request.ip,
        details: { format: 'pdf' },
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="statement-${read.month}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
};
