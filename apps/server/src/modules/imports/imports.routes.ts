import multipart from '@fastify/multipart';
import {
  IMPORT_FILE_FIELD,
  importIdParamsSchema,
  importListResponseSchema,
  importPreviewQuerySchema,
  importPreviewSchema,
  importResponseSchema,
  importUploadResponseSchema,
  listImportsQuerySchema,
  startImportBodySchema,
} from '@sms/contracts/imports';
import type { FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { presentImport } from './imports.presenter.ts';
import { findImport, listImports } from './imports.queries.ts';
import { cancelImport, errorFile, loadPreview, startImport } from './imports.service.ts';
import { formatLimit, type ImportLimits } from './limits.ts';
import { receiveUpload } from './upload/upload.ts';
import type { UploadStore } from './upload/upload-store.ts';
import { validatorCompiler } from '../../platform/input-rules.ts';

const tags = ['imports'];
const CANNOT_IMPORT = 'Only managers and administrators can import contacts.';

/** The multipart body is read and checked in the handler (streamed); its schema only documents it. */
const multipartValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

/** Loads an import (with its uploader's name) or answers 404. */
async function loadImport(db: Db, id: string) {
  const row = await findImport(db, id);
  if (!row) throw new NotFound('Import not found');
  return row;
}

/** Contacts import: upload with preview, start, progress, cancel, history and error file. */
export const importsRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: Jobs; limits: ImportLimits; uploads: UploadStore }> = async (
  app,
  { db, jobs, limits, uploads },
) => {
  // Scoped to this plugin; the per-request limits are applied where the parts are read.
  await app.register(multipart, { limits: { fileSize: limits.maxFileBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 } });
  /** The import a route acts on, loaded before it is authorized (404 first). */
  const target = recordLoader((id) => loadImport(db, id));

  app.post(
    '/api/contacts/imports',
    {
      config: { auth: 'required', can: ['create', 'Import'], refusal: CANNOT_IMPORT },
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Upload a contacts file (managers and admins)',
        description:
          `CSV/TSV/TXT (delimiter and encoding detected) or XLSX, at most ${formatLimit(limits.maxFileBytes)}, in the multipart field "${IMPORT_FILE_FIELD}". ` +
          'The content decides the format, not the name. Answers the import (status uploaded) and a preview with a suggested mapping. ' +
          '400 empty file, 413 too large, 415 not a CSV or Excel file, 422 no data rows, damaged or zip-bomb XLSX, too many columns.',
        consumes: ['multipart/form-data'],
        body: z.object({ [IMPORT_FILE_FIELD]: z.file() }),
        response: { 201: importUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { row, result } = await receiveUpload(db, uploads, request, actor.id, limits);
      const stored = await loadImport(db, row.id);
      await recordAudit(db, {
        actor,
        action: 'import.upload',
        subject: 'Import',
        subjectId: row.id,
        ip: request.ip,
        details: { fileName: stored.fileName, format: stored.format, fileSize: stored.fileSize },
      });
      return reply.status(201).send({ import: presentImport(stored), preview: result.preview });
    },
  );

  app.get(
    '/api/contacts/imports',
    {
      config: { auth: 'required', can: ['read', 'Import'], refusal: CANNOT_IMPORT },
      schema: {
        tags,
        summary: 'Import history, newest first',
        querystring: listImportsQuerySchema,
        response: { 200: importListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listImports(db, request.query);
      const now = Date.now();
      return { data: rows.map((row) => presentImport(row, now)), total };
    },
  );

  app.get(
    '/api/contacts/imports/:id',
    {
      config: { auth: 'required', can: ['read', 'Import'], refusal: CANNOT_IMPORT, load: target.load },
      schema: {
        tags,
        summary: 'One import: status, counts, timing (poll it for progress)',
        params: importIdParamsSchema,
        response: { 200: importResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return { import: presentImport(target.of(request)) };
    },
  );

  app.get(
    '/api/contacts/imports/:id/preview',
    {
      config: { auth: 'required', can: ['read', 'Import'], refusal: CANNOT_IMPORT, load: target.load },
      schema: {
        tags,
        summary: 'Preview of an uploaded file (XLSX: of the sheet named by ?sheet=)',
        description: 'Only before the import starts: the uploaded file is deleted when its import ends (409 once started).',
        params: importIdParamsSchema,
        querystring: importPreviewQuerySchema,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const row = target.of(request);
      return (await loadPreview(uploads, row, request.query.sheet, limits)).preview;
    },
  );

  app.post(
    '/api/contacts/imports/:id/start',
    {
      config: { auth: 'required', can: ['create', 'Import'], refusal: CANNOT_IMPORT, load: target.load },
      schema: {
        tags,
        summary: 'Start an uploaded import with a column mapping and options',
        description: 'Answers 202 with the queued import; poll GET /api/contacts/imports/{id} for progress. 409 when already started.',
        params: importIdParamsSchema,
        body: startImportBodySchema,
        response: { 202: importResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const row = target.of(request);
      await startImport(db, jobs, row, request.body, limits);
      const { options } = request.body;
      await recordAudit(db, {
        actor,
        action: 'import.start',
        subject: 'Import',
        subjectId: row.id,
        ip: request.ip,
        details: {
          fileName: row.fileName,
          onDuplicate: options.onDuplicate,
          defaultCountry: options.defaultCountry ?? null,
          tag: options.tag ?? null,
        },
      });
      return reply.status(202).send({ import: presentImport(await loadImport(db, row.id)) });
    },
  );

  app.post(
    '/api/contacts/imports/:id/cancel',
    {
      config: { auth: 'required', can: ['update', 'Import'], refusal: CANNOT_IMPORT, load: target.load },
      schema: {
        tags,
        summary: 'Cancel an import',
        description:
          'Not started yet: cancelled at once. Running: stops before its next batch (status becomes cancelled shortly). Finished: 409.',
        params: importIdParamsSchema,
        response: { 200: importResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const row = target.of(request);
      await cancelImport(db, uploads, row);
      await recordAudit(db, {
        actor,
        action: 'import.cancel',
        subject: 'Import',
        subjectId: row.id,
        ip: request.ip,
        details: { fileName: row.fileName, status: row.status },
      });
      return { import: presentImport(await loadImport(db, row.id)) };
    },
  );

  app.get(
    '/api/contacts/imports/:id/errors.csv',
    {
      config: { auth: 'required', can: ['read', 'Import'], refusal: CANNOT_IMPORT, load: target.load },
      schema: {
        tags,
        summary: 'The rejected rows as CSV: row_number, raw, reason',
        description:
          'Streamed. Cells that a spreadsheet would run as a formula (starting with = + - @ tab or CR) are prefixed with an apostrophe.',
        params: importIdParamsSchema,
        response: { 200: fileAnswer('The rejected rows (CSV)', 'text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, typedReply) => {
      const actor = currentUser(request);
      const row = target.of(request);
      await recordAudit(db, {
        actor,
        action: 'import.errors_export',
        subject: 'Import',
        subjectId: row.id,
        ip: request.ip,
        details: { fileName: row.fileName, rejected: row.rejected },
      });
      const reply = typedReply as FastifyReply;
      const name = `${row.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import'}-errors.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(errorFile(db, row.id));
    },
  );
};
