import type { ImportMapping, ImportSummary } from '@sms/contracts/imports';
import { importWarnings } from './import-warnings.ts';
import type { ImportWithCreator } from './imports.queries.ts';
import type { StoredOptions } from './stored-options.ts';

/** Maps an import row to the API's ImportSummary (counts, timing and rate derived here). */
export function presentImport(row: ImportWithCreator, now = Date.now()): ImportSummary {
  const options = (row.options ?? {}) as StoredOptions;
  const started = row.startedAt?.getTime();
  const elapsedMs = started === undefined ? null : Math.max(0, (row.finishedAt?.getTime() ?? now) - started);
  const progress =
    row.status === 'completed'
      ? 100
      : row.status === 'uploaded' || row.status === 'queued'
        ? null
        : Math.min(100, Math.round((row.bytesRead / Math.max(1, row.fileSize)) * 1000) / 10);
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    fileSize: row.fileSize,
    format: row.format,
    counts: { rowsRead: row.rowsRead, created: row.created, updated: row.updated, duplicates: row.duplicates, rejected: row.rejected },
    progress,
    options: row.mapping
      ? {
          mapping: row.mapping as ImportMapping,
          defaultCountry: options.defaultCountry ?? null,
          onDuplicate: options.onDuplicate ?? 'skip',
          tag: options.tag ?? null,
          sheet: row.sheet,
        }
      : null,
    cancelRequested: row.cancelRequested,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    elapsedMs,
    rowsPerSecond: elapsedMs ? Math.round((row.rowsRead / elapsedMs) * 1000) : null,
    createdBy: row.createdBy ? { id: row.createdBy, name: row.creatorName ?? 'Deleted user' } : null,
    errorMessage: row.errorMessage,
    errorsUrl: row.rejected > 0 ? `/api/contacts/imports/${row.id}/errors.csv` : null,
    warnings: importWarnings(row),
  };
}
