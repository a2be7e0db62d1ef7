import { IMPORT_LIMITS } from '@sms/contracts/imports';
import { ApiError } from '../../../lib/api-error';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** File types the upload accepts (the `accept` attribute and the client-side check). */
export const ACCEPTED_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

export type FileProblem = 'wrongType' | 'tooLarge' | 'empty';

/** Checks a chosen file before sending it: known extension, not empty, within the size limit. */
export function checkFile(file: { name: string; size: number }, maxBytes: number = IMPORT_LIMITS.maxFileBytes): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** The heading shown over a refused upload: by status (400 unreadable, 413 too large, 415 wrong type). */
export function uploadErrorKind(error: unknown): 'invalid' | 'tooLarge' | 'wrongType' | 'other' {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 413) return 'tooLarge';
  if (error.status === 415) return 'wrongType';
  if (error.status === 400 || error.status === 422) return 'invalid';
  return 'other';
}

/** A file size for people: 1.5 MB, 320 KB, 12 B (in the interface language's number format). */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
