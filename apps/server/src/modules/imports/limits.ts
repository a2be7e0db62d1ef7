import { IMPORT_LIMITS } from '@sms/contracts/imports';

export { IMPORT_FILE_FIELD, IMPORT_MESSAGES } from '@sms/contracts/imports';

/** The limits an import runs under: the contract's defaults, optionally lowered (tests) by config. */
export interface ImportLimits {
  maxFileBytes: number;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  xlsxMaxUncompressedBytes: number;
  xlsxMaxRatio: number;
}

/** The defaults with the given overrides applied. */
export function importLimits(overrides: Partial<ImportLimits> = {}): ImportLimits {
  const { previewRows: _previewRows, ...defaults } = IMPORT_LIMITS;
  return { ...defaults, ...overrides };
}

/** "200 MB", "512 KB", "900 bytes": how sizes are written in messages. */
export function formatLimit(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
