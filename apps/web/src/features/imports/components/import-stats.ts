import type { ImportCounts, ImportSummary } from '@sms/contracts/imports';

/** Which wizard step an import belongs on: mapping before it starts, progress while it runs, result after. */
export type ImportStep = 'upload' | 'mapping' | 'progress' | 'result';

export function importStep(summary: Pick<ImportSummary, 'status'> | undefined): ImportStep {
  if (!summary) return 'upload';
  switch (summary.status) {
    case 'uploaded':
      return 'mapping';
    case 'queued':
    case 'running':
      return 'progress';
    default:
      return 'result';
  }
}

/** Rows the outcome accounts for: created + updated + duplicates + rejected. */
export const accountedRows = (counts: ImportCounts): number => counts.created + counts.updated + counts.duplicates + counts.rejected;

/** The import's promise: every row read is created, updated, skipped as duplicate or rejected. */
export const countsAddUp = (counts: ImportCounts): boolean => accountedRows(counts) === counts.rowsRead;

/** Elapsed time as m:ss (h:mm:ss past an hour); null when unknown. */
export function formatElapsed(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Rows per second: the server's figure, else rows read over elapsed time; null when not measurable. */
export function rowsPerSecond(summary: Pick<ImportSummary, 'rowsPerSecond' | 'elapsedMs' | 'counts'>): number | null {
  if (summary.rowsPerSecond !== null && Number.isFinite(summary.rowsPerSecond)) return summary.rowsPerSecond;
  if (!summary.elapsedMs || summary.elapsedMs <= 0) return null;
  return (summary.counts.rowsRead * 1000) / summary.elapsedMs;
}

/** 0-100 for a determinate bar, or null for an indeterminate one (not started, or unknown). */
export function progressPercent(summary: Pick<ImportSummary, 'progress' | 'status'>): number | null {
  if (summary.status === 'completed') return 100;
  if (summary.progress === null || !Number.isFinite(summary.progress)) return null;
  return Math.max(0, Math.min(100, summary.progress));
}

/** How the result screen presents an ended import. */
export type ImportOutcome = 'completed' | 'nothingImported' | 'failed' | 'cancelled' | 'expired';

/** A completed import whose every row was rejected is not a success: nothing reached the contacts. */
export function importOutcome(summary: Pick<ImportSummary, 'status' | 'counts'>): ImportOutcome {
  if (summary.status === 'failed' || summary.status === 'cancelled' || summary.status === 'expired') return summary.status;
  const { counts } = summary;
  return counts.rowsRead > 0 && counts.rejected === counts.rowsRead ? 'nothingImported' : 'completed';
}
