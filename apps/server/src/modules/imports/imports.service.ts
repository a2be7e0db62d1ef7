import { Readable } from 'node:stream';
import {
  IMPORT_ERROR_FILE_COLUMNS,
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_TTL_HOURS,
  type ImportMapping,
  type startImportBodySchema,
} from '@sms/contracts/imports';
import { isPhoneCountry } from '@sms/contracts/phone';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { csvCell } from '../../platform/csv.ts';
import { Conflict, ValidationError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { enqueueImport } from './import-job.ts';
import { listRejections, updateImport, type ImportRow } from './imports.queries.ts';
import type { StoredOptions } from './stored-options.ts';
import type { ImportLimits } from './limits.ts';
import { PREVIEW_HEAD_BYTES, previewCsv, previewXlsx, type PreviewResult } from './read/preview.ts';
import type { TextEncodingName } from './read/sniff.ts';
import { asHttpError } from './upload/upload.ts';
import type { UploadStore } from './upload/upload-store.ts';

type StartBody = z.output<typeof startImportBodySchema>;

const expiredConflict = () =>
  new Conflict(`This upload was not started within ${IMPORT_UPLOAD_TTL_HOURS} hours and its file was removed; upload it again`, {
    code: 'IMPORT_EXPIRED',
  });

/** The preview of a stored upload (another sheet of an XLSX, or the CSV again). */
export async function loadPreview(
  uploads: UploadStore,
  row: ImportRow,
  sheet: string | undefined,
  limits: ImportLimits,
): Promise<PreviewResult> {
  if (row.status === 'expired') throw expiredConflict();
  if (row.status !== 'uploaded')
    throw new Conflict('This import has already been started; its preview is gone', { code: 'IMPORT_STARTED' });
  try {
    if (row.format === 'csv') {
      const parts: Uint8Array[] = [];
      let size = 0;
      for await (const { bytes } of uploads.read(row.id, row.fileSize, PREVIEW_HEAD_BYTES)) {
        parts.push(bytes);
        size += bytes.length;
      }
      const head = Buffer.concat(parts).subarray(0, PREVIEW_HEAD_BYTES);
      return await previewCsv(
        head,
        size >= row.fileSize && size <= PREVIEW_HEAD_BYTES,
        (row.encoding ?? 'utf-8') as TextEncodingName,
        limits,
      );
    }
    const file = await uploads.localFile(row.id, row.fileSize);
    try {
      // No sheet asked for: the preview chooses again (the sheet chosen at upload), saying why.
      return await previewXlsx(file.path, row.fileSize, sheet, limits);
    } finally {
      await file.release();
    }
  } catch (error) {
    throw asHttpError(error);
  }
}

/** Checks a mapping: exactly one phone column, each other target at most once, columns in range. */
export function checkMapping(mapping: ImportMapping, maxColumns: number): void {
  const targets = Object.entries(mapping);
  const phones = targets.filter(([, target]) => target === 'phone');
  if (phones.length === 0) throw new ValidationError('mapping', IMPORT_MESSAGES.noPhone);
  if (phones.length > 1) throw new ValidationError('mapping', 'Map only one column to the phone number');
  const seen = new Set<string>();
  for (const [column, target] of targets) {
    if (Number(column) >= maxColumns) throw new ValidationError(`mapping.${column}`, `The file has at most ${maxColumns} columns`);
    if (target === 'ignore') continue;
    const key = target.toLowerCase();
    if (seen.has(key)) throw new ValidationError(`mapping.${column}`, `Two columns are mapped to ${target}; map each field once`);
    seen.add(key);
  }
}

/**
 * Starts an uploaded import: checks the mapping and options, records them, marks the import
 * queued and sends its job. Only an import still in 'uploaded' can start (409 otherwise).
 */
export async function startImport(db: Db, jobs: Jobs, row: ImportRow, body: StartBody, limits: ImportLimits): Promise<ImportRow> {
  if (row.status === 'expired') throw expiredConflict();
  if (row.status !== 'uploaded') throw new Conflict('This import has already been started', { code: 'IMPORT_STARTED' });
  checkMapping(body.mapping, limits.maxColumns);
  const { defaultCountry, onDuplicate, tag, sheet } = body.options;
  if (defaultCountry && !isPhoneCountry(defaultCountry))
    throw new ValidationError('options.defaultCountry', `Unknown country code ${defaultCountry}`);
  const stored = (row.options ?? {}) as StoredOptions;
  if (row.format === 'xlsx' && sheet !== undefined && !(stored.sheets ?? []).includes(sheet))
    throw new ValidationError('options.sheet', `The workbook has no sheet named "${sheet}"`);
  const options: StoredOptions = { ...stored, defaultCountry: defaultCountry ?? null, onDuplicate, tag: tag ?? null };
  const queued = await updateImport(
    db,
    row.id,
    { status: 'queued', mapping: body.mapping, options, ...(row.format === 'xlsx' && sheet !== undefined ? { sheet } : {}) },
    ['uploaded'],
  );
  if (!queued) throw new Conflict('This import has already been started', { code: 'IMPORT_STARTED' });
  try {
    await enqueueImport(jobs, row.id);
  } catch (error) {
    await updateImport(db, row.id, {
      status: 'failed',
      errorMessage: 'The import could not be queued; upload the file again',
      finishedAt: new Date(),
    });
    throw error;
  }
  return queued;
}

/**
 * Asks an import to stop. Not yet running: it is cancelled at once. Running: the job stops before
 * its next batch (the batch being written completes or is not written at all). Finished: 409.
 */
export async function cancelImport(db: Db, uploads: UploadStore, row: ImportRow): Promise<ImportRow> {
  if (row.status === 'uploaded' || row.status === 'queued') {
    const cancelled = await updateImport(db, row.id, { status: 'cancelled', cancelRequested: true, finishedAt: new Date() }, [
      'uploaded',
      'queued',
    ]);
    if (cancelled) {
      // A queued job that starts later finds the import cancelled and leaves it alone.
      await uploads.remove(row.id);
      return cancelled;
    }
  }
  const running = await updateImport(db, row.id, { cancelRequested: true }, ['running']);
  if (running) return running;
  throw new Conflict('This import has already finished', { code: 'IMPORT_FINISHED' });
}

/** The error file: a header, then every rejected row in row order, read in keyset pages. */
export function errorFile(db: Db, importId: string): Readable {
  async function* lines() {
    yield `${IMPORT_ERROR_FILE_COLUMNS.join(',')}\r\n`;
    let after = 0;
    for (;;) {
      const page = await listRejections(db, importId, after, 5000);
      if (page.length === 0) return;
      yield page.map((rejection) => `${rejection.rowNumber},${csvCell(rejection.raw)},${csvCell(rejection.reason)}\r\n`).join('');
      after = page[page.length - 1]!.rowNumber;
    }
  }
  return Readable.from(lines());
}
