import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, PayloadTooLarge, UnsupportedMediaType, ValidationError } from '../../../platform/errors.ts';
import { deleteImport, insertImport, updateImport, type ImportRow } from '../imports.queries.ts';
import { formatLimit, IMPORT_FILE_FIELD, IMPORT_MESSAGES, type ImportLimits } from '../limits.ts';
import { PREVIEW_HEAD_BYTES, previewCsv, previewXlsx, type PreviewResult } from '../read/preview.ts';
import { ImportFileError } from '../read/table-reader.ts';
import { sniffBytes } from '../read/sniff.ts';
import { CHUNK_BYTES, type UploadSink, type UploadStore } from './upload-store.ts';

const notTabular = () => new UnsupportedMediaType(IMPORT_MESSAGES.notTabular, IMPORT_FILE_FIELD);
const tooLarge = (limits: ImportLimits) =>
  new PayloadTooLarge(`The file must be ${formatLimit(limits.maxFileBytes)} or smaller`, IMPORT_FILE_FIELD);

/** An ImportFileError as the HTTP error the upload answers. */
export function asHttpError(error: unknown): unknown {
  if (!(error instanceof ImportFileError)) return error;
  if (error.statusCode === 415) return notTabular();
  if (error.statusCode === 400) return new ValidationError(IMPORT_FILE_FIELD, error.message);
  return new AppError(error.statusCode, error.message, error.statusCode === 404 ? 'NOT_FOUND' : 'UNPROCESSABLE_FILE', {
    field: IMPORT_FILE_FIELD,
  });
}

/** A file name fit to show: no path, no control characters, at most 255 characters. */
const cleanFileName = (name: string | undefined) =>
  [...basename(name ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255) || 'upload';

/**
 * Receives an upload: streams the file into the upload store (~1 MB at a time) while counting its
 * size, decides what it is from its first bytes (never its name), and builds the preview. Junk is
 * refused before anything is stored; any failure after that removes what was stored.
 */
export async function receiveUpload(
  db: Db,
  uploads: UploadStore,
  request: FastifyRequest,
  actorId: string,
  limits: ImportLimits,
): Promise<{ row: ImportRow; result: PreviewResult }> {
  if (!request.isMultipart())
    throw new UnsupportedMediaType(`Send the file as multipart/form-data in the "${IMPORT_FILE_FIELD}" field`, IMPORT_FILE_FIELD);
  let row: ImportRow | undefined;
  let sink: UploadSink | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxFileBytes, files: 1, fields: 4, fieldSize: 256, parts: 5, headerPairs: 100 },
    });
    let received = false;
    let total = 0;
    const head: Buffer[] = [];
    let headBytes = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let kind: 'csv' | 'xlsx' | undefined;
    let encoding: ReturnType<typeof sniffBytes> | undefined;

    const flush = async (final: boolean) => {
      if (pendingBytes === 0) return;
      const bytes = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      if (!row) {
        const sniffed = sniffBytes(bytes, final);
        if (sniffed.kind === 'binary') throw notTabular();
        if (sniffed.kind === 'empty') throw new ValidationError(IMPORT_FILE_FIELD, IMPORT_MESSAGES.empty);
        encoding = sniffed;
        kind = sniffed.kind === 'zip' ? 'xlsx' : 'csv';
        row = await insertImport(db, {
          fileName: cleanFileName(fileName),
          fileSize: 0,
          format: kind,
          createdBy: actorId,
          encoding: sniffed.kind === 'text' ? sniffed.encoding : null,
        });
        sink = await uploads.create(row.id);
      }
      await sink!.write(bytes);
    };

    let fileName: string | undefined;
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMPORT_FILE_FIELD || received) {
        part.file.resume();
        continue;
      }
      received = true;
      fileName = part.filename;
      try {
        for await (const data of part.file as AsyncIterable<Buffer>) {
          total += data.length;
          if (headBytes < PREVIEW_HEAD_BYTES) {
            head.push(data);
            headBytes += data.length;
          }
          pending.push(data);
          pendingBytes += data.length;
          if (pendingBytes >= CHUNK_BYTES) await flush(false);
        }
      } catch (error) {
        part.file.resume();
        throw error;
      }
      if (part.file.truncated) throw tooLarge(limits);
      await flush(true);
    }
    if (!received) throw new ValidationError(IMPORT_FILE_FIELD, `${IMPORT_FILE_FIELD} is required`);
    if (total === 0 || !row || !encoding) throw new ValidationError(IMPORT_FILE_FIELD, IMPORT_MESSAGES.empty);

    await sink!.finish();
    let result: PreviewResult;
    if (kind === 'xlsx') {
      const file = await uploads.localFile(row.id, total);
      try {
        result = await previewXlsx(file.path, total, undefined, limits);
      } finally {
        await file.release();
      }
      // Other sheets may hold data: the chosen sheet is checked when the import starts.
      if (result.dataRows === 0 && result.preview.sheets.length === 1) throw new ImportFileError(422, IMPORT_MESSAGES.noDataRows);
    } else {
      const complete = total <= headBytes;
      const text = encoding.kind === 'text' ? encoding.encoding : 'utf-8';
      result = await previewCsv(
        Buffer.concat(head).subarray(0, Math.min(headBytes, PREVIEW_HEAD_BYTES)),
        complete && headBytes <= PREVIEW_HEAD_BYTES,
        text,
        limits,
      );
      if (result.dataRows === 0 && complete) throw new ImportFileError(422, IMPORT_MESSAGES.noDataRows);
    }
    const stored = await updateImport(db, row.id, {
      fileSize: total,
      delimiter: result.preview.delimiter,
      sheet: result.preview.sheet,
      options: result.preview.sheets.length ? { sheets: result.preview.sheets } : {},
    });
    return { row: stored ?? row, result };
  } catch (error) {
    await sink?.abort().catch(() => {});
    if (row) await deleteImport(db, row.id).catch(() => {});
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limits);
    if (code === 'FST_FILES_LIMIT') throw new ValidationError(IMPORT_FILE_FIELD, `Send one file only, in the "${IMPORT_FILE_FIELD}" field`);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new ValidationError(IMPORT_FILE_FIELD, 'The upload has too many form fields');
    if (
      error instanceof Error &&
      !(error instanceof AppError) &&
      !(error instanceof ImportFileError) &&
      !('statusCode' in error) &&
      /multipart|Unexpected end of form|Malformed/i.test(error.message)
    ) {
      throw new ValidationError(IMPORT_FILE_FIELD, 'The upload could not be read as multipart/form-data');
    }
    throw asHttpError(error);
  }
}
